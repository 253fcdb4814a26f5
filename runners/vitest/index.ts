/**
 * `wisp-eval/vitest`: scenarios as vitest suites. `describeScenario` declares a scenario's matrix as
 * suites and tests, its runs made by the harness into a results folder; `wisp-eval/vitest/matchers`
 * adds the matchers for a run as a whole.
 */
export {
  cellTitle,
  describeScenario,
  WHOLE_RUN_TEST,
  type DescribeScenarioOptions,
} from './describe-scenario.js';
export {
  DEFAULT_EVALS_FOLDER,
  type ScenarioChoice,
  type ScenarioRun,
  type ScenarioRunOptions,
  type StrategyChoice,
} from './scenario-runs.js';
export type { AbstainAllowance, ProbeRunMeta } from './probe-judgement.js';
export type { MatcherResult, ScoreFloor } from './matchers.js';
export { defineScenario } from '../../scenarios/schema.js';
export type { RunRecord } from '../../records/run-record.js';
