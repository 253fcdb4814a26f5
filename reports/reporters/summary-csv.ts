/** summary.csv: one row per cell, every figure's statistics in columns `<figure>.<statistic>`. */
import { stringify } from 'csv-stringify/sync';
import { join } from 'node:path';
import type { RunRecord } from '../../records/run-record.js';
import { csvNumber } from '../number-format.js';
import { summariseCells } from '../stats/cells.js';
import { FIGURES } from '../stats/run-figures.js';
import type { SampleStatistics } from '../stats/sample.js';
import type { ReportContext, ReportFile, Reporter } from './reporter.js';

const STATISTICS = [
  'n',
  'mean',
  'sd',
  'min',
  'max',
  'ciLow',
  'ciHigh',
] as const satisfies readonly (keyof SampleStatistics)[];
const COLUMN_OF: Record<(typeof STATISTICS)[number], string> = {
  n: 'n',
  mean: 'mean',
  sd: 'sd',
  min: 'min',
  max: 'max',
  ciLow: 'ci-low',
  ciHigh: 'ci-high',
};

/** The columns, in order. */
export const SUMMARY_CSV_COLUMNS = [
  'scenario',
  'strategy',
  'model',
  'window',
  'runs',
  'failed',
  ...FIGURES.flatMap((figure) => STATISTICS.map((s) => `${figure}.${COLUMN_OF[s]}`)),
];

/** The text of summary.csv. */
export function summaryCsv(records: readonly RunRecord[]): string {
  const rows = summariseCells(records).map((cell) => [
    cell.scenario,
    cell.strategy,
    cell.model,
    String(cell.window),
    String(cell.runs),
    String(cell.failed),
    ...FIGURES.flatMap((figure) =>
      STATISTICS.map((s) =>
        s === 'n' ? String(cell.figures[figure].n) : csvNumber(cell.figures[figure][s]),
      ),
    ),
  ]);
  return stringify([SUMMARY_CSV_COLUMNS, ...rows]);
}

export function summaryCsvReporter(): Reporter {
  return {
    name: 'summary-csv',
    finish: (records: readonly RunRecord[], { dir }: ReportContext): ReportFile[] => [
      { path: join(dir, 'summary.csv'), content: summaryCsv(records), mode: 'replace' },
    ],
  };
}
