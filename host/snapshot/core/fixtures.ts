// What the pure core judges with: the committed fixtures as text (read by fixtures/expected.ts).

export interface FixtureFile {
  /** Repository-relative path, as messages show it. */
  file: string
  absolute: string
  /** undefined when the file does not exist. */
  text: string | undefined
}

export interface ExpectedFixtures {
  golden: FixtureFile
  logs: FixtureFile[]
  /** True when the logs belong to another scenario (session.source): never rewritten by this one. */
  logsReadOnly: boolean
  /** The class pin's sidecars, when the scenario has a header class. */
  header?: { pin: string; ownsSidecars: { system: boolean; tools: boolean }; system: FixtureFile; tools: FixtureFile }
}
