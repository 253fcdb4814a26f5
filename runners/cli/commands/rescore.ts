/**
 * `wisp-eval rescore DIR [--scenario PATH …] [--out DIR2 | --in-place]`: scores every run of a results
 * folder again from its recorded replies and requests, against the scenarios' expectations as they
 * are now, without calling any model (runners/run/rescore-run.ts), and prints which probes changed
 * verdict in each run. The records and reports go to DIR2 (a copy of the folder), or over DIR's own
 * with --in-place; with neither, nothing is written. The folder's lock is held while it is read, and
 * while the new files are written.
 */
import { cp, readdir, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadRunFiles } from '../../../records/read-run-files.js';
import type { RunRecord } from '../../../records/run-record.js';
import { readRunRecords, RUNS_FILE_NAME } from '../../../records/runs-file.js';
import { resolveScenario } from '../../../scenarios/index.js';
import type { Scenario } from '../../../scenarios/schema.js';
import { UsageError } from '../../errors.js';
import { outputError, writeFileAtomic } from '../../io/files.js';
import { LOCK_FILE, lockFolder, type FolderLock } from '../../recording/lock.js';
import { PLAN_FILE, readPlan } from '../../recording/plan-file.js';
import { rescoreRun, type RescoredRun } from '../../run/rescore-run.js';
import type { CliIO } from '../io.js';
import { writeFolderReports, writeReport } from './run.js';

export interface RescoreArgs {
  dir: string;
  /** Scenarios to score against, by built-in name or file; else each run's scenario as its plan names it. */
  scenario: string[];
  out?: string;
  inPlace: boolean;
}

export async function rescoreCommand(
  args: RescoreArgs,
  io: CliIO,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<number> {
  const { dir } = args;
  if (args.out !== undefined && args.inPlace)
    throw new UsageError('rescore: give --out DIR2 or --in-place, not both');
  if (args.out !== undefined && resolve(args.out) === resolve(dir))
    throw new UsageError(
      `rescore --out ${args.out}: that is the folder itself; give --in-place to rescore it there`,
    );
  // A folder that is not a results folder is refused before its lock is taken (which would make it).
  await readRunRecords(dir);
  const given = await givenScenarios(args.scenario);
  const lock = await lockFolder(dir, 'rescore');
  let rescored: RescoredRun[];
  try {
    rescored = await rescoreFolder(dir, given);
    if (args.inPlace) await writeResults(dir, rescored, io, env);
    if (args.out !== undefined) await copyRescored(dir, args.out, rescored, io, env);
  } finally {
    await lock.release();
  }
  printChanges(rescored, io);
  const where = args.inPlace
    ? `rescored in place: ${dir}`
    : args.out !== undefined
      ? `results: ${args.out}`
      : null;
  io.out(where ?? 'nothing written: give --out DIR2 or --in-place to keep the new records');
  return 0;
}

/** The scenarios given with --scenario, by name; two of one name are refused. */
async function givenScenarios(refs: readonly string[]): Promise<Map<string, Scenario>> {
  const byName = new Map<string, Scenario>();
  for (const ref of refs) {
    const { scenario } = await resolveScenario(ref);
    if (byName.has(scenario.name))
      throw new UsageError(`--scenario ${ref}: scenario ${scenario.name} is given twice`);
    byName.set(scenario.name, scenario);
  }
  return byName;
}

/**
 * Every run of `dir` scored again. A run's scenario is the one given by name, else the one its plan
 * names (a built-in's name or a file), else the built-in of its name.
 */
async function rescoreFolder(dir: string, given: Map<string, Scenario>): Promise<RescoredRun[]> {
  const records = await readRunRecords(dir);
  const planned = existsSync(join(dir, PLAN_FILE)) ? (await readPlan(dir)).scenarios : [];
  const scenarios = new Map(given);
  const scenarioOf = async (record: RunRecord): Promise<Scenario> => {
    const known = scenarios.get(record.scenario);
    if (known !== undefined) return known;
    for (const ref of planned) {
      const { scenario } = await resolveScenario(ref);
      scenarios.set(scenario.name, scenario);
    }
    if (!scenarios.has(record.scenario)) {
      const builtin = await resolveScenario(record.scenario).catch(() => null);
      if (builtin === null)
        throw new UsageError(
          `run ${record.id}: scenario ${record.scenario} is neither built in nor named by the folder's plan; give its file with --scenario`,
        );
      scenarios.set(record.scenario, builtin.scenario);
    }
    return scenarios.get(record.scenario) as Scenario;
  };
  const rescored: RescoredRun[] = [];
  for (const record of records) {
    const scenario = await scenarioOf(record);
    const { audit, calls } = await loadRunFiles(dir, record);
    rescored.push(rescoreRun(scenario, { record, audit, calls }));
  }
  return rescored;
}

/** Writes the new records over `dir`'s runs.jsonl (whole, or not at all), then its reports. */
async function writeResults(
  dir: string,
  rescored: readonly RescoredRun[],
  io: CliIO,
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const records = rescored.map((r) => r.record);
  // As a run appends its record: plain JSON, a line each.
  const lines = records.map((record) => JSON.stringify(record) + '\n').join('');
  await writeFileAtomic(join(dir, RUNS_FILE_NAME), lines);
  await writeFolderReports(dir, records, env);
  await writeReport(dir, io);
}

/**
 * Copies the folder's plan and run folders into `out` (new, or empty), under `out`'s lock, and writes
 * the new records and the reports there.
 */
async function copyRescored(
  dir: string,
  out: string,
  rescored: readonly RescoredRun[],
  io: CliIO,
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const found = await stat(out).catch(() => null);
  if (found !== null) {
    const entries = found.isDirectory() ? (await readdir(out)).filter((name) => name !== LOCK_FILE) : null;
    if (entries === null || entries.length > 0)
      throw new UsageError(`rescore --out ${out}: the folder is not empty; give an empty or a new folder`);
  }
  const lock: FolderLock = await lockFolder(out, 'rescore');
  try {
    for (const name of [PLAN_FILE, 'runs']) {
      if (!existsSync(join(dir, name))) continue;
      await cp(join(dir, name), join(out, name), { recursive: true, errorOnExist: true, force: false }).catch(
        (thrown: unknown) => {
          throw outputError(join(out, name), thrown);
        },
      );
    }
    await writeResults(out, rescored, io, env);
  } finally {
    await lock.release();
  }
}

/** A line for each run: the probes whose verdict changed, or that none did; then the count. */
function printChanges(rescored: readonly RescoredRun[], io: CliIO): void {
  let probes = 0;
  let runs = 0;
  for (const { record, changed } of rescored) {
    if (changed.length === 0) {
      io.out(`${record.id}: no verdict changed`);
      continue;
    }
    probes += changed.length;
    runs += 1;
    const each = changed.map((c) => `${c.probe} ${c.before} -> ${c.after}`).join(', ');
    io.out(`${record.id}: ${each}`);
  }
  const total = rescored.length;
  io.out(
    `rescored ${total} run${total === 1 ? '' : 's'}: ${probes} probe verdict${probes === 1 ? '' : 's'} changed in ${runs} run${runs === 1 ? '' : 's'}`,
  );
}
