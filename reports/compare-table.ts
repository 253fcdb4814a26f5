/**
 * A comparison as a table for the terminal: one row per (cell, figure) for the headline figures,
 * then the same per scenario and over all pairs, with the cells found on one side only and the
 * thresholds crossed under it.
 */
import type { CellKey } from './stats/cells.js';
import type { ComparedCell, Comparison, PairedFigure, PairedGroup } from './stats/paired-comparison.js';
import type { Figure } from './stats/run-figures.js';
import type { ThresholdBreach } from './stats/thresholds.js';
import { fixed, pValue, signed } from './number-format.js';
import { formatTable } from './text-table.js';

/** The figures the table shows; --json gives every figure. */
export const COMPARE_FIGURES: readonly Figure[] = [
  'correct',
  'wrong',
  'abstained',
  'delivered',
  'missed',
  'not-delivered',
  'never-entered',
  'alarm',
  'truncated',
  'condensations',
  'calls',
  'tokens',
  'time',
];

const DIGITS: Partial<Record<Figure, number>> = { tokens: 0, time: 1 };

export const COMPARE_HEADER = [
  'scenario',
  'strategy',
  'model',
  'window',
  'pairs',
  'figure',
  'baseline',
  'candidate',
  'change',
  '95% CI',
  'p',
];

function figureCells(figure: Figure, f: PairedFigure): string[] {
  const digits = DIGITS[figure] ?? 2;
  const d = f.difference;
  const ci =
    d.n === 0
      ? '-'
      : d.ciLow === null || d.ciHigh === null
        ? 'none (1 pair)'
        : `[${signed(d.ciLow, digits)}, ${signed(d.ciHigh, digits)}]`;
  return [
    String(f.pairs),
    figure,
    fixed(f.baseline, digits),
    fixed(f.candidate, digits),
    signed(d.mean, digits),
    ci,
    pValue(f.p),
  ];
}

function groupRows(label: string[], group: PairedGroup): string[][] {
  return COMPARE_FIGURES.map((figure) => [...label, ...figureCells(figure, group.figures[figure])]);
}

/** One axis of a compared cell: its value, or both values where the sides differ on it. */
const sides = (base: string, candidate: string) => (base === candidate ? base : `${base} -> ${candidate}`);

/** What a compared cell or a breach is shown under: scenario, strategy, model and window columns. */
type ComparedKey = Pick<
  ComparedCell,
  | 'scenario'
  | 'model'
  | 'window'
  | 'baselineStrategy'
  | 'candidateStrategy'
  | 'candidateModel'
  | 'candidateWindow'
>;

function keyColumns(c: ComparedKey): string[] {
  return [
    c.scenario,
    sides(c.baselineStrategy, c.candidateStrategy),
    sides(c.model, c.candidateModel),
    sides(String(c.window), String(c.candidateWindow)),
  ];
}

function comparedName(c: ComparedKey): string {
  const [scenario, strategy, model, window] = keyColumns(c);
  return `${scenario} ${strategy} ${model} w${window}`;
}

const cellName = (k: CellKey) => `${k.scenario} ${k.strategy} ${k.model} w${k.window}`;

/** The lines `compare` prints. */
export function comparisonLines(comparison: Comparison, breaches: readonly ThresholdBreach[] = []): string[] {
  const rows: string[][] = [];
  for (const cell of comparison.cells) {
    rows.push(...groupRows(keyColumns(cell), cell));
  }
  if (comparison.cells.length > 1) {
    for (const s of comparison.scenarios) rows.push(...groupRows([s.scenario, 'all', 'all', 'all'], s));
    if (comparison.scenarios.length > 1)
      rows.push(...groupRows(['all', 'all', 'all', 'all'], comparison.overall));
  }
  const lines = formatTable(COMPARE_HEADER, rows);
  const unpaired = comparison.cells.filter(
    (c) => c.unpaired.baseline.length + c.unpaired.candidate.length > 0,
  );
  for (const c of unpaired) {
    const sides = [
      c.unpaired.baseline.length > 0 ? `baseline only ${c.unpaired.baseline.join(', ')}` : null,
      c.unpaired.candidate.length > 0 ? `candidate only ${c.unpaired.candidate.join(', ')}` : null,
    ].filter((x) => x !== null);
    lines.push(`${comparedName(c)}: runs without a pair (${sides.join('; ')})`);
  }
  for (const c of comparison.cells.filter((x) => x.failed.baseline.length + x.failed.candidate.length > 0)) {
    const sides = [
      c.failed.baseline.length > 0 ? `baseline runs ${c.failed.baseline.join(', ')}` : null,
      c.failed.candidate.length > 0 ? `candidate runs ${c.failed.candidate.join(', ')}` : null,
    ].filter((x) => x !== null);
    const count = c.failed.baseline.length + c.failed.candidate.length;
    lines.push(`${comparedName(c)}: failed ${count}, left out (${sides.join('; ')})`);
  }
  for (const k of comparison.onlyInBaseline) lines.push(`only in the baseline: ${cellName(k)}`);
  for (const k of comparison.onlyInCandidate) lines.push(`only in the candidate: ${cellName(k)}`);
  lines.push(...breachLines(breaches));
  return lines;
}

/** One line per threshold crossed: the threshold, the cell, both means and by how much it moved. */
export function breachLines(breaches: readonly ThresholdBreach[]): string[] {
  return breaches.map((b) => {
    const word = b.direction === 'rise' ? 'rose' : 'fell';
    return (
      `failed --fail-if ${b.threshold}: ${comparedName(b)}: ` +
      `${fixed(b.baseline)} -> ${fixed(b.candidate)}, ${word} by ${fixed(b.change)}, more than ${fixed(b.limit)}`
    );
  });
}
