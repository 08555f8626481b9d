// Kept only for run/jobs/worker.ts's import (helper "perf" owns run/jobs/ this session): the one run
// entry is ./run.ts. Delete this file once worker.ts imports runScenario from '../run.ts'.
export { runScenario } from './run.ts'
