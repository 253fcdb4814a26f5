import { describe, expect, it } from 'vitest';
import {
  condensePolicy,
  dropAllButLastTurns,
  failFastPolicy,
  fixedPolicy,
} from '../../../engine/condense/keep-turns.js';
import { storeWithTurns } from '../helpers.js';

const sixTurns = storeWithTurns(
  Array.from({ length: 6 }, (_, i) => ({ prompt: `p${i + 1}`, output: `o${i + 1}`, reply: `r${i + 1}` })),
);

describe('condense(keepTurns)', () => {
  it('keeps the instructions and the last N whole turns', () => {
    const { drop, dropped, kept } = dropAllButLastTurns(sixTurns.active(), 4);
    expect(dropped).toBe(2);
    expect(kept).toBe(4);
    const left = sixTurns.active().filter((e) => !drop.includes(e.id));
    expect(left[0]?.kind).toBe('instructions');
    expect(left.filter((e) => e.kind === 'prompt').map((e) => e.text)).toEqual(['p3', 'p4', 'p5', 'p6']);
    // Tool calls and outputs left with their prompts.
    expect(left.filter((e) => e.kind === 'toolOutput').map((e) => e.text)).toEqual(['o3', 'o4', 'o5', 'o6']);
  });

  it('drops nothing when there are N turns or fewer', () => {
    expect(dropAllButLastTurns(sixTurns.active(), 6).drop).toEqual([]);
    expect(dropAllButLastTurns(sixTurns.active(), 9).drop).toEqual([]);
  });

  it('is due ahead only past the budget and with more than N turns', () => {
    const policy = condensePolicy(4, 0.85);
    const base = { headroom: 0, window: 1000, turns: 6 };
    expect(policy.dueAhead({ ...base, fill: 800, prompt: 50 })).toBe(true);
    expect(policy.dueAhead({ ...base, fill: 790, prompt: 59 })).toBe(false);
    expect(policy.dueAhead({ ...base, fill: 990, prompt: 50, turns: 4 })).toBe(false);
  });

  it('plans the drop and measures before and after', async () => {
    const policy = fixedPolicy(0.85);
    const plan = await policy.plan({
      reason: 'budget',
      window: 1000,
      entries: sixTurns.active(),
      prompt: 10,
      headroom: 0,
      measure: async (without) => 1000 - without.size * 10,
    });
    expect(plan).toMatchObject({
      fillBefore: 1000,
      fillAfter: 920,
      turnsDropped: 2,
      turnsKept: 4,
      floor: false,
      goal: null,
    });
    expect(policy.name).toBe('fixed');
  });

  it('is named for its turn count, and distils exactly the turns it drops, once, as one step', async () => {
    const policy = condensePolicy(4, 0.85);
    expect(policy.name).toBe('condense(4)');
    const leaving: number[][] = [];
    const plan = await policy.plan({
      reason: 'overflow',
      window: 1000,
      entries: sixTurns.active(),
      prompt: 10,
      headroom: 0,
      measure: async (without) => 1000 - without.size * 10,
      beforeDrop: async (entries) => void leaving.push(entries.map((e) => e.id)),
    });
    const firstTwo = sixTurns
      .active()
      .filter((e) => e.turn === 1 || e.turn === 2)
      .map((e) => e.id);
    expect(leaving).toEqual([firstTwo]);
    expect(plan.drop).toEqual(firstTwo);
    expect(plan.steps).toEqual([{ step: 'keepTurns', fill: 1000 - firstTwo.length * 10, turnsDropped: 2 }]);
  });

  it('distils nothing when it keeps every turn', async () => {
    let distilled = 0;
    const plan = await condensePolicy(6, 0.85).plan({
      reason: 'budget',
      window: 1000,
      entries: sixTurns.active(),
      prompt: 10,
      headroom: 0,
      measure: async () => 900,
      beforeDrop: async () => void distilled++,
    });
    expect(distilled).toBe(0);
    expect(plan).toMatchObject({ drop: [], turnsDropped: 0, turnsKept: 6, fillBefore: 900, fillAfter: 900 });
  });
});

describe('failFast', () => {
  it('never condenses ahead and lets an overflow through', async () => {
    const policy = failFastPolicy();
    expect(policy.failsFast).toBe(true);
    expect(policy.dueAhead({ fill: 10_000, prompt: 10, headroom: 0, window: 100, turns: 9 })).toBe(false);
    expect(policy.name).toBe('failFast');
  });

  it('refuses to plan a condensation', async () => {
    await expect(
      failFastPolicy().plan({
        reason: 'overflow',
        window: 100,
        entries: sixTurns.active(),
        prompt: 10,
        headroom: 0,
        measure: async () => 100,
      }),
    ).rejects.toThrow('the failFast policy does not condense');
  });
});
