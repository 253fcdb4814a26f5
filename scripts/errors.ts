/**
 * The scripts' errors: a read-request or paraphrase file that cannot be used is bad input (exit 2);
 * a measurement whose run or page did not come out as the script needs is a failure to carry it
 * out (exit 3). The command line's own codes are runners/errors.ts's `ErrorCode`; `ScriptErrorCode`
 * adds the scripts' to them.
 */
import { WispError } from '../engine/index.js';

export type ScriptErrorCode =
  'READ_REQUESTS_INVALID' | 'PARAPHRASE_INVALID' | 'VERDICTS_INVALID' | 'SCRIPT_FAILED';

/** The read-request file cannot be used. */
export class ReadRequestError extends WispError<ScriptErrorCode> {
  constructor(message: string) {
    super('READ_REQUESTS_INVALID', 'input', message);
    this.name = 'ReadRequestError';
  }
}

/** The paraphrase file does not fit the scenarios it names; the message lists every problem. */
export class ParaphraseError extends WispError<ScriptErrorCode> {
  constructor(message: string) {
    super('PARAPHRASE_INVALID', 'input', message);
    this.name = 'ParaphraseError';
  }
}

/** A list of verdicts (scripts/reader-matrix) cannot be read; the message names the file and line. */
export class VerdictListError extends WispError<ScriptErrorCode> {
  constructor(message: string) {
    super('VERDICTS_INVALID', 'input', message);
    this.name = 'VerdictListError';
  }
}

/** A script's measurement could not be made: a turn failed, or a page lacks what it should show. */
export class ScriptFailure extends WispError<ScriptErrorCode> {
  constructor(message: string) {
    super('SCRIPT_FAILED', 'run', message);
    this.name = 'ScriptFailure';
  }
}
