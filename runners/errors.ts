/**
 * The harness's own errors: bad command-line input and model names no backend knows. Both are bad
 * input (exit 2). The snapshots command keeps its errors in runners/gate/errors.ts. `ErrorCode` is
 * the union of every layer's codes, and `errorCode` gives one for anything thrown.
 */
import {
  errorCode as codeOf,
  WispError,
  type EngineErrorCode,
  type UnexpectedCode,
} from '../engine/index.js';
import type { RecordsErrorCode } from '../records/errors.js';
import type { ReportErrorCode } from '../reports/errors.js';
import type { ScenarioErrorCode } from '../scenarios/errors.js';
import type { StrategyErrorCode } from '../strategies/errors.js';
import type { SnapshotErrorCode } from './gate/errors.js';

export type RunnerErrorCode =
  'USAGE' | 'MODEL_UNKNOWN' | 'OUTPUT_LOCKED' | 'OUTPUT_FAILED' | 'REPLAY_MISMATCH' | 'REPLAY_MISSING';

/** Every code an error of wisp-eval carries, layer by layer, and the code of anything else thrown. */
export type ErrorCode =
  | EngineErrorCode
  | RecordsErrorCode
  | ScenarioErrorCode
  | StrategyErrorCode
  | ReportErrorCode
  | RunnerErrorCode
  | SnapshotErrorCode
  | UnexpectedCode;

/**
 * The code of anything thrown: a WispError's own, or `UNEXPECTED`. Every WispError of the harness is
 * thrown with a code of its layer's union, so the code is one of `ErrorCode`.
 */
export function errorCode(thrown: unknown): ErrorCode {
  return codeOf(thrown) as ErrorCode;
}

/** Bad command-line input. */
export class UsageError extends WispError<RunnerErrorCode> {
  constructor(message: string) {
    super('USAGE', 'input', message);
  }
}

/** A model name that no backend knows. */
export class UnknownModelError extends WispError<RunnerErrorCode> {
  constructor(message: string) {
    super('MODEL_UNKNOWN', 'input', message);
  }
}

/** A results folder another invocation is using. */
export class OutputLockedError extends WispError<RunnerErrorCode> {
  constructor(message: string) {
    super('OUTPUT_LOCKED', 'input', message);
  }
}

/** The results could not be written: a full disk, a folder that is read-only or not a folder. */
export class OutputError extends WispError<RunnerErrorCode> {
  constructor(message: string) {
    super('OUTPUT_FAILED', 'run', message);
  }
}

/**
 * A replayed call whose request is not the one recorded at its place, or a call past the end of the
 * recording: the run stops there. A gate's failure, like a differing snapshot (exit 1).
 */
export class ReplayMismatchError extends WispError<RunnerErrorCode> {
  constructor(message: string) {
    super('REPLAY_MISMATCH', 'gate', message);
    this.name = 'ReplayMismatchError';
  }
}

/** A replayed run whose id the recording does not hold: it has nothing to answer with (exit 1). */
export class ReplayMissingError extends WispError<RunnerErrorCode> {
  constructor(message: string) {
    super('REPLAY_MISSING', 'gate', message);
    this.name = 'ReplayMissingError';
  }
}

/** The codes of a run record's error that mean a replay failed: the gate failed (exit 1). */
export const REPLAY_FAILURE_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'REPLAY_MISMATCH',
  'REPLAY_MISSING',
]);

/**
 * The codes of a run record's error that mean the run could not be carried out (exit 3): its model
 * failed, or something unexpected was thrown. A turn that did not fit the window or ran past the
 * tool-loop bound is an outcome the evaluation measures, not a run that could not be made. Records
 * carry codes, not classes, so the kind is looked up here rather than recorded.
 */
export const RUN_FAILURE_CODES: ReadonlySet<string> = new Set<ErrorCode>(['MODEL_FAILED', 'UNEXPECTED']);
