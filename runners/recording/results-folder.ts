/**
 * A results folder as an invocation holds it: locked while in use, with its plan.json, its runs.jsonl
 * of finished runs, and a folder per finished run. A new folder is made fresh (a default name never
 * collides with another's), and a folder given with --out must be empty or already hold results; a
 * folder being resumed is first cleared of what an interrupted invocation left: a cut-off last line of
 * runs.jsonl, the partial folders of planned runs, the planned runs' folders that no record names, and
 * the harness's own temporary files. Each is found by its exact name, and no link is followed: whatever
 * else a user keeps in the folder stays as it is.
 */
import { lstat, mkdir, readdir, rm, truncate } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_REGULAR, NOT_REGULAR_TEXT, readRegularText } from '../../records/regular-file.js';
import { isFailedRun } from '../../records/failed-runs.js';
import type { RunRecord } from '../../records/run-record.js';
import { parseSourcedRecords, RUNS_FILE_NAME } from '../../records/runs-file.js';
import { UsageError } from '../errors.js';
import { makeFolder, outputError, TEMPORARY_SUFFIX, writeFileAtomic } from '../io/files.js';
import { LOCK_FILE, lockFolder, type FolderLock } from './lock.js';
import { PLAN_FILE, readPlan, type PlanFile } from './plan-file.js';
import { checkSources } from './source-hashes.js';

/**
 * The files an invocation writes at the top of a results folder: its plan, records, lock and reports.
 * Each report is written through `<name>.<pid>.tmp`, so those are the only temporary names it leaves.
 */
const RESULTS_FILES: readonly string[] = [
  PLAN_FILE,
  RUNS_FILE_NAME,
  LOCK_FILE,
  'summary.csv',
  'summary.md',
  'turns.csv',
  'junit.xml',
  'report.html',
];

/** True for a temporary file the harness names `<results file>.<pid>.tmp`. */
function isOwnTemporary(name: string): boolean {
  if (!name.endsWith(TEMPORARY_SUFFIX)) return false;
  const match = /^(.+)\.\d+$/.exec(name.slice(0, -TEMPORARY_SUFFIX.length));
  return match !== null && RESULTS_FILES.includes(match[1] ?? '');
}

/** The suffix of a run's folder while it is being filled. */
export const PARTIAL_SUFFIX = '.partial';

/** An open results folder. */
export interface ResultsFolder {
  dir: string;
  plan: PlanFile;
  /** Records of the runs already finished there, by run id. */
  done: Map<string, RunRecord>;
  lock: FolderLock;
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/**
 * Makes a new folder under `parent` named `<name>-<time>`, or `<name>-<time>-2` and so on when another
 * invocation made that one first: mkdir fails on an existing folder, so two never share one.
 */
export async function freshFolder(parent: string, name: string, now = new Date()): Promise<string> {
  try {
    await makeFolder(parent);
  } catch (thrown) {
    throw outputError(parent, thrown);
  }
  const base = join(parent, `${folderName(name)}-${stamp(now)}`);
  for (let n = 1; ; n++) {
    const dir = n === 1 ? base : `${base}-${n}`;
    try {
      await mkdir(dir);
      return dir;
    } catch (thrown) {
      if ((thrown as NodeJS.ErrnoException).code !== 'EEXIST') throw outputError(dir, thrown);
    }
  }
}

/** The longest name a new results folder takes from its plan, well within a file name's 255 bytes. */
export const FOLDER_NAME_MAX = 80;

/**
 * A plan's name as a folder name: the scenarios' names joined with `+` when they fit, else the first
 * name and how many more (forty scenarios joined made a name too long for the file system).
 */
export function folderName(name: string): string {
  if (Buffer.byteLength(name) <= FOLDER_NAME_MAX) return name;
  const parts = name.split('+');
  const first = parts[0] ?? '';
  const rest = parts.length > 1 ? `+${parts.length - 1}-more` : '';
  return `${first.slice(0, FOLDER_NAME_MAX - rest.length)}${rest}`;
}

/** How many of a folder's entries a refusal names before it says how many more there are. */
const NAMED_ENTRIES = 5;

/**
 * Opens a new results folder for `plan`. `dir` may be missing or empty; a folder that already holds
 * results (plan.json or runs.jsonl) is sent to --resume, and one that holds anything else is refused,
 * so that no file of the user's is written over or removed.
 */
export async function createResults(dir: string, plan: PlanFile, command: string): Promise<ResultsFolder> {
  if (existsSync(dir) && !(await isFolder(dir))) throw outputError(dir, { code: 'EEXIST' });
  // The lock is the harness's own: a stale one is taken over below, a live one refuses the folder.
  const entries = existsSync(dir) ? (await readdir(dir)).filter((name) => name !== LOCK_FILE).sort() : [];
  if (entries.length > 0 && !entries.includes(PLAN_FILE) && !entries.includes(RUNS_FILE_NAME)) {
    const named = entries.slice(0, NAMED_ENTRIES).join(', ');
    const more = entries.length > NAMED_ENTRIES ? ` and ${entries.length - NAMED_ENTRIES} more` : '';
    throw new UsageError(
      `--out ${dir}: the folder is not empty and holds no results (${named}${more}); give an empty or a new folder`,
    );
  }
  const lock = await lockFolder(dir, command);
  try {
    if (existsSync(join(dir, RUNS_FILE_NAME)) || existsSync(join(dir, PLAN_FILE))) {
      throw new UsageError(
        `--out ${dir}: the folder already holds results; choose another, or finish them with --resume ${dir}`,
      );
    }
    await writeFileAtomic(join(dir, PLAN_FILE), JSON.stringify(plan, null, 2) + '\n');
    return { dir, plan, done: new Map(), lock };
  } catch (thrown) {
    await lock.release();
    throw thrown;
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    await readdir(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens a results folder to finish it: its plan, its finished runs, and nothing half-written. With
 * `retryFailed`, the records of failed runs (`isFailedRun`) are taken out of runs.jsonl and their
 * folders removed, so that those runs are made again and their new records replace the old.
 */
export async function resumeResults(
  dir: string,
  command: string,
  plannedRunIds: PlannedRuns,
  options: { acceptChanged?: boolean; retryFailed?: boolean } = {},
): Promise<ResultsFolder> {
  if (!(await isFolder(dir))) throw new UsageError(`--resume ${dir}: no such results folder`);
  const plan = await readPlan(dir);
  await checkSources(dir, plan, options.acceptChanged ?? false);
  const lock = await lockFolder(dir, command);
  try {
    const planned = await plannedRunIds(plan);
    const done = await finishedRuns(dir, options.retryFailed ?? false);
    await clearLeftovers(dir, done, planned);
    return { dir, plan, done, lock };
  } catch (thrown) {
    await lock.release();
    throw thrown;
  }
}

/**
 * The records of runs.jsonl by id; a cut-off last line (the process was killed mid-write) is cut away.
 * With `dropFailed`, the lines of failed runs are taken out of the file and out of the records.
 */
async function finishedRuns(dir: string, dropFailed: boolean): Promise<Map<string, RunRecord>> {
  const path = join(dir, RUNS_FILE_NAME);
  const done = new Map<string, RunRecord>();
  if (!existsSync(path)) return done;
  const text = await readRegularText(path).catch((thrown: NodeJS.ErrnoException) => {
    if (thrown.code === NOT_REGULAR) throw new UsageError(`${path}: ${NOT_REGULAR_TEXT}`);
    throw thrown;
  });
  const whole = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  if (whole.length !== text.length) await truncate(path, Buffer.byteLength(whole));
  // Every record kept is checked as `report` checks it: a line that is not one is bad input (exit 2).
  const sourced = parseSourcedRecords(whole, path);
  for (const { record } of sourced) done.set(record.id, record);
  if (!dropFailed) return done;
  const failed = new Set([...done.values()].filter(isFailedRun).map((r) => r.id));
  if (failed.size === 0) return done;
  for (const id of failed) done.delete(id);
  const lines = whole.split('\n');
  const kept = sourced.filter(({ record }) => !failed.has(record.id)).map(({ line }) => lines[line - 1]);
  await writeFileAtomic(path, kept.map((line) => `${line}\n`).join(''));
  return done;
}

/** How many of a resumed folder's records are of failed runs, kept as they are. */
export function failedKept(folder: ResultsFolder): number {
  return [...folder.done.values()].filter(isFailedRun).length;
}

/** The ids of every run a plan names, whichever shard makes it: what the matrix works out. */
export type PlannedRuns = (plan: PlanFile) => Promise<ReadonlySet<string>>;

/**
 * Removes what an interrupted invocation left and no finished run owns: the partial folders of planned
 * runs, the folders of planned runs that no record names, and the harness's temporary files at the
 * top of the folder. Entries are matched by exact name and never followed: a link in their place is
 * removed as a link, and anything else under the folder is the user's and stays.
 */
async function clearLeftovers(
  dir: string,
  done: ReadonlyMap<string, RunRecord>,
  planned: ReadonlySet<string>,
): Promise<void> {
  const runs = join(dir, 'runs');
  if (existsSync(runs) && (await lstat(runs)).isDirectory()) {
    for (const name of await readdir(runs)) {
      const partialOf = name.endsWith(PARTIAL_SUFFIX) ? name.slice(0, -PARTIAL_SUFFIX.length) : undefined;
      const owned = partialOf !== undefined ? planned.has(partialOf) : planned.has(name) && !done.has(name);
      if (owned) await removeEntry(join(runs, name));
    }
  }
  for (const name of await readdir(dir)) {
    if (isOwnTemporary(name)) await removeEntry(join(dir, name));
  }
}

/** Removes one entry without following it: a folder with what it holds, a link or file by itself. */
async function removeEntry(path: string): Promise<void> {
  const found = await lstat(path).catch(() => undefined);
  if (found === undefined) return;
  await rm(path, { recursive: found.isDirectory(), force: true });
}
