// What starts every text the scaffold (`dsh new`) leaves for the author to fill in: a recording
// warns while one is left in a scenario's files (core/recording-warnings.ts).
export const PLACEHOLDER = 'TODO:'
