/**
 * `describeScenario`: a scenario's matrix as vitest suites. One `describe` per cell (strategy, model,
 * window), one `test` per probe, judged by `probeFailure` and annotated with the reply, the verdict,
 * the evidence and the cell's condensing; then one `whole run` test that fails on a failed run and
 * hands each run to `onRun`, where the matchers of `wisp-eval/vitest/matchers` apply. The runs are
 * made once per suite, before its first test, through the harness's run loop (see scenario-runs.ts).
 */
import { assert, beforeAll, describe, test } from 'vitest';
import { InternalError } from '../../engine/index.js';
import { UsageError } from '../errors.js';
import type { Scenario } from '../../scenarios/schema.js';
import { probeAnnotations, probeFailure, probeMeta, type AbstainAllowance } from './probe-judgement.js';
import {
  cellId,
  makeScenarioRuns,
  planScenario,
  type Cell,
  type ScenarioChoice,
  type ScenarioRun,
  type ScenarioRunOptions,
} from './scenario-runs.js';

/** What `describeScenario` takes besides the scenario. */
export interface DescribeScenarioOptions extends ScenarioRunOptions {
  /** The probes that get a test, by id (default: every probe of the scenario). */
  probes?: readonly string[];
  /** Probes that may abstain without failing: their ids, or `true` for every probe. */
  abstain?: AbstainAllowance;
  /** Called in each cell's `whole run` test with each of its runs: the place for the run's matchers. */
  onRun?: (run: ScenarioRun) => void | Promise<void>;
  /** How long making the suite's runs may take, in milliseconds (default: vitest's hook timeout). */
  timeout?: number;
}

/** The name of each cell's test that checks the run as a whole and calls `onRun`. */
export const WHOLE_RUN_TEST = 'whole run';

/** A cell's suite name: `strategy · model · window`. */
export function cellTitle(cell: Cell): string {
  return `${cell.strategy.name} · ${cell.model} · ${cell.window}`;
}

/**
 * Declares the suites of `scenario` (a built-in's name, a scenario file's path or a `defineScenario`
 * value) under every strategy, model and window of `options`, `runs` times each. The scenario and the
 * matrix are checked when the file is collected; a problem fails the file with one line.
 */
export function describeScenario(scenario: ScenarioChoice, options: DescribeScenarioOptions): void {
  const title = typeof scenario === 'string' ? scenario : scenario.name;
  describe(title, async () => {
    const plan = await planScenario(scenario, options);
    const probes = chosenProbes(plan.scenario.scenario, options);
    let made: Promise<Map<string, ScenarioRun[]>> | undefined;
    const runsOf = async (id: string): Promise<ScenarioRun[]> => {
      made ??= makeScenarioRuns(plan, options.out);
      return (await made).get(id) ?? [];
    };
    for (const cell of plan.cells) {
      const id = cellId(plan.scenario.scenario.name, cell);
      describe(cellTitle(cell), () => {
        let runs: ScenarioRun[] = [];
        beforeAll(async () => {
          runs = await runsOf(id);
          if (runs.length === 0) throw new InternalError(`${id}: no run of this cell was recorded`);
        }, options.timeout);
        for (const probeId of probes) {
          test(probeId, async (context) => {
            const several = runs.length > 1;
            for (const { record, dir } of runs) {
              const prefix = several ? `run ${record.run}: ` : '';
              for (const { type, message } of probeAnnotations(record, probeId, dir))
                await context.annotate(`${prefix}${message}`, type);
            }
            Object.assign(context.task.meta, {
              wispEval: {
                probe: probeId,
                runs: runs.map(({ record, dir }) => probeMeta(record, probeId, dir)),
              },
            });
            const failures = runs
              .map(({ record }) => probeFailure(record, probeId, options.abstain))
              .filter((failure) => failure !== null);
            if (failures.length > 0) assert.fail(failures.join('\n'));
          });
        }
        test(WHOLE_RUN_TEST, async () => {
          const failed = runs.filter(({ record }) => record.status === 'failed');
          if (failed.length > 0)
            assert.fail(
              failed
                .map(({ record }) => `${record.id}: failed: ${record.error?.message ?? 'no error recorded'}`)
                .join('\n'),
            );
          for (const run of runs) await options.onRun?.(run);
        });
      });
    }
  });
}

/** The probes that get a test; a name the scenario lacks is refused. */
export function chosenProbes(scenario: Scenario, options: DescribeScenarioOptions): string[] {
  const all = scenario.steps.flatMap((step) => ('ask' in step ? [step.id] : []));
  const named = [...(options.probes ?? []), ...(Array.isArray(options.abstain) ? options.abstain : [])];
  for (const id of named) {
    if (!all.includes(id))
      throw new UsageError(
        `probe ${id}: scenario ${scenario.name} has no such probe; its probes are ${all.join(', ')}`,
      );
  }
  return options.probes === undefined ? all : all.filter((id) => options.probes?.includes(id));
}
