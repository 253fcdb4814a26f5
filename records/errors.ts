/**
 * The errors of reading saved formats back: a results folder that cannot be read, and a run's call
 * files (messages.jsonl, requests.jsonl, audit.jsonl) that do not read as their format says. Both are
 * bad input (exit 2), and each names the file, and the line where there is one.
 */
import { join } from 'node:path';
import { WispError } from '../engine/index.js';

/** Every code an error of records/ carries. */
export type RecordsErrorCode =
  'RESULTS_MISSING' | 'RESULTS_MALFORMED' | 'RESULTS_CONFLICT' | 'CALLS_FILE_INVALID';

/** The codes of a results folder that cannot be read. */
export type ResultsErrorCode = Exclude<RecordsErrorCode, 'CALLS_FILE_INVALID'>;

/** A results folder that cannot be read: missing, without runs.jsonl, malformed, or in conflict. */
export class ResultsError extends WispError<RecordsErrorCode> {
  constructor(code: ResultsErrorCode, message: string) {
    super(code, 'input', message);
    this.name = 'ResultsError';
  }
}

/**
 * A file of a run's calls that cannot be read, or does not read as the format says: named with its
 * line, or with line null when the file itself cannot be read.
 */
export class CallsFileError extends WispError<RecordsErrorCode> {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly problem: string,
    /** Whether the file is not there at all (a run that failed before writing it), not unreadable. */
    readonly options: { missing?: boolean } = {},
  ) {
    super('CALLS_FILE_INVALID', 'input', `${file}: ${line === null ? '' : `line ${line}: `}${problem}`);
    this.name = 'CallsFileError';
  }

  /** Whether the file is missing rather than unreadable or malformed. */
  get missing(): boolean {
    return this.options.missing === true;
  }

  /** The same error, its file named by its path under `dir`. */
  under(dir: string): CallsFileError {
    return new CallsFileError(join(dir, this.file), this.line, this.problem, this.options);
  }
}
