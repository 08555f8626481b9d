// Which mode the vitest front end runs in: replay unless DSH_SNAPSHOT says refresh.
import type { RunMode } from '../model/modes.ts'

/**
 * `DSH_SNAPSHOT=replay|refresh` picks the mode; recording is `dsh test --mode record`, which checks for the key or a
 * stub.
 */
export function snapshotMode(value = process.env.DSH_SNAPSHOT): RunMode {
  if (value === undefined || value === '' || value === 'replay') return 'replay'
  if (value === 'refresh') return value
  if (value === 'record')
    throw new Error(
      'DSH_SNAPSHOT=record is not run under vitest: record with npx dsh test <name> --mode record (add --stub to ' +
        'record keylessly)',
    )
  throw new Error(`DSH_SNAPSHOT must be replay or refresh, got "${value}"`)
}
