/**
 * The summary table: one row per cell with the headline statistics, shared by the terminal (`report`,
 * a checkpoint's end) and summary.md (and GitHub's step summary). Counts show as mean ± sd; the score
 * also with its 95% interval, which one run cannot give: its cell says so instead of showing one. The
 * honesty figures follow the verdicts: probes delivered, the outcome cells (missed, not delivered,
 * never entered, the alarm) and truncated requests; failed runs are counted apart and left out.
 */
import type { CellSummary } from './stats/cells.js';
import type { SampleStatistics } from './stats/sample.js';
import { fixed } from './number-format.js';

export const SUMMARY_HEADER = [
  'scenario',
  'strategy',
  'model',
  'window',
  'runs',
  'failed',
  'correct',
  'correct 95% CI',
  'fraction',
  'wrong',
  'abstained',
  'delivered',
  'missed',
  'not-delivered',
  'never-entered',
  'alarm',
  'truncated',
  'condensations',
  'gap',
  'calls',
  'tokens',
  'time',
];

/** `mean ± sd`, or the mean alone when there is no spread to show (one run). */
export function meanSd(s: SampleStatistics, digits = 2): string {
  if (s.mean === null) return '-';
  return s.sd === null ? fixed(s.mean, digits) : `${fixed(s.mean, digits)} ± ${fixed(s.sd, digits)}`;
}

/**
 * `meanSd` for a figure a reader must not miss (the alarm, truncated requests): a mean above zero is
 * marked with `!`, as the run table marks a count.
 */
export function marked(s: SampleStatistics): string {
  return s.mean !== null && s.mean > 0 ? `${meanSd(s)} !` : meanSd(s);
}

/** The 95% interval as `[low, high]`, or why there is none. */
export function interval(s: SampleStatistics, digits = 2): string {
  if (s.n === 0) return '-';
  if (s.ciLow === null || s.ciHigh === null) return `none (${s.n} run)`;
  return `[${fixed(s.ciLow, digits)}, ${fixed(s.ciHigh, digits)}]`;
}

/** One row of the summary table. */
export function summaryRow(cell: CellSummary): string[] {
  const f = cell.figures;
  return [
    cell.scenario,
    cell.strategy,
    cell.model,
    String(cell.window),
    String(cell.runs),
    String(cell.failed),
    meanSd(f.correct),
    interval(f.correct),
    fixed(f.fraction.mean),
    meanSd(f.wrong),
    meanSd(f.abstained),
    meanSd(f.delivered),
    meanSd(f.missed),
    meanSd(f['not-delivered']),
    meanSd(f['never-entered']),
    marked(f.alarm),
    marked(f.truncated),
    meanSd(f.condensations),
    fixed(f.gap.mean, 1),
    fixed(f.calls.mean, 1),
    fixed(f.tokens.mean, 0),
    f.time.mean === null ? '-' : `${(f.time.mean / 1000).toFixed(2)}s`,
  ];
}

/**
 * Text from model names, scenarios or servers' error bodies made safe to embed in Markdown (which
 * GitHub's step summary renders): `&`, `<` and `>` as entities, so no HTML of theirs is rendered, and
 * line breaks and other control characters as spaces, so the text stays on its line.
 */
export function markdownText(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // eslint-disable-next-line no-control-regex -- control characters are what is replaced
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
  );
}

/** A Markdown table; each cell's text made safe ({@link markdownText}) and `|` escaped. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c) => markdownText(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)];
}
