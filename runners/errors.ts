/**
 * The harness's own errors: bad command-line input, model names no backend knows, a results folder
 * in use or that cannot be written, a saved output that does not read as its format, a request the
 * loopback server cannot read, and a run that a sandbox or a worker thread could not carry out. The
 * snapshots command keeps its errors in runners/gate/errors.ts. `ErrorCode` is
 * the union of every layer's codes, and `errorCode` gives one for anything thrown.
 */
import {
  errorCode as codeOf,
  ModelFailure,
  WispError,
  type EngineErrorCode,
  type UnexpectedCode,
} from '../engine/index.js';
import type { RecordsErrorCode } from '../records/errors.js';
import { NOT_CARRIED_OUT_CODES, REPLAY_FAILED_CODES } from '../records/failed-runs.js';
import type { ReportErrorCode } from '../reports/errors.js';
import type { ScenarioErrorCode } from '../scenarios/errors.js';
import type { StrategyErrorCode } from '../strategies/errors.js';
import type { SnapshotErrorCode } from './gate/errors.js';

export type RunnerErrorCode =
  | 'USAGE'
  | 'MODEL_UNKNOWN'
  | 'OUTPUT_LOCKED'
  | 'OUTPUT_FAILED'
  | 'OUTPUT_STORE_INVALID'
  | 'REQUEST_INVALID'
  | 'SANDBOX_FAILED'
  | 'WORKER_FAILED'
  | 'REPLAY_MISMATCH'
  | 'REPLAY_MISSING';

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

/** A saved output of the output store whose record does not read as its format: bad input (exit 2). */
export class OutputStoreError extends WispError<RunnerErrorCode> {
  constructor(message: string) {
    super('OUTPUT_STORE_INVALID', 'input', message);
    this.name = 'OutputStoreError';
  }
}

/**
 * A request the loopback server cannot read: answered with this message and HTTP `status` (400, or
 * 413 for a body past the server's bound).
 */
export class BadRequest extends WispError<RunnerErrorCode> {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super('REQUEST_INVALID', 'input', message);
    this.name = 'BadRequest';
  }
}

/**
 * A model server's answer longer than the harness reads (`MAX_REPLY_BYTES` of
 * runners/models/reply-bound.ts): the call fails at once, never tried again, and its run is recorded
 * as failed with this message. A model failure, so its code is the engine's `MODEL_FAILED`.
 */
export class ReplyTooLargeError extends ModelFailure {
  constructor(
    readonly where: string,
    readonly limit: number,
  ) {
    super(
      `${where} sent an answer of more than ${limit.toLocaleString('en-US')} bytes, the most a model's ` +
        'reply may take: it was not read further',
    );
    this.name = 'ReplyTooLargeError';
  }
}

/** A sandbox that could not be set up for a run's commands (exit 3). */
export class SandboxError extends WispError<RunnerErrorCode> {
  constructor(message: string) {
    super('SANDBOX_FAILED', 'run', message);
    this.name = 'SandboxError';
  }
}

/** A worker thread that failed a run it was making, or stopped with runs in hand (exit 3). */
export class WorkerError extends WispError<RunnerErrorCode> {
  constructor(message: string) {
    super('WORKER_FAILED', 'run', message);
    this.name = 'WorkerError';
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
export const REPLAY_FAILURE_CODES: ReadonlySet<string> = new Set<ErrorCode>(REPLAY_FAILED_CODES);

/**
 * The codes of a run record's error that mean the run could not be carried out (exit 3): its model
 * failed, its sandbox or its workspace could not serve it, the code broke one of its own rules, or
 * something unexpected was thrown. A turn that did not fit the window or ran past the
 * tool-loop bound is an outcome the evaluation measures, not a run that could not be made. Records
 * carry codes, not classes, so the kind is looked up here rather than recorded.
 */
export const RUN_FAILURE_CODES: ReadonlySet<string> = new Set<ErrorCode>(NOT_CARRIED_OUT_CODES);
