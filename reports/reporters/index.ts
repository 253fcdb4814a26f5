/**
 * The reporters by name, and writeReports: what an invocation calls when it ends (and `report` when
 * it combines folders). Each file is written whole, through a temporary name and a rename.
 */
import { constants } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { toError } from '../../engine/index.js';
import type { RunRecord } from '../../records/run-record.js';
import { byCell } from '../stats/cells.js';
import { githubSummaryReporter } from './github-summary.js';
import { junitReporter } from './junit.js';
import type { ReportFile, Reporter } from './reporter.js';
import { summaryCsvReporter } from './summary-csv.js';
import { summaryMarkdownReporter } from './summary-md.js';
import { turnsCsvReporter } from './turns-csv.js';

export type { ReportContext, ReportFile, Reporter } from './reporter.js';

/** Every reporter, by name. */
export const REPORTERS = {
  'summary-csv': summaryCsvReporter,
  'turns-csv': turnsCsvReporter,
  'summary-md': summaryMarkdownReporter,
  junit: junitReporter,
  'github-summary': githubSummaryReporter,
} satisfies Record<string, () => Reporter>;

export type ReporterName = keyof typeof REPORTERS;

/** The reporters an invocation runs unless told otherwise: all of them. */
export const DEFAULT_REPORTERS = Object.keys(REPORTERS) as ReporterName[];

/** Writes a file whole: a temporary file beside it, then a rename over it. */
export async function writeWhole(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, content, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Writes one reporter file as it asks: whole, or appended in one write. */
export async function writeReportFile(file: ReportFile): Promise<void> {
  try {
    if (file.mode === 'append') await appendToRegularFile(file.path, file.content);
    else await writeWhole(file.path, file.content);
  } catch (thrown) {
    // The report's own path, not a temporary one: the caller names it in its message.
    throw Object.assign(toError(thrown), { path: file.path });
  }
}

/**
 * Appends to a file that must be a regular one (GitHub's step summary): it is opened without waiting,
 * so a FIFO or a device named there is refused rather than blocking the invocation, or written to.
 */
async function appendToRegularFile(path: string, content: string): Promise<void> {
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK;
  const handle = await open(path, flags, 0o666).catch((thrown: NodeJS.ErrnoException) => {
    // ENXIO: a FIFO nobody reads; it is no file either way.
    if (thrown.code === 'ENXIO') throw notRegular(path);
    throw thrown;
  });
  try {
    if (!(await handle.stat()).isFile()) throw notRegular(path);
    await handle.appendFile(content, 'utf8');
  } finally {
    await handle.close();
  }
}

function notRegular(path: string): Error {
  // eslint-disable-next-line no-restricted-syntax -- a system error of its own kind, read by its code as the file system's are
  return Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTREGULAR', path });
}

export interface WriteReportsOptions {
  /** The environment; `GITHUB_STEP_SUMMARY` there gets the Markdown summary appended. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Which reporters; all of them by default. */
  reporters?: readonly ReporterName[];
}

/**
 * Writes the reports of `records` into the results folder `dir` (summary.csv, turns.csv,
 * summary.md, junit.xml, and GitHub's step summary when the environment names one) and returns the
 * paths written, in order. The records should be every record of the folder, not one invocation's.
 */
export async function writeReports(
  dir: string,
  records: readonly RunRecord[],
  options: WriteReportsOptions = {},
): Promise<string[]> {
  const context = { dir, env: options.env ?? {} };
  // One order whatever order the runs finished or the folders were read in, so a folder's reports
  // and those of its shards combined are the same.
  const ordered = [...records].sort(byCell);
  const files = (options.reporters ?? DEFAULT_REPORTERS).flatMap((name) =>
    REPORTERS[name]().finish(ordered, context),
  );
  for (const file of files) await writeReportFile(file);
  return files.map((f) => f.path);
}
