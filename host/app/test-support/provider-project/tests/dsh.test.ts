// Every scenario of this project, replayed against its own profile (TypeScript provider included).
import { defineSnapshotSuite } from 'dsh/vitest'

await defineSnapshotSuite({ url: import.meta.url, root: '..', config: '../cordis.yml', scenarios: 'all' })
