/**
 * `wisp-eval checkpoint SPEC`: runs a checkpoint spec's matrix into a results folder of its own, with
 * the spec's plan recorded so `--resume DIR` finishes it, and checks its gate: exit 1 when a cell's
 * mean falls outside a bound. All input is checked before anything is written.
 */
import { stat } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isScenarioFile } from '../../../scenarios/index.js';
import { parseDataText } from '../../../scenarios/data-text.js';
import { sourceHashes } from '../../recording/source-hashes.js';
import { readScenarioBytes, scenarioMaxBytes } from '../../../scenarios/scenario-bytes.js';
import type { RunRecord } from '../../../records/run-record.js';
import { runFigures, type Figure } from '../../../reports/stats/run-figures.js';
import { checkpointSchema, type Checkpoint, type GateRule } from '../../matrix/checkpoint-spec.js';
import { UsageError } from '../../errors.js';
import { describeUnknownKey, firstUnknownKey } from '../../../scenarios/unknown-keys.js';
import { ScenarioError } from '../../../scenarios/errors.js';
import { newPlan, type PlanFile, type StrategyRef } from '../../recording/plan-file.js';
import { parseShard, resolvePlan, scenarioRef } from '../../matrix/plan.js';
import { createResults, freshFolder } from '../../recording/results-folder.js';
import { isFailedRun } from '../../../records/failed-runs.js';
import { INTERRUPT_STATUS, interruptedBy } from '../../io/interrupt.js';
import { distinctPlan, specSources } from '../../matrix/unique-runs.js';
import type { CliIO } from '../io.js';
import { cacheFolder, checkPlan, replayFolder } from '../new-run-folder.js';
import { exitStatusFor } from '../results-output.js';
import { commandSandbox, finishFolder, jobsOf, noRetryWithoutResume, resumeFolder } from './run.js';

export interface CheckpointArgs {
  spec?: string;
  out?: string;
  resume?: string;
  shard?: string;
  jobs?: number;
  json: boolean;
  /** With `resume`: make the failed runs again. */
  retryFailed?: boolean;
  /** Answer every model call from this results folder's recording, strictly. */
  replay?: string;
  /** The answer cache server models answer through; false: none (--no-cache). */
  cache?: string | false;
  /** --resume: go on although the spec or a scenario file changed since the plan was written. */
  acceptChanged?: boolean;
  /** Print a row per run before the cells' table, as a terminal that shows progress does anyway. */
  verbose?: boolean;
}

/**
 * Reads a spec file: YAML, JSON, or a TypeScript or JavaScript module whose default export is the
 * spec. A YAML or JSON spec is read as a scenario file is: a regular file only (checked before any
 * read), within the scenario size limit, UTF-8 throughout, parsed with the same strictness.
 */
export async function loadCheckpoint(
  path: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<Checkpoint> {
  let value: unknown;
  const ext = extname(path).toLowerCase();
  try {
    const kind = await stat(path);
    if (!kind.isFile() && !kind.isDirectory())
      throw new UsageError(`${path}: not a regular file (a FIFO, a device or a socket)`);
    if (ext === '.ts' || ext === '.mts' || ext === '.js' || ext === '.mjs') {
      const url = pathToFileURL(resolve(path)).href;
      const module = (
        ext === '.ts' || ext === '.mts'
          ? await (await import('tsx/esm/api')).tsImport(url, import.meta.url)
          : await import(url)
      ) as { default?: unknown; checkpoint?: unknown };
      value = module.default ?? module.checkpoint;
      // A module read as CommonJS (no "type": "module" near it) nests its default export once more.
      if (typeof value === 'object' && value !== null && 'default' in value && !('name' in value))
        value = (value as { default: unknown }).default;
    } else if (ext === '.json' || ext === '.yaml' || ext === '.yml') {
      const maxBytes = scenarioMaxBytes(env);
      if (typeof maxBytes === 'string') throw new UsageError(maxBytes);
      const read = await readScenarioBytes(path, maxBytes);
      if ('problem' in read)
        throw new UsageError(`${path}: ${read.problem.replace('a scenario file', 'a spec')}`);
      value = parseDataText(path, read.text);
    } else {
      throw new UsageError(`${path}: a checkpoint spec is a .yaml, .yml, .json or .ts file`);
    }
  } catch (thrown) {
    if (thrown instanceof UsageError) throw thrown;
    if (thrown instanceof ScenarioError) throw new UsageError(thrown.message);
    const code = (thrown as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : (thrown as Error).message.split('\n')[0];
    throw new UsageError(`${path}: cannot read the checkpoint spec: ${why}`);
  }
  // A key the spec format does not have is named as unknown, before the schema calls another missing.
  const unknown = firstUnknownKey(checkpointSchema, value);
  if (unknown !== undefined)
    throw new UsageError(`${path}: ${unknown.path.join('.') || 'spec'}: ${describeUnknownKey(unknown)}`);
  const parsed = checkpointSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `${path}: ${issue?.path.join('.') || 'spec'}: ${issue?.message ?? 'not a checkpoint spec'}`,
    );
  }
  return parsed.data;
}

/** The plan of a spec; scenario files are found from the spec's folder. */
export function planOf(spec: Checkpoint, specPath: string, shard: PlanFile['shard']): PlanFile {
  const base = dirname(resolve(specPath));
  const scenarios = spec.scenarios.map((s) => scenarioRef(s, base));
  const strategies: StrategyRef[] = spec.strategies.map((entry) =>
    typeof entry === 'string'
      ? { name: entry }
      : {
          name: entry.name,
          ...(entry.label ? { label: entry.label } : {}),
          ...(entry.set ? { set: entry.set } : {}),
        },
  );
  return newPlan({
    kind: 'checkpoint',
    name: spec.name,
    scenarios,
    strategies,
    models: spec.models,
    windows: spec.windows,
    runs: spec.runs,
    modelOptions: { timeout: 600, settings: [] },
    shard,
    gate: spec.gate,
  });
}

/** A gate metric's value on one measured run; `failed` is counted over the cell instead. */
const METRIC: Readonly<Record<Exclude<GateRule['metric'], 'failed'>, Figure>> = {
  correct: 'correct',
  wrong: 'wrong',
  abstained: 'abstained',
  delivered: 'delivered',
  missed: 'missed',
  'not-delivered': 'not-delivered',
  'never-entered': 'never-entered',
  alarm: 'alarm',
  truncated: 'truncated',
  calls: 'calls',
  tokens: 'tokens',
  condensations: 'condensations',
  time: 'time',
  modelCalls: 'calls',
};

/** A cell's value of a rule's metric: the mean over its measured runs, or its failed runs' count. */
function cellValue(metric: GateRule['metric'], runs: readonly RunRecord[]): number | null {
  if (metric === 'failed') return runs.filter(isFailedRun).length;
  const values = runs
    .filter((r) => !isFailedRun(r))
    .map((r) => runFigures(r)[METRIC[metric]])
    .filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * The gate's failures: one line for each cell whose value is outside a bound of a rule that covers
 * it. The means leave failed runs out; a failed run fails the invocation on its own (exit 3), and
 * `failed` bounds how many there were.
 */
export function gateFailures(rules: readonly GateRule[], records: readonly RunRecord[]): string[] {
  const cells = new Map<string, RunRecord[]>();
  for (const record of records) {
    const key = `${record.scenario} ${record.strategy} ${record.model} ${record.window}`;
    cells.set(key, [...(cells.get(key) ?? []), record]);
  }
  const failures: string[] = [];
  for (const rule of rules) {
    for (const [cell, runs] of cells) {
      const first = runs[0];
      if (!first) continue;
      if (rule.scenario !== undefined && first.scenario !== rule.scenario) continue;
      if (rule.strategy !== undefined && first.strategy !== rule.strategy) continue;
      const value = cellValue(rule.metric, runs);
      if (value === null) continue;
      const what = rule.metric === 'failed' ? 'failed runs' : `mean ${rule.metric}`;
      const shown = Number(value.toFixed(2));
      if (rule.min !== undefined && value < rule.min)
        failures.push(`gate: ${cell}: ${what} ${shown} is below ${rule.min}`);
      if (rule.max !== undefined && value > rule.max)
        failures.push(`gate: ${cell}: ${what} ${shown} is above ${rule.max}`);
    }
  }
  return failures;
}

/** The gate's result in one line: `gate: passed, 6 rules`, or how many breaches it found. */
export function gateLine(rules: number, breaches: number): string {
  const ruleCount = `${rules} rule${rules === 1 ? '' : 's'}`;
  if (rules === 0) return 'gate: none (the spec bounds no figure)';
  if (breaches === 0) return `gate: passed, ${ruleCount}`;
  return `gate: failed, ${breaches} breach${breaches === 1 ? '' : 'es'} of ${ruleCount}`;
}

/**
 * Each gate rule names a scenario and a strategy the spec runs: a rule for one it does not run would
 * gate nothing, and the gate would pass unseen.
 */
export async function checkGateRules(spec: Checkpoint, plan: PlanFile, specPath: string): Promise<void> {
  const { scenarios, strategies } = await resolvePlan(plan);
  const scenarioNames = scenarios.map((s) => s.scenario.name);
  const strategyNames = strategies.map((s) => s.name);
  spec.gate.forEach((rule, index) => {
    if (rule.scenario !== undefined && !scenarioNames.includes(rule.scenario))
      throw new UsageError(
        `${specPath}: gate.${index}.scenario: '${rule.scenario}' is not a scenario the spec runs (${scenarioNames.join(', ')})`,
      );
    if (rule.strategy !== undefined && !strategyNames.includes(rule.strategy))
      throw new UsageError(
        `${specPath}: gate.${index}.strategy: '${rule.strategy}' is not a strategy the spec runs (${strategyNames.join(', ')})`,
      );
  });
}

export async function checkpointCommand(
  args: CheckpointArgs,
  io: CliIO,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<number> {
  const jobs = jobsOf(args.jobs);
  const sandbox = await commandSandbox(env, io);
  let folder;
  if (args.resume !== undefined) {
    if (args.spec !== undefined) throw new UsageError('give a spec or --resume DIR, not both');
    if (args.replay !== undefined)
      throw new UsageError('--resume DIR replays what its plan says: give --resume or --replay, not both');
    folder = await resumeFolder(args.resume, 'checkpoint', io, {
      retryFailed: args.retryFailed ?? false,
      acceptChanged: args.acceptChanged === true,
    });
  } else {
    noRetryWithoutResume(args.retryFailed);
    if (args.spec === undefined)
      throw new UsageError('name the checkpoint spec (a .yaml, .json or .ts file), or --resume DIR');
    const spec = await loadCheckpoint(args.spec, env);
    const given = planOf(spec, args.spec, args.shard !== undefined ? parseShard(args.shard) : null);
    const { plan, kept } = distinctPlan(given);
    if (args.replay !== undefined) plan.modelOptions.replay = await replayFolder(args.replay, args.out);
    if (typeof args.cache === 'string') plan.modelOptions.cache = await cacheFolder(args.cache);
    await checkPlan(plan, env, { kept, sourceOf: specSources(args.spec, given) });
    await checkGateRules(spec, plan, args.spec);
    plan.sources = await sourceHashes([...plan.scenarios.filter(isScenarioFile), resolve(args.spec)]);
    const dir = args.out ?? (await freshFolder('results', spec.name));
    folder = await createResults(dir, plan, 'checkpoint');
  }
  if (args.cache === false) delete folder.plan.modelOptions.cache;
  // The end is the cells' table; a row per run only when asked, or where progress showed the runs.
  const runRows = args.verbose === true || io.status !== undefined;
  const shown = { runRows, cells: true };
  const records = await finishFolder(folder, { jobs, json: args.json, env, sandbox, shown }, io);
  // Interrupted: the gate waits for the runs that are missing.
  const signal = interruptedBy();
  if (signal !== null) return INTERRUPT_STATUS[signal];
  const rules = (folder.plan.gate ?? []) as GateRule[];
  const failures = gateFailures(rules, records);
  for (const line of failures) io.err(line);
  const verdict = gateLine(rules.length, failures.length);
  if (args.json) io.err(verdict);
  else io.out(verdict);
  // A run that could not be made (3) outranks a failed gate (1), which outranks runs the engine ended (4).
  const status = exitStatusFor(records);
  if (status === 3) return 3;
  return failures.length > 0 ? 1 : status;
}
