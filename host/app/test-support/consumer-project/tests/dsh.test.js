// Every folder under ../scenarios, replayed against this project's cordis.yml.
import { defineSnapshotSuite } from 'dsh/vitest'

await defineSnapshotSuite({ url: import.meta.url, root: '..', config: '../cordis.yml', scenarios: 'all' })
