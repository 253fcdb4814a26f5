/**
 * Errors of the reports: a `--fail-if` threshold that cannot be read is bad input (exit 2); a page
 * asset missing from the installed package is a report that cannot be made (exit 3).
 */
import { WispError } from '../engine/index.js';

export type ReportErrorCode = 'THRESHOLD_INVALID' | 'REPORT_ASSET_MISSING';

/** A `--fail-if` threshold outside its grammar; the message names it and says what is allowed. */
export class ThresholdError extends WispError<ReportErrorCode> {
  constructor(message: string) {
    super('THRESHOLD_INVALID', 'input', message);
    this.name = 'ThresholdError';
  }
}

/** The report page's style or script is not where the package keeps it. */
export class ReportAssetError extends WispError<ReportErrorCode> {
  constructor(message: string) {
    super('REPORT_ASSET_MISSING', 'run', message);
    this.name = 'ReportAssetError';
  }
}
