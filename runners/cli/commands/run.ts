/**
 * `wisp-eval run`: evaluates scenarios under strategies, models and windows, and prints a table (or,
 * with --json, one record per line). All input is checked before anything is written; a new folder's
 * plan is made in ../new-run-folder.ts, and what is printed at the end in ../results-output.ts.
 */
import { availableParallelism } from 'node:os';
import { UsageError } from '../../errors.js';
import { outputError } from '../../io/files.js';
import { INTERRUPT_STATUS, interruptedBy } from '../../io/interrupt.js';
import { executePlan } from '../../matrix/execute-plan.js';
import { writeFolderReport } from '../../matrix/html-report.js';
import { plannedRunIds } from '../../matrix/plan.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { unheldFileWarnings } from '../../../scenarios/named-files.js';
import { failedKept, resumeResults, type ResultsFolder } from '../../recording/results-folder.js';
import { detectSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import type { RunRecord } from '../../../records/run-record.js';
import { writeReports } from '../../../reports/reporters/index.js';
import type { CliIO } from '../io.js';
import { newRunFolder, type NewRunArgs } from '../new-run-folder.js';
import { exitStatusFor, printResults, type ResultsShown } from '../results-output.js';

export interface RunArgs extends NewRunArgs {
  /** Runs at once (default: the machine's cores). */
  jobs?: number;
  /** Finish the results folder an earlier invocation began. */
  resume?: string;
  /** With `resume`: make the failed runs again. */
  retryFailed?: boolean;
  /** --resume: go on although a scenario file changed since the plan was written. */
  acceptChanged?: boolean;
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
    /** What the end shows besides the lines every invocation gets: by default, a row per run. */
    shown?: Omit<ResultsShown, 'json'>;
  },
  io: CliIO,
): Promise<RunRecord[]> {
  try {
    // A step that asks for a file its workspace lacks measures nothing: said before any run.
    for (const ref of new Set(folder.plan.scenarios))
      for (const line of await unheldFileWarnings(await resolveScenario(ref))) io.err(`wisp-eval: ${line}`);
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
    printResults(
      records,
      folder.dir,
      { json: options.json, ...(options.shown ?? { runRows: true, cells: false }) },
      io,
    );
    if (interruptedBy() !== null)
      io.err(
        `interrupted: ${records.length} of ${planned} runs recorded; finish with wisp-eval ${folder.plan.kind} --resume ${folder.dir}`,
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
