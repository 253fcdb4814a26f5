/**
 * The figures measured on one run, each a number or null where the run has none. Every statistic in
 * summaries and comparisons is taken over one of these; the README's "Statistics, reports and
 * comparisons" section defines each for readers.
 */
import type { RunRecord } from '../../records/run-record.js';

/** The figures, in the order tables and CSV columns show them. */
export const FIGURES = [
  'correct',
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
  'calls-turn',
  'calls-distil',
  'calls-summary',
  'calls-assessment',
  'tokens',
  'tokens-reported',
  'time',
  'time-model',
  'time-engine',
  'time-tool',
] as const;

export type Figure = (typeof FIGURES)[number];

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * Tokens of every turn request as the runtime reported them, or as the model counted them when it
 * reports none; null when some request has neither (a model that does neither, or a failed call).
 */
export function reportedTokens(record: Pick<RunRecord, 'perTurn'>): number | null {
  let total = 0;
  for (const turn of record.perTurn) {
    for (let i = 0; i < turn.estimated.length; i++) {
      const known = turn.reported[i] ?? turn.counted[i] ?? null;
      if (known === null) return null;
      total += known;
    }
  }
  return total;
}

/** The value of every figure for one run. */
export function runFigures(record: RunRecord): Record<Figure, number | null> {
  const calls = record.modelCalls;
  return {
    correct: record.score.correct,
    fraction: record.score.total === 0 ? null : record.score.correct / record.score.total,
    wrong: record.score.wrong,
    abstained: record.score.abstained,
    // The honesty figures: probes whose evidence was in view, and the outcome cells they land in;
    // never-entered probes had nothing for the engine to deliver.
    delivered: record.delivered.inView,
    missed: record.outcomes.deliveredMissed,
    'not-delivered': record.outcomes.notDelivered,
    'never-entered': record.outcomes.neverEntered,
    alarm: record.outcomes.alarm,
    truncated: record.truncated,
    condensations: record.condensations.length,
    gap: record.gaps.length === 0 ? null : sum(record.gaps) / record.gaps.length,
    calls: calls.turn + calls.distil + calls.summary + calls.assessment,
    'calls-turn': calls.turn,
    'calls-distil': calls.distil,
    'calls-summary': calls.summary,
    'calls-assessment': calls.assessment,
    tokens: sum(record.perTurn.flatMap((t) => t.estimated)),
    'tokens-reported': reportedTokens(record),
    time: record.timing.totalMs,
    'time-model': record.timing.modelMs,
    'time-engine': record.timing.engineMs,
    'time-tool': record.timing.toolMs,
  };
}
