/**
 * The reporter interface. Runners emit events (a run ended; the invocation finished) and reporters
 * present them. A reporter says what to write and never writes itself: `finish` returns files, and
 * writeReports writes them, each whole, so every reporter is a pure function of the records and
 * can be tested without a disk.
 */
import type { RunRecord } from '../../records/run-record.js';

export interface ReportContext {
  /** The results folder the reports go into. */
  dir: string;
  /** The environment the invocation runs in: `GITHUB_STEP_SUMMARY` names GitHub's step summary. */
  env: Readonly<Record<string, string | undefined>>;
}

/** A file a reporter asks for. */
export interface ReportFile {
  /** Where: in the results folder, or (GitHub's step summary) a path the environment gives. */
  path: string;
  content: string;
  /**
   * `replace` writes the file whole through a temporary name and a rename; `append` adds the content
   * to the end of a file someone else owns, in one write.
   */
  mode: 'replace' | 'append';
}

export interface Reporter {
  /** Its name in REPORTERS. */
  readonly name: string;
  /** Called as each run ends, for a reporter that shows runs as they come. */
  onRun?(record: RunRecord): void;
  /** The files presenting every record of the results folder. */
  finish(records: readonly RunRecord[], context: ReportContext): ReportFile[];
}
