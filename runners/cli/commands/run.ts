/**
 * `wisp-eval run`: evaluates scenarios under strategies, models and windows, and prints a table (or,
 * with --json, one record per line). All input is checked before anything is written.
 */
import { whereFailed } from '../../../records/failed-runs.js';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { readRunRecords } from '../../../records/runs-file.js';
import { openCache } from '../../models/cache/answer-cache.js';
import { REPLAY_FAILURE_CODES, RUN_FAILURE_CODES, UsageError } from '../../errors.js';
import { outputError } from '../../io/files.js';
import { INTERRUPT_STATUS, interruptedBy } from '../../io/interrupt.js';
import { parseSetFlag, type SettingOverrides } from '../../../strategies/setting-names.js';
import { checkModelName, checkModelSteps, checkServerOptions, switchedModels } from '../../models/index.js';
import { applyModelSetting, defaultModelSettings, isModelSettingFlag } from '../../models/model-settings.js';
import { executePlan, serverOptionsOf } from '../../matrix/execute-plan.js';
import { writeFolderReport } from '../../matrix/html-report.js';
import { detectSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import {
  applyToolSetting,
  defaultToolSettings,
  isToolSettingFlag,
  type ToolSettings,
} from '../../sandbox/tool-settings.js';
import { newPlan, type PlanFile } from '../../recording/plan-file.js';
import {
  parseShard,
  plannedRunIds,
  resolvePlan,
  resolveStrategyRef,
  scenarioRef,
} from '../../matrix/plan.js';
import {
  createResults,
  failedKept,
  freshFolder,
  resumeResults,
  type ResultsFolder,
} from '../../recording/results-folder.js';
import { sourceHashes } from '../../recording/source-hashes.js';
import { isScenarioFile } from '../../../scenarios/index.js';
import {
  checkRunIds,
  distinctPlan,
  flagSources,
  type Axis,
  type SourceOf,
} from '../../matrix/unique-runs.js';
import { checkFactSubjects } from '../../steps/fact-subjects.js';
import { modelAfterSwitch } from '../../steps/interpret-steps.js';
import type { RunRecord } from '../../../records/run-record.js';
import type { CliIO } from '../io.js';
import { condensingLine } from '../../../reports/condensing.js';
import { TABLE_HEADER, tableRow } from '../../../reports/run-table.js';
import { formatTable } from '../../../reports/text-table.js';
import { writeReports } from '../../../reports/reporters/index.js';

export interface RunArgs {
  scenario: string[];
  strategy: string[];
  model: string[];
  window: number[];
  runs: number;
  set: string[];
  out?: string;
  json: boolean;
  /** Seconds a model call may take. */
  timeout?: number;
  /** Ollama's address, for ollama: models. */
  host?: string[];
  /** The OpenAI-compatible API's base URL, for openai: models. */
  baseUrl?: string;
  /** Runs at once (default: the machine's cores). */
  jobs?: number;
  /** `i/n`: only the i-th of n slices of the runs. */
  shard?: string;
  /** Finish the results folder an earlier invocation began. */
  resume?: string;
  /** With `resume`: make the failed runs again. */
  retryFailed?: boolean;
  /** Answer every model call from this results folder's recording, strictly. */
  replay?: string;
  /** The answer cache server models answer through; false: none (--no-cache). */
  cache?: string | false;
  /** --resume: go on although a scenario file changed since the plan was written. */
  acceptChanged?: boolean;
}

/** The exit status when every run was made but some ended early for the engine's reasons. */
export const ENGINE_ENDED_STATUS = 4;

/**
 * Exit status for a finished invocation: 3 when a run could not be carried out (its model failed,
 * or something unexpected); else 4 when a run ended early for the engine's reasons (its context did
 * not fit the window, its tool loop ran past the bound, ...): recorded as measured, but not a run of
 * the whole scenario; else 0.
 */
export function exitStatusFor(records: readonly RunRecord[]): number {
  const failed = records.filter((r) => r.error !== null);
  if (failed.some((r) => r.error !== null && RUN_FAILURE_CODES.has(r.error.code))) return 3;
  if (failed.some((r) => r.error !== null && REPLAY_FAILURE_CODES.has(r.error.code))) return 1;
  return failed.length > 0 ? ENGINE_ENDED_STATUS : 0;
}

/** The line on stderr that says why the status is 4: how many runs the engine ended, by code. */
export function engineEndedLine(records: readonly RunRecord[]): string | undefined {
  const codes = new Map<string, number>();
  for (const r of records) {
    if (r.error === null || RUN_FAILURE_CODES.has(r.error.code) || REPLAY_FAILURE_CODES.has(r.error.code))
      continue;
    codes.set(r.error.code, (codes.get(r.error.code) ?? 0) + 1);
  }
  if (codes.size === 0) return undefined;
  const count = [...codes.values()].reduce((n, c) => n + c, 0);
  const each = [...codes].map(([code, n]) => `${code}: ${n}`).join(', ');
  return `wisp-eval: ${count} run${count === 1 ? '' : 's'} ended early for the engine's reasons (${each}); their records say where (exit ${ENGINE_ENDED_STATUS})`;
}

export async function runCommand(
  args: RunArgs,
  io: CliIO,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<number> {
  const jobs = jobsOf(args.jobs);
  const sandbox = await commandSandbox(env, io);
  if (args.resume !== undefined && args.replay !== undefined)
    throw new UsageError('--resume DIR replays what its plan says: give --resume or --replay, not both');
  if (args.resume === undefined) noRetryWithoutResume(args.retryFailed);
  const folder =
    args.resume !== undefined
      ? await resumeFolder(args.resume, 'run', io, {
          retryFailed: args.retryFailed ?? false,
          acceptChanged: args.acceptChanged === true,
        })
      : await newRunFolder(args, env);
  // --no-cache: this invocation calls every model, whatever cache the plan names.
  if (args.cache === false) delete folder.plan.modelOptions.cache;
  const records = await finishFolder(folder, { jobs, json: args.json, env, sandbox }, io);
  const signal = interruptedBy();
  return signal !== null ? INTERRUPT_STATUS[signal] : exitStatusFor(records);
}

/**
 * Makes the folder's missing runs, writes its reports and prints its table, then gives the folder's
 * lock back, whatever happened; returns every record of the plan.
 */
export async function finishFolder(
  folder: ResultsFolder,
  options: {
    jobs: number;
    json: boolean;
    env: Readonly<Record<string, string | undefined>>;
    sandbox: Sandbox;
  },
  io: CliIO,
): Promise<RunRecord[]> {
  try {
    const { records, parts, planned } = await executePlan(folder, {
      jobs: options.jobs,
      sandbox: options.sandbox,
      env: options.env,
      progress: io,
      onRecord: (record) => {
        if (options.json) io.out(JSON.stringify(record));
      },
    });
    // A report that cannot be written (GitHub's step summary in a folder that is not there) fails the
    // invocation, but only once report.html and the table are out too.
    const reports = await writeFolderReports(folder.dir, records, options.env).then(
      () => undefined,
      (thrown: unknown) => ({ thrown }),
    );
    await writeReport(folder.dir, io, { records, parts });
    printResults(records, folder.dir, options.json, io);
    if (interruptedBy() !== null)
      io.err(
        `interrupted: ${records.length} of ${planned} runs recorded; finish with wisp-eval run --resume ${folder.dir}`,
      );
    if (reports !== undefined) throw reports.thrown;
    return records;
  } finally {
    await folder.lock.release();
  }
}

/** `--retry-failed` without `--resume` is refused: a new folder has no failed runs. */
export function noRetryWithoutResume(retryFailed: boolean | undefined): false {
  if (retryFailed === true)
    throw new UsageError('--retry-failed makes the failed runs of a results folder again: give --resume DIR');
  return false;
}

/**
 * Opens `dir` to finish it. With `retryFailed` its failed runs are made again; without, the failed
 * runs it keeps are counted in one line on stderr that says how to make them again. With
 * `acceptChanged`, scenario files or a spec that changed since the plan was made do not stop it.
 */
export async function resumeFolder(
  dir: string,
  command: 'run' | 'checkpoint',
  io: CliIO,
  options: { retryFailed: boolean; acceptChanged: boolean },
): Promise<ResultsFolder> {
  const folder = await resumeResults(dir, `${command} --resume`, plannedRunIds, options);
  const kept = failedKept(folder);
  if (kept > 0)
    io.err(
      `wisp-eval: ${dir} keeps ${kept} failed run${kept === 1 ? '' : 's'}; make ${kept === 1 ? 'it' : 'them'} again with wisp-eval ${command} --resume ${dir} --retry-failed`,
    );
  return folder;
}

/** How this invocation's commands will be contained; what is not isolated is said in one line. */
export async function commandSandbox(
  env: Readonly<Record<string, string | undefined>>,
  io: CliIO,
): Promise<Sandbox> {
  const sandbox = await detectSandbox(env);
  if (sandbox.warning !== undefined) io.err(`wisp-eval: warning: ${sandbox.warning}`);
  return sandbox;
}

/** `--jobs`: a whole number of 1 or more; by default the machine's cores. */
export function jobsOf(jobs: number | undefined): number {
  if (jobs === undefined) return availableParallelism();
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new UsageError(`--jobs ${jobs}: give a whole number of 1 or more`);
  return jobs;
}

/** Checks `run`'s input whole, then opens a new results folder with its plan. */
async function newRunFolder(
  args: RunArgs,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ResultsFolder> {
  if (args.scenario.length === 0)
    throw new UsageError('--scenario is required (a name or a .json/.yaml path), or --resume DIR');
  if (!Number.isInteger(args.runs) || args.runs < 1)
    throw new UsageError(`--runs ${args.runs}: give a whole number of 1 or more`);
  for (const w of args.window) {
    if (!Number.isInteger(w) || w < 256)
      throw new UsageError(`--window ${w}: give a whole number of tokens, 256 or more`);
  }
  const timeout = args.timeout ?? 600;
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new UsageError(`--timeout ${timeout}: give the seconds a model call may take, more than 0`);
  const overrides: SettingOverrides = {};
  const modelFlags: string[] = [];
  let tools: ToolSettings | undefined;
  for (const flag of args.set) {
    if (isToolSettingFlag(flag)) {
      tools = applyToolSetting(tools ?? defaultToolSettings(), flag);
      continue;
    }
    if (isModelSettingFlag(flag)) {
      applyModelSetting(defaultModelSettings(), flag);
      modelFlags.push(flag);
      continue;
    }
    const [name, value] = parseSetFlag(flag);
    overrides[name] = value;
  }
  const strategies = args.strategy.map((name) => ({
    name,
    ...(Object.keys(overrides).length > 0 ? { set: overrides as Record<string, unknown> } : {}),
  }));
  const given = newPlan({
    kind: 'run',
    name: '',
    scenarios: args.scenario.map((s) => scenarioRef(s)),
    strategies,
    models: args.model,
    windows: args.window,
    runs: args.runs,
    modelOptions: {
      timeout,
      settings: modelFlags,
      ...(args.host !== undefined && args.host.length > 0 ? { hosts: args.host } : {}),
      ...(args.baseUrl !== undefined ? { baseUrl: args.baseUrl } : {}),
      ...(args.replay !== undefined ? { replay: await replayFolder(args.replay, args.out) } : {}),
      ...(typeof args.cache === 'string' ? { cache: await cacheFolder(args.cache) } : {}),
    },
    ...(tools !== undefined ? { toolOptions: tools } : {}),
    shard: args.shard !== undefined ? parseShard(args.shard) : null,
  });
  const { plan, kept } = distinctPlan(given);
  await checkPlan(plan, env, { kept, sourceOf: flagSources(given) });
  plan.sources = await sourceHashes(plan.scenarios.filter(isScenarioFile));
  const resolved = await resolvePlan(plan);
  plan.name = resolved.scenarios.map((s) => s.scenario.name).join('+');
  const dir = args.out ?? (await freshFolder('results', plan.name));
  return createResults(dir, plan, 'run');
}

/**
 * `--replay DIR`: the results folder as an absolute path, once its runs.jsonl reads (a folder that
 * does not, or is not there, is bad input). It cannot be the folder the runs are written into.
 */
export async function replayFolder(dir: string, out: string | undefined): Promise<string> {
  const path = resolve(dir);
  if (out !== undefined && resolve(out) === path)
    throw new UsageError(
      `--replay ${dir}: the runs cannot be written into the folder they replay; give another --out`,
    );
  await readRunRecords(path);
  return path;
}

/** `--cache DIR`: the folder as an absolute path, made a cache when new or empty (else it must be one). */
export async function cacheFolder(dir: string): Promise<string> {
  const path = resolve(dir);
  await openCache(path);
  return path;
}

/**
 * Checks a plan before anything is written: its strategies, models, model options and fact subjects,
 * and that no two of its cells share a run id (`sources` names where each value came from).
 */
export async function checkPlan(
  plan: PlanFile,
  env: Readonly<Record<string, string | undefined>>,
  sources: { kept: Record<Axis, number[]>; sourceOf: SourceOf },
): Promise<void> {
  const strategies = plan.strategies.map(resolveStrategyRef);
  plan.models.forEach(checkModelName);
  const { scenarios } = await resolvePlan(plan);
  checkRunIds(
    plan,
    scenarios.map((s) => s.scenario.name),
    sources.kept,
    sources.sourceOf,
  );
  for (const { scenario } of scenarios) {
    checkModelSteps(scenario);
    for (const { settings } of strategies) checkFactSubjects(scenario, settings);
  }
  // A model a scenario switches to must be reachable too.
  const switched = scenarios.flatMap(({ scenario }) => switchedModels(scenario));
  const opened = plan.models.flatMap((run) => switched.map((named) => modelAfterSwitch(run, named)));
  checkServerOptions([...plan.models, ...opened], serverOptionsOf(plan.modelOptions, env));
}

/**
 * The reports of every record of the folder (summary.csv, turns.csv, summary.md, junit.xml, and the
 * GitHub step summary when asked for), written while the folder is still locked.
 */
export async function writeFolderReports(
  dir: string,
  records: readonly RunRecord[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  try {
    await writeReports(dir, records, { env });
  } catch (thrown) {
    // The report that failed, GitHub's step summary among them, rather than the folder.
    const path = (thrown as { path?: unknown }).path;
    throw outputError(typeof path === 'string' ? path : dir, thrown);
  }
}

/**
 * Writes the folder's report.html over all of its runs. The runs are recorded whatever happens here,
 * so a report that cannot be written is one line on stderr, not a failed invocation.
 */
export async function writeReport(
  dir: string,
  io: CliIO,
  made?: Parameters<typeof writeFolderReport>[1],
): Promise<void> {
  try {
    await writeFolderReport(dir, made);
  } catch (error) {
    io.err(
      `wisp-eval: ${dir}/report.html not written: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The table (or, under --json, only the folder on stderr) once the runs are done. */
export function printResults(records: readonly RunRecord[], dir: string, json: boolean, io: CliIO): void {
  if (json) {
    io.err(`results: ${dir}`);
    const ended = engineEndedLine(records);
    if (ended !== undefined) io.err(ended);
    for (const line of replayLines(records)) io.err(line);
    return;
  }
  for (const line of formatTable(TABLE_HEADER, records.map(tableRow))) io.out(line);
  const condensing = records.map(condensingLine).filter((line) => line !== null);
  if (condensing.length > 0) io.out('');
  for (const line of condensing) io.out(line);
  for (const r of records.filter((x) => x.error)) {
    if (r.error) io.out(`${r.id}: failed ${whereFailed(r.error)}: ${r.error.message}`);
    for (const line of r.replayMismatch?.diff ?? []) io.out(`  ${line}`);
  }
  io.out(`results: ${dir}`);
  const ended = engineEndedLine(records);
  if (ended !== undefined) io.err(ended);
  for (const line of replayLines(records)) io.err(line);
}

/** A line on stderr for each replayed run that did not match its recording, then what that means. */
export function replayLines(records: readonly RunRecord[]): string[] {
  const failed = records.filter((r) => r.error !== null && REPLAY_FAILURE_CODES.has(r.error.code));
  if (failed.length === 0) return [];
  return [
    ...failed.map((r) => `wisp-eval: ${r.id}: ${r.error?.message}`),
    `wisp-eval: ${failed.length} run${failed.length === 1 ? '' : 's'} did not replay as recorded (exit 1)`,
  ];
}
