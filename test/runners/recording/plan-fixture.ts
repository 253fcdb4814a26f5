/** The plan of a `run` of codename under dropping on the reader at 8,192 tokens, as tests of results folders use it. */
import { newPlan, type PlanFile } from '../../../runners/recording/plan-file.js';

/** That plan, making each run `runs` times. */
export function codenamePlan(runs = 1): PlanFile {
  return newPlan({
    kind: 'run',
    name: 'codename',
    scenarios: ['codename'],
    strategies: [{ name: 'dropping' }],
    models: ['reader'],
    windows: [8192],
    runs,
    modelOptions: { timeout: 60, settings: [] },
    shard: null,
  });
}
