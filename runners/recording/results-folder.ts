/**
 * A results folder as an invocation holds it: locked while in use, with its plan.json, its runs.jsonl
 * of finished runs, and a folder per finished run. A new folder is made fresh (a default name never
 * collides with another's); a folder being resumed is first cleared of what an interrupted invocation
 * left: a cut-off last line of runs.jsonl, partial run folders, temporary files, and run folders that
 * no record names.
 */
import { mkdir, readdir, readFile, rm, truncate } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RunRecord } from '../../records/run-record.js';
import { RUNS_FILE_NAME } from '../../records/runs-file.js';
import { UsageError } from '../errors.js';
import { makeFolder, outputError, TEMPORARY_SUFFIX, writeFileAtomic } from '../io/files.js';
import { lockFolder, type FolderLock } from './lock.js';
import { PLAN_FILE, readPlan, type PlanFile } from './plan-file.js';

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
  const base = join(parent, `${name}-${stamp(now)}`);
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

/** Opens a new results folder for `plan`: `dir` must hold no results yet. */
export async function createResults(dir: string, plan: PlanFile, command: string): Promise<ResultsFolder> {
  if (existsSync(dir) && !(await isFolder(dir))) throw outputError(dir, { code: 'EEXIST' });
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

/** Opens a results folder to finish it: its plan, its finished runs, and nothing half-written. */
export async function resumeResults(dir: string, command: string): Promise<ResultsFolder> {
  if (!(await isFolder(dir))) throw new UsageError(`--resume ${dir}: no such results folder`);
  const plan = await readPlan(dir);
  const lock = await lockFolder(dir, command);
  try {
    const done = await finishedRuns(dir);
    await clearLeftovers(dir, done);
    return { dir, plan, done, lock };
  } catch (thrown) {
    await lock.release();
    throw thrown;
  }
}

/** The records of runs.jsonl by id; a cut-off last line (the process was killed mid-write) is cut away. */
async function finishedRuns(dir: string): Promise<Map<string, RunRecord>> {
  const path = join(dir, RUNS_FILE_NAME);
  const done = new Map<string, RunRecord>();
  if (!existsSync(path)) return done;
  const text = await readFile(path, 'utf8');
  const whole = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  if (whole.length !== text.length) await truncate(path, Buffer.byteLength(whole));
  whole.split('\n').forEach((line, index) => {
    if (line === '') return;
    try {
      const record = JSON.parse(line) as RunRecord;
      done.set(record.id, record);
    } catch {
      throw new UsageError(`${path}: line ${index + 1} is not a run record; the folder cannot be resumed`);
    }
  });
  return done;
}

/** Removes what no finished run owns: partial and unrecorded run folders, temporary files. */
async function clearLeftovers(dir: string, done: ReadonlyMap<string, RunRecord>): Promise<void> {
  const runs = join(dir, 'runs');
  if (existsSync(runs)) {
    for (const name of await readdir(runs)) {
      if (name.endsWith(PARTIAL_SUFFIX) || !done.has(name))
        await rm(join(runs, name), { recursive: true, force: true });
    }
  }
  for (const path of await readdir(dir, { recursive: true })) {
    if (path.endsWith(TEMPORARY_SUFFIX)) await rm(join(dir, path), { force: true });
  }
}
