/**
 * `--fail-if` thresholds: a gate on a comparison. The grammar is small:
 *
 *   FIGURE-drop=AMOUNT    fails when, in some common cell, the figure's mean falls by more than AMOUNT
 *   FIGURE-rise=AMOUNT    fails when, in some common cell, it rises by more than AMOUNT
 *
 * FIGURE is any figure of run-figures.ts (`correct`, `wrong`, `abstained`, `delivered`, `alarm`,
 * `truncated`, `calls`, `tokens`, `condensations`, `time`, ...), or `failed`: the cell's failed runs,
 * a count rather than a mean. The old names `score` (for `correct`) and `modelCalls` (for `calls`,
 * as checkpoint gates once named it) are kept as aliases. AMOUNT is a number of 0 or more in the figure's unit (`wrong-rise=0`: any
 * rise fails), or a percentage of the baseline's mean (`calls-rise=10%`). Means are over the cell's
 * paired runs, so the change is the mean paired difference the comparison shows.
 */
import { ThresholdError } from '../errors.js';
import type { Comparison, ComparedCell } from './paired-comparison.js';
import { FIGURES, type Figure } from './run-figures.js';

/** What a threshold can bound: a figure's mean over a cell's pairs, or the cell's failed runs. */
export type ThresholdFigure = Figure | 'failed';

export interface Threshold {
  /** As given on the command line. */
  text: string;
  figure: ThresholdFigure;
  direction: 'drop' | 'rise';
  amount: number;
  /** Whether `amount` is a percentage of the baseline's mean. */
  percent: boolean;
}

/** A threshold a cell crossed. */
export interface ThresholdBreach {
  threshold: string;
  direction: Threshold['direction'];
  scenario: string;
  model: string;
  window: number;
  baselineStrategy: string;
  candidateStrategy: string;
  candidateModel: string;
  candidateWindow: number;
  baseline: number;
  candidate: number;
  /** How far the mean fell (drop) or rose (rise), and the most the threshold allows. */
  change: number;
  limit: number;
}

/** Names kept from before the figures had one set of names. */
export const FIGURE_ALIASES: Readonly<Record<string, Figure>> = { score: 'correct', modelCalls: 'calls' };

function figureNamed(name: string): ThresholdFigure | undefined {
  if (name === 'failed') return 'failed';
  return FIGURE_ALIASES[name] ?? FIGURES.find((f) => f === name);
}

/** Reads one `--fail-if` value. */
export function parseThreshold(text: string): Threshold {
  const allowed = `FIGURE-drop=AMOUNT or FIGURE-rise=AMOUNT, AMOUNT a number or a percentage (10%), FIGURE one of ${FIGURES.join(', ')}, failed (or score, modelCalls)`;
  const match = /^([A-Za-z-]+)-(drop|rise)=(.*)$/.exec(text.trim());
  if (!match) throw new ThresholdError(`--fail-if ${text}: expected ${allowed}`);
  const [, name = '', direction = 'drop', amountText = ''] = match;
  const figure = figureNamed(name);
  if (!figure) throw new ThresholdError(`--fail-if ${text}: unknown figure "${name}"; expected ${allowed}`);
  const percent = amountText.endsWith('%');
  const digits = percent ? amountText.slice(0, -1) : amountText;
  const amount = /^\d+(\.\d+)?$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isFinite(amount))
    throw new ThresholdError(
      `--fail-if ${text}: "${amountText}" is no amount; give a number of 0 or more, or a percentage such as 10%`,
    );
  return { text, figure, direction: direction === 'rise' ? 'rise' : 'drop', amount, percent };
}

/** The baseline's and the candidate's value of a threshold's figure in one cell. */
function sidesOf(
  cell: ComparedCell,
  figure: ThresholdFigure,
): { baseline: number | null; candidate: number | null } {
  if (figure === 'failed')
    return { baseline: cell.failed.baseline.length, candidate: cell.failed.candidate.length };
  return cell.figures[figure];
}

function breachIn(cell: ComparedCell, threshold: Threshold): ThresholdBreach | null {
  const figure = sidesOf(cell, threshold.figure);
  if (figure.baseline === null || figure.candidate === null) return null;
  const rise = figure.candidate - figure.baseline;
  const change = threshold.direction === 'rise' ? rise : -rise;
  const limit = threshold.percent ? (threshold.amount / 100) * Math.abs(figure.baseline) : threshold.amount;
  // A change within rounding of the limit is at the limit, not beyond it.
  if (change <= limit + 1e-9) return null;
  return {
    threshold: threshold.text,
    direction: threshold.direction,
    scenario: cell.scenario,
    model: cell.model,
    window: cell.window,
    baselineStrategy: cell.baselineStrategy,
    candidateStrategy: cell.candidateStrategy,
    candidateModel: cell.candidateModel,
    candidateWindow: cell.candidateWindow,
    baseline: figure.baseline,
    candidate: figure.candidate,
    change,
    limit,
  };
}

/** Every (threshold, cell) that crossed its threshold, thresholds in the order given. */
export function thresholdBreaches(
  comparison: Comparison,
  thresholds: readonly Threshold[],
): ThresholdBreach[] {
  return thresholds.flatMap((t) =>
    comparison.cells.map((cell) => breachIn(cell, t)).filter((b): b is ThresholdBreach => b !== null),
  );
}
