/**
 * Writes report.html into a results folder: reads each run's folder, builds the charts' series and
 * the inspector's data (texts shared between turns and runs stored once), and writes the page whole
 * (a temporary file, then a rename).
 */
import { readFileSync, existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRunFiles } from '../../records/run-files.js';
import type { RunRecord } from '../../records/run-record.js';
import { condensingLines } from '../inspect/context-at-turn.js';
import { inspectorData, StringTable } from './inspector-data.js';
import { renderReport, type ReportRun } from './page.js';
import type { ProbeExpectations } from './tables.js';

/** The report's file name in a results folder. */
export const REPORT_FILE = 'report.html';

/**
 * The page's style and script, read from this folder's sources. The compiled module lives in
 * dist/reports/html/, where tsc copies neither, so it reads them from the sources beside dist/.
 */
function asset(name: string): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const dir of [here, join(here, '..', '..', '..', 'reports', 'html')]) {
    const path = join(dir, name);
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  throw new Error(`reports/html/${name} is missing`);
}

export interface HtmlReportOptions {
  /** Each scenario's probes' expectations in words, by probe id. */
  expectations?: ProbeExpectations;
  /** The page's title; the folder's name by default. */
  title?: string;
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
    let run: ReportRun = { record, series: null, limits, inspector: null };
    try {
      const inspector = inspectorData(await loadRunFiles(dir, record), strings);
      const series = {
        fill: inspector.turns.map((t) => t[2]),
        reported: inspector.turns.map((t) => t[3]),
        peak: inspector.turns.map((t) => t[4]),
      };
      run = { record, series, limits, inspector };
    } catch {
      // A run folder that cannot be read (a failed run before its files, or a folder cut short): the
      // record is still shown, without its chart and inspector.
    }
    runs.push(run);
  }
  return renderReport({
    title: options.title ?? basename(resolve(dir)),
    runs,
    strings: strings.strings,
    expectations: options.expectations ?? {},
    css: asset('report.css'),
    script: asset('client.js'),
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
  await writeFile(temporary, html);
  await rename(temporary, path);
  return path;
}
