// record-drifted end to end in a scratch project, each scenario a real dsh process: recording
// through the real DeepSeek adapter against the scripted stub endpoint (--stub), then replaying.
// In process: record-drifted.test.ts.
import { describe, it } from 'vitest'
import { recordDriftedCase } from '../test-support/record-drifted-case.ts'
import { recordModesProjectPerTest } from '../test-support/record-modes-project.ts'

const scratch = recordModesProjectPerTest()

describe('--mode record-drifted', () => {
  const title =
    're-records a scenario whose script changed (replay drift), says so first, ' + 'and leaves a green one alone'
  it(`${title} (subprocess)`, () => recordDriftedCase(scratch, true))
})
