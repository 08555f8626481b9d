import { expect, it } from 'vitest'
import { rulesFor } from '../../../../lib/secrets/redact.ts'
import { scanText } from '../../../../lib/secrets/scan.ts'
import { describeSecretHits } from './refusal.ts'

const rules = rulesFor({ home: '/home/alice', hostname: 'alice-laptop' })
// Assembled at run time so this file itself holds no literal secret.
const key = ['sk', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6'].join('-')

it('words a refusal with the file, line, rule, masked excerpt and both ways on', () => {
  const hits = scanText('session.jsonl', `x\n${key}`, rules)
  expect(describeSecretHits(hits, { scenario: 'shout', manifest: 'scenarios/shout/snapshot.yml' })).toBe(
    [
      'secret scan: scenario shout: a possible secret; nothing was written',
      '  session.jsonl:2:1 api-key (an OpenAI/DeepSeek-style API key): sk-a… (35 chars)',
      'Remove it where it came from (the workspace, the prompt, the model script), or add to ' +
        'scenarios/shout/snapshot.yml:',
      '  redact: [{ rule: api-key, token: "{{secret:api-key}}" }]   # replaced alike in logs and goldens',
      '  allow: [{ rule: api-key, file: session.jsonl }]                  # when it is not a secret',
    ].join('\n'),
  )
})
