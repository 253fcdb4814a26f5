/** Run records as rows of the readable table the command line prints after a run. */
import type { RunRecord } from '../records/run-record.js';

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
    String(r.score.wrong),
    String(r.score.abstained),
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
  'wrong',
  'abstained',
  'condensations',
  'turns',
  'time',
];
