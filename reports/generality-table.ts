/**
 * The generality report: per scenario, how the probes with an answer came out (correct, wrong,
 * abstained) and what became of each question whose answer was never given (`expect: { abstain:
 * true }`): `abstained` when the reply said it did not know, `answered` when it answered. The two
 * kinds are counted apart, so that "k of n answerable probes right" and "every never-given probe
 * abstained" read straight off the table.
 */
import type { RunRecord } from '../records/run-record.js';

/** One run's figures, split between probes with an answer and never-given probes. */
export interface GeneralityFigures {
  scenario: string;
  strategy: string;
  window: number;
  status: RunRecord['status'];
  failedAt: number | null;
  /** Condensations: with none, everything was in view and every miss is the model's. */
  condensations: number;
  answerable: { correct: number; wrong: number; abstained: number; total: number };
  neverGiven: { id: string; outcome: 'abstained' | 'answered'; reply: string }[];
}

/** The figures of one run record. */
export function generalityFigures(record: RunRecord): GeneralityFigures {
  const answerable = record.probes.filter((p) => p.expects === 'answer');
  const count = (verdict: string) => answerable.filter((p) => p.verdict === verdict).length;
  const neverAsked = record.probes.filter((p) => p.expects === 'abstention').length;
  return {
    scenario: record.scenario,
    strategy: record.strategy,
    window: record.window,
    status: record.status,
    failedAt: record.error?.turn ?? null,
    condensations: record.condensations.length,
    answerable: {
      correct: count('correct'),
      wrong: count('wrong'),
      abstained: count('abstained'),
      // Probes a failed run never reached count here against it: the record does not say their kind.
      total: record.score.total - neverAsked,
    },
    neverGiven: record.probes
      .filter((p) => p.expects === 'abstention')
      .map((p) => ({
        id: p.id,
        outcome: p.verdict === 'correct' ? ('abstained' as const) : ('answered' as const),
        reply: p.reply,
      })),
  };
}

/** The table's columns. */
export const GENERALITY_HEADER = [
  'set',
  'scenario',
  'strategy',
  'correct',
  'wrong',
  'abstained',
  'never-given',
  'condensations',
];

/** One row: answerable probes right of their total, wrong, abstained, then each never-given outcome. */
export function generalityRow(set: string, f: GeneralityFigures): string[] {
  const failed = f.status === 'failed' ? ` (failed at turn ${f.failedAt ?? '-'})` : '';
  return [
    set,
    f.scenario,
    f.strategy,
    `${f.answerable.correct}/${f.answerable.total}${failed}`,
    String(f.answerable.wrong),
    String(f.answerable.abstained),
    f.neverGiven.length === 0 ? '-' : f.neverGiven.map((p) => p.outcome).join(', '),
    String(f.condensations),
  ];
}

/** A line that sums a set of runs: `label: 14/27 correct, 8 wrong, 5 abstained; never-given: 1 of 3 abstained`. */
export function generalityTotals(label: string, figures: readonly GeneralityFigures[]): string {
  const sum = (pick: (f: GeneralityFigures) => number) => figures.reduce((n, f) => n + pick(f), 0);
  const neverGiven = figures.flatMap((f) => f.neverGiven);
  const abstained = neverGiven.filter((p) => p.outcome === 'abstained').length;
  const failed = figures.filter((f) => f.status === 'failed').length;
  return (
    `${label}: ${sum((f) => f.answerable.correct)}/${sum((f) => f.answerable.total)} correct, ` +
    `${sum((f) => f.answerable.wrong)} wrong, ${sum((f) => f.answerable.abstained)} abstained; ` +
    `never-given: ${abstained} of ${neverGiven.length} abstained` +
    (failed > 0 ? `; ${failed} run${failed === 1 ? '' : 's'} failed` : '')
  );
}
