/**
 * The engine's errors, each with a stable code that callers and tests can check and a kind that says
 * how the failure ends the work: `input` (what was given must change), `run` (the work could not be
 * carried out), `gate` (a check failed). A command line chooses its exit status from the kind. Other
 * modules' errors extend WispError with codes of their own union (runners/errors.ts,
 * strategies/errors.ts, scenarios/errors.ts).
 */

export type ErrorKind = 'input' | 'run' | 'gate';

/** Why the fact store refused an operation. */
export type FactErrorCode = 'FACT_NOT_ALLOWED' | 'FACT_UNKNOWN' | 'FACT_NOT_CURRENT' | 'FACT_INVALID';

/** Every code an error of the engine carries. */
export type EngineErrorCode =
  | 'MODEL_FAILED'
  | 'CONTEXT_DOES_NOT_FIT'
  | 'TOOL_LOOP_BOUND'
  | 'TOOL_NOT_REGISTERED'
  | 'CONTEXT_OVERFLOW'
  | 'WORKSPACE_REFUSED'
  | 'TRANSCRIPT_UNREADABLE'
  | 'RESUME_REFUSED'
  | 'KINDS_INVALID'
  | 'MODEL_ANSWER_INVALID'
  | 'INTERNAL'
  | FactErrorCode;

/** The code `errorCode` gives anything thrown that is not a WispError. */
export type UnexpectedCode = 'UNEXPECTED';

/** The base of every error with a code and a kind; `Code` is the union of the module that throws it. */
// eslint-disable-next-line no-restricted-syntax -- the one class that extends Error
export class WispError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'WispError';
  }
}

/** A model could not be reached or failed in a way that is not an overflow. */
export class ModelFailure extends WispError<EngineErrorCode> {
  constructor(message: string) {
    super('MODEL_FAILED', 'run', message);
  }
}

/**
 * Even with earlier turns condensed, the request still overflowed on the one retry: the
 * instructions, the last turn and the request need about `needed` of `window` tokens.
 */
export class DoesNotFitError extends WispError<EngineErrorCode> {
  constructor(
    readonly needed: number,
    readonly window: number,
  ) {
    super(
      'CONTEXT_DOES_NOT_FIT',
      'run',
      `the request does not fit the model's window: after condensing earlier turns, the instructions, ` +
        `the last turn and this request still take about ${needed} of ${window} tokens; ` +
        `make the request shorter or begin a new conversation`,
    );
  }
}

/** The model kept calling tools past the bound of steps a turn may take. */
export class ToolLoopError extends WispError<EngineErrorCode> {
  constructor(readonly steps: number) {
    super(
      'TOOL_LOOP_BOUND',
      'run',
      `the model was still calling tools after ${steps} steps; the turn was stopped`,
    );
  }
}

/**
 * The model called a tool its request did not register. The first time, the turn is retried with
 * every allowed tool registered; on the retry, the turn fails with this error.
 */
export class UnregisteredToolError extends WispError<EngineErrorCode> {
  constructor(
    readonly tool: string,
    readonly registered: readonly string[],
    readonly retried: boolean,
  ) {
    super(
      'TOOL_NOT_REGISTERED',
      'run',
      `the model called the tool "${tool}", which this request does not register` +
        (retried
          ? ` even after the retry with every allowed tool (${registered.join(', ') || 'none'})`
          : '') +
        '; the turn was stopped',
    );
  }
}

/**
 * A model's answer that is not of the shape its request asked for: a guided value off its schema, or
 * a backend's reply without the fields a reply has. Callers fall back or report the call as failed.
 */
export class AnswerError extends WispError<EngineErrorCode> {
  constructor(message: string) {
    super('MODEL_ANSWER_INVALID', 'run', message);
    this.name = 'AnswerError';
  }
}

/**
 * A rule the code keeps for itself was broken: an entry out of order, a link to nothing, a
 * component used without what it needs. A bug to report, never bad input.
 */
export class InternalError extends WispError<EngineErrorCode> {
  constructor(message: string) {
    super('INTERNAL', 'run', message);
    this.name = 'InternalError';
  }
}

/** Subject kinds (kinds.json, or the settings' changes to them) with a bad field, named in the message. */
export class KindsError extends WispError<EngineErrorCode> {
  constructor(message: string) {
    super('KINDS_INVALID', 'input', message);
    this.name = 'KindsError';
  }
}

/** Why the fact store refused an operation. */
export class FactError extends WispError<FactErrorCode> {
  constructor(code: FactErrorCode, message: string) {
    super(code, 'input', message);
    this.name = 'FactError';
  }
}

/** A transcript that cannot be read at all: nothing can be resumed from it. */
export class TranscriptError extends WispError<EngineErrorCode> {
  constructor(message: string) {
    super('TRANSCRIPT_UNREADABLE', 'input', message);
    this.name = 'TranscriptError';
  }
}

/** The exit status a command line gives a refused resume (EX_USAGE), as the reference does. */
export const RESUME_REFUSED_STATUS = 64;

/**
 * A saved conversation that cannot be taken up: its transcript cannot be read, or its store sidecar
 * is missing, does not decode, is not version 1, or does not match the transcript. Nothing is
 * started. The message is the reference's; `detail` says which of those it was.
 */
export class ResumeRefusedError extends WispError<EngineErrorCode> {
  readonly exitStatus = RESUME_REFUSED_STATUS;
  constructor(
    readonly transcript: string,
    readonly detail: string,
  ) {
    super(
      'RESUME_REFUSED',
      'input',
      `transcript '${transcript}' was saved by an older wisp and cannot be resumed; start a new conversation`,
    );
    this.name = 'ResumeRefusedError';
  }
}

/** Anything thrown, as an Error. */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  // Normalising what was thrown, not throwing: anything that is not an Error becomes one.
  // eslint-disable-next-line no-restricted-syntax
  return new Error(typeof thrown === 'string' ? thrown : JSON.stringify(thrown));
}

/** A stable code for anything thrown: its WispError code, or `UNEXPECTED`. */
export function errorCode(thrown: unknown): string {
  const unexpected: UnexpectedCode = 'UNEXPECTED';
  return thrown instanceof WispError ? thrown.code : unexpected;
}
