/**
 * The runs behind a scenario suite: what `describeScenario` was given, checked as `run` checks its
 * flags, then made through the harness's own run loop (`executeRuns`) into a fresh results folder, with
 * its runs.jsonl, its run folders and its reports, so that `wisp-eval report`, `html` and `inspect` read
 * it as they read any other.
 */
import { resolve } from 'node:path';
import type { RunRecord } from '../../records/run-record.js';
import { isScenarioFile, resolveScenario } from '../../scenarios/index.js';
import { checkScenario, validateScenario, type LoadedScenario } from '../../scenarios/load.js';
import type { Scenario } from '../../scenarios/schema.js';
import { resolveStrategyRef } from '../matrix/plan.js';
import { executeRuns, expandPlan, runFolder, type InvocationPlan } from '../matrix/invocation.js';
import { writeFolderReport } from '../matrix/html-report.js';
import { checkModelName, checkModelSteps, DEFAULT_TIMEOUT_MS, serverModelFactory } from '../models/index.js';
import { freshFolder } from '../recording/results-folder.js';
import { runId, type RunSpec } from '../run/run-spec.js';
import { checkFactSubjects } from '../steps/fact-subjects.js';
import { UsageError } from '../errors.js';
import type { ResolvedStrategy } from '../../strategies/index.js';
import { writeReports } from '../../reports/reporters/index.js';

/** A strategy by name, or by name with setting overrides under a label of its own (as a checkpoint spec). */
export type StrategyChoice = string | { name: string; label?: string; set?: Record<string, unknown> };

/** The matrix a scenario suite runs, and where. */
export interface ScenarioRunOptions {
  strategies: readonly StrategyChoice[];
  /** The models (default: the reader). */
  models?: readonly string[];
  windows: readonly number[];
  /** Runs of each cell (default 1). */
  runs?: number;
  /** Setting overrides for every strategy, as `--set key=value` gives them. */
  set?: Record<string, unknown>;
  /**
   * The folder under which each suite's results folder is made (`<scenario>-<time>`); by default
   * `node_modules/.vite/vitest/wisp-eval`, in vitest's cache, under the folder vitest runs in.
   */
  out?: string;
  /** The folder a `defineScenario` value's workspace is relative to (default: the working folder). */
  dir?: string;
}

/** The default parent of the results folders, inside vitest's cache folder. */
export const DEFAULT_EVALS_FOLDER = 'node_modules/.vite/vitest/wisp-eval';

/** One run of a cell, made: its record and where its files are. */
export interface ScenarioRun {
  record: RunRecord;
  /** The results folder of the whole suite. */
  results: string;
  /** This run's folder in it (`runs/<id>`). */
  dir: string;
}

/** One cell of the matrix: a strategy, a model and a window, for the suite's scenario. */
export interface Cell {
  strategy: ResolvedStrategy;
  model: string;
  window: number;
}

/** The suite's plan, checked: the scenario and each cell, in the order `run` makes them. */
export interface ScenarioPlan {
  scenario: LoadedScenario;
  cells: Cell[];
  runs: number;
}

/** A scenario as `describeScenario` takes it: a built-in's name, a file's path, or a scenario value. */
export type ScenarioChoice = string | Scenario;

/** Loads the scenario and checks the matrix whole, before any run; a problem is a one-line WispError. */
export async function planScenario(
  scenario: ScenarioChoice,
  options: ScenarioRunOptions,
): Promise<ScenarioPlan> {
  const loaded = await loadScenario(scenario, options.dir);
  const runs = options.runs ?? 1;
  if (!Number.isInteger(runs) || runs < 1)
    throw new UsageError(`runs ${runs}: give a whole number of 1 or more`);
  if (options.strategies.length === 0) throw new UsageError('strategies: give at least one strategy');
  if (options.windows.length === 0) throw new UsageError('windows: give at least one window');
  for (const w of options.windows) {
    if (!Number.isInteger(w) || w < 256)
      throw new UsageError(`window ${w}: give a whole number of tokens, 256 or more`);
  }
  const models = options.models ?? ['reader'];
  models.forEach(checkModelName);
  checkModelSteps(loaded.scenario);
  const strategies = options.strategies.map((choice) => {
    const ref = typeof choice === 'string' ? { name: choice } : choice;
    const set = { ...(options.set ?? {}), ...(ref.set ?? {}) };
    const strategy = resolveStrategyRef({ ...ref, ...(Object.keys(set).length > 0 ? { set } : {}) });
    checkFactSubjects(loaded.scenario, strategy.settings);
    return strategy;
  });
  const cells: Cell[] = [];
  for (const strategy of strategies)
    for (const model of models) for (const window of options.windows) cells.push({ strategy, model, window });
  const ids = new Set(cells.map((cell) => cellId(loaded.scenario.name, cell)));
  if (ids.size < cells.length)
    throw new UsageError('two cells of the matrix share a run id: give each strategy, model and window once');
  return { scenario: loaded, cells, runs };
}

async function loadScenario(scenario: ScenarioChoice, dir: string | undefined): Promise<LoadedScenario> {
  if (typeof scenario === 'string') {
    return resolveScenario(isScenarioFile(scenario) ? resolve(scenario) : scenario);
  }
  const loaded = {
    scenario: validateScenario(scenario, `scenario ${scenario.name}`),
    dir: resolve(dir ?? '.'),
    source: 'describeScenario',
  };
  await checkScenario(loaded);
  return loaded;
}

/** A cell's name as its run ids begin: `<scenario>.<strategy>.<model>.w<window>`. */
export function cellId(scenario: string, cell: Cell): string {
  return runId({ ...cell, scenario, run: 0 }).replace(/\.r0$/, '');
}

/**
 * Makes every run of the plan, one at a time, into a fresh results folder under `out`, then writes its
 * reports (summary.csv, summary.md, turns.csv, junit.xml and report.html). Gives each cell's runs, by
 * cell id, in run order. A run that fails is a record with status `failed`, as on the command line.
 */
export async function makeScenarioRuns(
  plan: ScenarioPlan,
  out: string = DEFAULT_EVALS_FOLDER,
): Promise<Map<string, ScenarioRun[]>> {
  const { scenario } = plan;
  const invocation: InvocationPlan = {
    scenarios: [{ scenario: scenario.scenario, dir: scenario.dir }],
    strategies: [...new Map(plan.cells.map((cell) => [cell.strategy.name, cell.strategy])).values()],
    models: [...new Set(plan.cells.map((cell) => cell.model))],
    windows: [...new Set(plan.cells.map((cell) => cell.window))],
    runs: plan.runs,
  };
  const specs: RunSpec[] = expandPlan(invocation);
  const results = resolve(await freshFolder(out, scenario.scenario.name));
  const records = await executeRuns(specs, results, {
    createModel: serverModelFactory({ timeoutMs: DEFAULT_TIMEOUT_MS, env: {} }),
  });
  await writeReports(results, records, { env: {} });
  await writeFolderReport(results);
  const byId = new Map(records.map((record) => [record.id, record]));
  const byCell = new Map<string, ScenarioRun[]>();
  for (const spec of specs) {
    const record = byId.get(runId({ ...spec, scenario: scenario.scenario.name }));
    if (record === undefined) continue;
    const id = cellId(scenario.scenario.name, spec);
    byCell.set(id, [...(byCell.get(id) ?? []), { record, results, dir: runFolder(results, spec) }]);
  }
  return byCell;
}
