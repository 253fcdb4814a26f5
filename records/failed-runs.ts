/**
 * Which runs failed: a run that could not be carried out (its model or its sandbox failed, or
 * something unexpected was thrown) or that did not replay as recorded. Such a run measures nothing
 * of its cell: it is left out of every mean, interval and paired test and counted apart, and
 * `--resume DIR --retry-failed` makes it again. A run the engine ended early (its request did not fit
 * the window, its tool loop ran past the bound) is a measurement and counts like any other.
 */
import type { RunRecord } from './run-record.js';

/** The error codes of a run that could not be carried out. */
export const NOT_CARRIED_OUT_CODES = [
  'MODEL_FAILED',
  'SANDBOX_FAILED',
  'WORKSPACE_REFUSED',
  'INTERNAL',
  'UNEXPECTED',
] as const;

/** The error codes of a replayed run whose requests differ from its recording, or that has none. */
export const REPLAY_FAILED_CODES = ['REPLAY_MISMATCH', 'REPLAY_MISSING'] as const;

const FAILED: ReadonlySet<string> = new Set<string>([...NOT_CARRIED_OUT_CODES, ...REPLAY_FAILED_CODES]);

/** True for a run that failed: it could not be carried out, or did not replay as recorded. */
export function isFailedRun(record: Pick<RunRecord, 'error'>): boolean {
  return record.error !== null && FAILED.has(record.error.code);
}

/** `records` without the failed runs: those every figure is taken over. */
export function measuredRuns<R extends Pick<RunRecord, 'error'>>(records: readonly R[]): R[] {
  return records.filter((record) => !isFailedRun(record));
}

/** Where a run's error struck, in words: `at turn 7`, or `before its first turn`. */
export function whereFailed(error: Pick<NonNullable<RunRecord['error']>, 'turn'>): string {
  return error.turn === null ? 'before its first turn' : `at turn ${error.turn}`;
}
