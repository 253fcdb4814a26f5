/**
 * Writes report.html into a results folder: reads each run's folder, builds the charts' series and
 * the inspector's data (texts shared between turns and runs stored once), and writes the page whole
 * (a temporary file, then a rename).
 */
import { readFileSync, existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CallsFileError } from '../../records/errors.js';
import { loadRunFolder } from '../../records/read-run-files.js';
import type { RunRecord } from '../../records/run-record.js';
import { condensingLines } from '../inspect/context-at-turn.js';
import { inspectorData, renumberStrings, StringTable, type RunInspectorData } from './inspector-data.js';
import { renderReport, type ReportRun } from './page.js';
import type { ProbeExpectations } from './tables.js';
import { ReportAssetError } from '../errors.js';

/** The report's file name in a results folder. */
export const REPORT_FILE = 'report.html';

/**
 * The page's style and scripts, read from this folder's sources. The compiled module lives in
 * dist/reports/html/, where tsc copies neither, so it reads them from the sources beside dist/.
 */
function asset(name: string): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const dir of [here, join(here, '..', '..', '..', 'reports', 'html')]) {
    const path = join(dir, name);
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  throw new ReportAssetError(`reports/html/${name} is missing`);
}

export interface HtmlReportOptions {
  /** Each scenario's probes' expectations in words, by probe id. */
  expectations?: ProbeExpectations;
  /** The page's title; the folder's name by default. */
  title?: string;
  /**
   * Runs' parts made beforehand, by run id (by the worker that made the run, say); a run without
   * one is read from its folder here.
   */
  parts?: ReadonlyMap<string, RunReportPart | null>;
  /**
   * Told of each run whose folder is there but cannot be read (a damaged file): its id and the
   * reason, naming the file and line. The page shows such a run without its chart and inspector.
   */
  unreadable?: (runId: string, reason: string) => void;
}

/**
 * What the page needs of one run's folder: its inspector's data, over a table of its own texts. It
 * is made where the run was made, while the invocation goes on, so the page at the end only joins
 * the parts.
 */
export interface RunReportPart {
  strings: string[];
  inspector: RunInspectorData;
}

/**
 * The report's part of the run folder `runDir` (the folder of `record`'s run), or null when the
 * folder or one of its files is not there (a failed run before its files): the record is then shown
 * without its chart and inspector. A file that is there but does not read as its format says is
 * refused, naming the file and its line or entry.
 */
export async function runReportPart(
  runDir: string,
  record: RunRecord,
  unreadable?: (runId: string, reason: string) => void,
): Promise<RunReportPart | null> {
  try {
    const strings = new StringTable();
    const inspector = inspectorData(await loadRunFolder(runDir, record), strings);
    return { strings: strings.strings, inspector };
  } catch (thrown) {
    // A run that failed before it wrote its files has none; a file that is there but does not read is
    // damaged: named through `unreadable` when the caller reports such runs, else refused.
    const damaged = thrown instanceof CallsFileError ? !thrown.missing : existsSync(runDir);
    if (damaged && unreadable === undefined && thrown instanceof CallsFileError) throw thrown;
    if (damaged && unreadable !== undefined)
      unreadable(record.id, thrown instanceof Error ? thrown.message : String(thrown));
    return null;
  }
}

/** The report page for `records`, whose run folders are under `dir`. */
export async function buildHtmlReport(
  dir: string,
  records: readonly RunRecord[],
  options: HtmlReportOptions = {},
): Promise<string> {
  const strings = new StringTable();
  const runs: ReportRun[] = [];
  for (const record of records) {
    const limits = { window: record.window, ...condensingLines(record.settings, record.window) };
    const made = options.parts?.get(record.id);
    const part =
      made !== undefined
        ? made
        : await runReportPart(join(dir, 'runs', record.id), record, options.unreadable);
    if (part === null) {
      runs.push({ record, series: null, limits, inspector: null });
      continue;
    }
    const inspector = renumberStrings(part.inspector, part.strings, strings);
    const series = {
      fill: inspector.turns.map((t) => t[2]),
      reported: inspector.turns.map((t) => t[3]),
      peak: inspector.turns.map((t) => t[4]),
    };
    runs.push({ record, series, limits, inspector });
  }
  return renderReport({
    title: options.title ?? basename(resolve(dir)),
    runs,
    strings: strings.strings,
    expectations: options.expectations ?? {},
    css: asset('report.css'),
    // The inspector first: the page's script drives it.
    script: `${asset('inspector.js')}\n${asset('client.js')}`,
  });
}

/** Writes `dir`/report.html for `records`; gives back its path. */
export async function writeHtmlReport(
  dir: string,
  records: readonly RunRecord[],
  options: HtmlReportOptions = {},
): Promise<string> {
  const html = await buildHtmlReport(dir, records, options);
  const path = join(dir, REPORT_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, html);
    await rename(temporary, path);
  } catch (thrown) {
    // A write cut short (a full disk) leaves no temporary file behind.
    await rm(temporary, { force: true }).catch(() => {});
    throw Object.assign(thrown as object, { path });
  }
  return path;
}
