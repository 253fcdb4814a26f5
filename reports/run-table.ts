/** Run records as rows of the readable table the command line prints after a run. */
import type { ProbeResult, RunRecord } from '../records/run-record.js';

/**
 * The never-given probes (`expect: { abstain: true }`) that the reply rightly said it did not know,
 * of how many the run asked, as `k/n`; `-` when it asked none. Their verdicts are also counted in
 * `correct` and `wrong`; this column tells an honest "I do not know" apart from a right answer.
 */
export function neverGivenCell(probes: readonly ProbeResult[]): string {
  const neverGiven = probes.filter((p) => p.expects === 'abstention');
  if (neverGiven.length === 0) return '-';
  return `${neverGiven.filter((p) => p.verdict === 'correct').length}/${neverGiven.length}`;
}

/**
 * Probes answered right although their evidence was never in view: a leak or a guess. A plain text
 * table has no bold, so a count above zero is marked with `!`.
 */
export function alarmCell(alarm: number): string {
  return alarm === 0 ? '0' : `${alarm} !`;
}

/**
 * Requests whose front the runtime dropped silently: the model never saw their start. Like the alarm,
 * a finding a reader must not miss, so a count above zero is marked with `!`.
 */
export function truncatedCell(truncated: number): string {
  return truncated === 0 ? '0' : `${truncated} !`;
}

/** One row of the readable table. */
export function tableRow(r: RunRecord): string[] {
  const score = `${r.score.correct}/${r.score.total}` + (r.status === 'failed' ? ' (failed)' : '');
  return [
    r.scenario,
    r.strategy,
    r.model,
    String(r.window),
    String(r.run),
    score,
    `${r.delivered.inView}/${r.delivered.total}`,
    String(r.score.wrong),
    String(r.score.abstained),
    neverGivenCell(r.probes),
    alarmCell(r.outcomes.alarm),
    truncatedCell(r.truncated),
    String(r.condensations.length),
    String(r.turns),
    `${(r.timing.totalMs / 1000).toFixed(2)}s`,
  ];
}

export const TABLE_HEADER = [
  'scenario',
  'strategy',
  'model',
  'window',
  'run',
  'correct',
  'delivered',
  'wrong',
  'abstained',
  'never-given',
  'alarm',
  'truncated',
  'condensations',
  'turns',
  'time',
];
