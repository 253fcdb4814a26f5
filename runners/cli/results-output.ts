/**
 * What the command line prints once a folder's runs are done, and the exit status they give: the
 * table of runs (or, under --json, only the lines stderr must carry), the condensing lines, the runs
 * that failed, the runs the engine ended early and the runs that did not replay as recorded.
 */
import { whereFailed } from '../../records/failed-runs.js';
import type { RunRecord } from '../../records/run-record.js';
import { condensingLine } from '../../reports/condensing.js';
import { TABLE_HEADER, tableRow } from '../../reports/run-table.js';
import { formatTable } from '../../reports/text-table.js';
import { summariseCells } from '../../reports/stats/cells.js';
import { SUMMARY_HEADER, summaryRow } from '../../reports/summary-table.js';
import { REPLAY_FAILURE_CODES, RUN_FAILURE_CODES } from '../errors.js';
import type { CliIO } from './io.js';

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

/** What `printResults` shows besides the lines every invocation gets. */
export interface ResultsShown {
  /** One JSON line a record went to stdout: the rest goes to stderr, tables not at all. */
  json: boolean;
  /** The table of runs, one row each (a checkpoint shows it with --verbose or on a terminal). */
  runRows: boolean;
  /** The table of cells: each cell's means with their 95% intervals (a checkpoint's ending). */
  cells: boolean;
}

/**
 * What is printed once the runs are done: the tables asked for, the condensing lines and the failed
 * runs on stdout (under --json, only the folder and the failures, on stderr), then on stderr the runs
 * the engine ended, the replays that differed and the probes whose evidence never entered their run.
 */
export function printResults(
  records: readonly RunRecord[],
  dir: string,
  shown: ResultsShown,
  io: CliIO,
): void {
  if (shown.json) {
    io.err(`results: ${dir}`);
    for (const line of failureLines(records)) io.err(`wisp-eval: ${line}`);
  } else {
    if (shown.runRows) for (const line of formatTable(TABLE_HEADER, records.map(tableRow))) io.out(line);
    if (shown.cells) {
      if (shown.runRows) io.out('');
      for (const line of cellTableLines(records)) io.out(line);
    }
    const condensing = shown.runRows ? records.map(condensingLine).filter((line) => line !== null) : [];
    if (condensing.length > 0) io.out('');
    for (const line of condensing) io.out(line);
    for (const r of records.filter((x) => x.error)) {
      if (r.error) io.out(`${r.id}: failed ${whereFailed(r.error)}: ${r.error.message}`);
      for (const line of r.replayMismatch?.diff ?? []) io.out(`  ${line}`);
    }
    io.out(`results: ${dir}`);
  }
  const ended = engineEndedLine(records);
  if (ended !== undefined) io.err(ended);
  for (const line of replayLines(records)) io.err(line);
  for (const line of neverEnteredLines(records)) io.err(line);
  for (const line of unreadLines(records)) io.err(line);
}

/** Each run that ended with an error but did not replay differently (those have lines of their own). */
export function failureLines(records: readonly RunRecord[]): string[] {
  return records.flatMap((r) =>
    r.error !== null && !REPLAY_FAILURE_CODES.has(r.error.code)
      ? [`${r.id}: failed ${whereFailed(r.error)}: ${r.error.code}: ${r.error.message}`]
      : [],
  );
}

/**
 * A warning for each run with probes whose evidence no request of the run showed before the question
 * (the model never read the file): counted apart, neither the engine's loss nor the model's miss.
 */
export function neverEnteredLines(records: readonly RunRecord[]): string[] {
  return records.flatMap((r) => {
    const probes = r.probes.filter((p) => p.outcome === 'never-entered').map((p) => p.id);
    if (probes.length === 0) return [];
    const they = probes.length === 1 ? 'its evidence was' : 'their evidence was';
    return [
      `wisp-eval: warning: ${r.id}: never entered: ${probes.join(', ')} (${they} in no request of the run before the question; counted apart, not as the engine's loss)`,
    ];
  });
}

/**
 * A warning for each run in which the model never read files that the steps name and the workspace
 * holds: the files and the steps that ask for them.
 */
export function unreadLines(records: readonly RunRecord[]): string[] {
  return records.flatMap((r) => {
    const unread = r.unreadFiles ?? [];
    if (unread.length === 0) return [];
    const files = unread.map((u) => `${u.path} (named in step ${u.step})`).join(', ');
    return [`wisp-eval: warning: ${r.id}: never read: ${files}, in no tool call of the run`];
  });
}

/** The table of cells: means ± sd over each cell's measured runs, the score's 95% interval, failed runs. */
export function cellTableLines(records: readonly RunRecord[]): string[] {
  return formatTable(SUMMARY_HEADER, summariseCells(records).map(summaryRow));
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
