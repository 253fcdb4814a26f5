import { describe, expect, it } from 'vitest';
import { condensingLine } from '../../reports/condensing.js';
import type { CondensationRecord } from '../../records/run-record.js';

function condensation(turn: number, over: Partial<CondensationRecord> = {}): CondensationRecord {
  return {
    turn,
    reason: 'budget',
    fillBefore: 6000,
    fillAfter: 4000,
    goal: 4915,
    headroom: 1400,
    floor: false,
    turnsDropped: 2,
    ...over,
  };
}

describe('condensingLine', () => {
  it('says nothing for a run that never condensed', () => {
    expect(condensingLine({ id: 'r', condensations: [], gaps: [] })).toBeNull();
  });

  it('gives the turns, the gaps with their mean, the goals met and the floor', () => {
    const line = condensingLine({
      id: 'reading.target.reader.w8192.r0',
      condensations: [condensation(30), condensation(34), condensation(37, { fillAfter: 5000 })],
      gaps: [4, 3],
    });
    expect(line).toBe(
      'reading.target.reader.w8192.r0: condensed 3 times, before turns 30, 34, 37; gaps 4, 3 (mean 3.5); ' +
        'at or under the goal 2 of 3; floor never reached',
    );
  });

  it('leaves goals out for a policy that keeps turns, and counts overflows and floors', () => {
    const line = condensingLine({
      id: 'x',
      condensations: [condensation(7, { goal: null, reason: 'overflow', floor: true })],
      gaps: [],
    });
    expect(line).toBe('x: condensed once (1 on overflow), before turn 7; floor reached once');
  });
});
