/**
 * One readable line per run that condensed: before which turns, how many turns apart, how each
 * condensation landed against its goal, and whether the floor was reached. These are the figures a
 * condensing change is judged by, so the command line prints them under the table.
 */
import type { RunRecord } from '../records/run-record.js';

const times = (n: number): string => (n === 1 ? 'once' : `${n} times`);

/** The line for a run, or null when it never condensed. */
export function condensingLine(r: Pick<RunRecord, 'id' | 'condensations' | 'gaps'>): string | null {
  const all = r.condensations;
  if (all.length === 0) return null;
  const overflows = all.filter((c) => c.reason === 'overflow').length;
  const parts = [
    `${r.id}: condensed ${times(all.length)}` +
      (overflows > 0 ? ` (${overflows} on overflow)` : '') +
      `, before turn${all.length === 1 ? '' : 's'} ${all.map((c) => c.turn).join(', ')}`,
  ];
  if (r.gaps.length > 0) {
    const mean = r.gaps.reduce((a, b) => a + b, 0) / r.gaps.length;
    parts.push(`gaps ${r.gaps.join(', ')} (mean ${mean.toFixed(1)})`);
  }
  const aimed = all.filter((c) => c.goal !== null);
  if (aimed.length > 0) {
    const within = aimed.filter((c) => c.fillAfter <= (c.goal ?? 0)).length;
    parts.push(`at or under the goal ${within} of ${aimed.length}`);
  }
  const floors = all.filter((c) => c.floor).length;
  parts.push(floors === 0 ? 'floor never reached' : `floor reached ${times(floors)}`);
  return parts.join('; ');
}
