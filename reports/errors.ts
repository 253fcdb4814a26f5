/** Errors of the reports: a `--fail-if` threshold that cannot be read is bad input (exit 2). */
import { WispError } from '../engine/index.js';

export type ReportErrorCode = 'THRESHOLD_INVALID';

/** A `--fail-if` threshold outside its grammar; the message names it and says what is allowed. */
export class ThresholdError extends WispError<ReportErrorCode> {
  constructor(message: string) {
    super('THRESHOLD_INVALID', 'input', message);
    this.name = 'ThresholdError';
  }
}
