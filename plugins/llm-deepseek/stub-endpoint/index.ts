// A DeepSeek-wire stub endpoint for tests and keyless recording (see server.ts, script.ts, builders.ts).
export * from './script.ts'
export * from './server.ts'
export * from './builders.ts'
export * from './token-cut.ts'
