/**
 * summary.md: the summary table in Markdown, the settings in which the strategies differ, and the
 * runs that failed. GitHub's step summary shows the same text.
 */
import { whereFailed } from '../../records/failed-runs.js';
import { join } from 'node:path';
import type { RunRecord } from '../../records/run-record.js';
import { summariseCells } from '../stats/cells.js';
import { markdownTable, markdownText, SUMMARY_HEADER, summaryRow } from '../summary-table.js';
import type { ReportContext, ReportFile, Reporter } from './reporter.js';

/**
 * The settings whose values differ between the strategies of the records: per strategy label, its
 * value of each. A label whose runs disagree among themselves shows its first run's values.
 */
export function differingSettings(records: readonly RunRecord[]): { keys: string[]; rows: string[][] } {
  const byStrategy = new Map<string, Record<string, unknown>>();
  for (const r of records) if (!byStrategy.has(r.strategy)) byStrategy.set(r.strategy, r.settings);
  const all = [...byStrategy.values()];
  const names = [...new Set(all.flatMap((s) => Object.keys(s)))].sort();
  const keys = names.filter((k) => new Set(all.map((s) => JSON.stringify(s[k]))).size > 1);
  const show = (v: unknown) => (v === undefined ? '-' : typeof v === 'string' ? v : JSON.stringify(v));
  const rows = [...byStrategy].map(([strategy, settings]) => [
    strategy,
    ...keys.map((k) => show(settings[k])),
  ]);
  return { keys, rows };
}

/** The text of summary.md. */
export function summaryMarkdown(records: readonly RunRecord[]): string {
  const cells = summariseCells(records);
  const lines = ['## wisp-eval summary', ''];
  if (cells.length === 0) lines.push('No runs.');
  else {
    lines.push(...markdownTable(SUMMARY_HEADER, cells.map(summaryRow)));
    lines.push(
      '',
      'Means over the runs of each cell, ± the sample standard deviation; the 95% interval of the mean ' +
        'score uses the t distribution, and a cell of one run has none. Time is the mean wall time of a run.',
    );
  }
  const settings = differingSettings(records);
  if (settings.keys.length > 0) {
    lines.push(
      '',
      '### Settings that differ',
      '',
      ...markdownTable(['strategy', ...settings.keys], settings.rows),
    );
  }
  const failed = records.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    lines.push('', '### Failed runs', '');
    for (const r of failed)
      lines.push(
        `- \`${r.id.replace(/`/g, "'")}\`: ${markdownText(`${r.error?.code ?? 'failed'} ${r.error ? whereFailed(r.error) : ''}: ${r.error?.message ?? ''}`)}`,
      );
  }
  return lines.join('\n') + '\n';
}

export function summaryMarkdownReporter(): Reporter {
  return {
    name: 'summary-md',
    finish: (records: readonly RunRecord[], { dir }: ReportContext): ReportFile[] => [
      { path: join(dir, 'summary.md'), content: summaryMarkdown(records), mode: 'replace' },
    ],
  };
}
