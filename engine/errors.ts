/**
 * The project's errors, each with a stable code that callers and tests can check. The command line
 * maps each code's `kind` to an exit status: `input` is 2, `run` is 3.
 */

export type ErrorKind = 'input' | 'run' | 'gate';

export class WispError extends Error {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'WispError';
  }
}

/** A setting name or value that is not allowed. */
export class SettingError extends WispError {
  constructor(message: string) {
    super('SETTING_INVALID', 'input', message);
  }
}

/** A strategy name that no registry knows. */
export class UnknownStrategyError extends WispError {
  constructor(message: string) {
    super('STRATEGY_UNKNOWN', 'input', message);
  }
}

/** A model name that no backend knows. */
export class UnknownModelError extends WispError {
  constructor(message: string) {
    super('MODEL_UNKNOWN', 'input', message);
  }
}

/** Bad command-line input. */
export class UsageError extends WispError {
  constructor(message: string) {
    super('USAGE', 'input', message);
  }
}

/** A model could not be reached or failed in a way that is not an overflow. */
export class ModelFailure extends WispError {
  constructor(message: string) {
    super('MODEL_FAILED', 'run', message);
  }
}

/**
 * Even with earlier turns condensed, the request still overflowed on the one retry: the
 * instructions, the last turn and the request need about `needed` of `window` tokens.
 */
export class DoesNotFitError extends WispError {
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
export class ToolLoopError extends WispError {
  constructor(readonly steps: number) {
    super(
      'TOOL_LOOP_BOUND',
      'run',
      `the model was still calling tools after ${steps} steps; the turn was stopped`,
    );
  }
}

/** Anything thrown, as an Error. */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(typeof thrown === 'string' ? thrown : JSON.stringify(thrown));
}

/** A stable code for anything thrown: its WispError code, or `UNEXPECTED`. */
export function errorCode(thrown: unknown): string {
  return thrown instanceof WispError ? thrown.code : 'UNEXPECTED';
}
