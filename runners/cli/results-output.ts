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
