import { describe, expect, it } from 'vitest';
import { cappedTarget, goalFor, headroomFor, targetPolicy } from '../../../engine/condense/target.js';
import type { Entry } from '../../../engine/store/entry.js';
import { estimateTokens } from '../../../engine/measure/estimate.js';
import { storeWithTurns } from '../helpers.js';

const defaults = { budget: 0.85, target: 0.6, targetMargin: 0.2 };

/** A measure that counts each active entry's text at four bytes a token. */
function measureOf(entries: readonly Entry[], extra: () => number = () => 0) {
  return async (without: ReadonlySet<number>) =>
    entries.filter((e) => !without.has(e.id)).reduce((n, e) => n + estimateTokens(e.text), 0) + extra();
}

describe('the goal and its cap', () => {
  it('uses the target when the prompt and headroom fit under the budget', () => {
    // 60% of 8,192 is 4,915.2: the goal is 4,915 tokens.
    expect(goalFor(defaults, 8192, 100, 1000)).toBe(4915);
  });

  it('goes below the target when the prompt and headroom need more room', () => {
    // The budget is 6,963.2 tokens; less a prompt of 1,000 and a headroom of 2,500, 3,463.
    expect(goalFor(defaults, 8192, 1000, 2500)).toBe(3463);
  });

  it('caps the target at the budget less the margin, wherever it was set', () => {
    expect(cappedTarget({ budget: 0.5, target: 0.5, targetMargin: 0.2 })).toBeCloseTo(0.3);
    expect(goalFor({ budget: 0.5, target: 0.5, targetMargin: 0.2 }, 10_000, 0, 0)).toBe(3000);
  });
});

describe('the headroom', () => {
  it('averages the latest turns, counting calls, outputs and replies but not prompts', () => {
    const store = storeWithTurns([
      { prompt: 'p'.repeat(400), output: 'o'.repeat(400), reply: 'r'.repeat(40) },
      { prompt: 'p', reply: 'r'.repeat(40) },
      { prompt: 'p', reply: 'r'.repeat(80) },
    ]);
    // Turn 1: call '{}' (1) + output (100) + reply (10) = 111; turn 2: 10; turn 3: 20.
    expect(headroomFor(store.all(), 8, estimateTokens)).toBe(47);
    expect(headroomFor(store.all(), 2, estimateTokens)).toBe(15);
  });

  it('counts dropped turns but not a retried attempt', () => {
    const store = storeWithTurns([
      { prompt: 'p', reply: 'r'.repeat(40) },
      { prompt: 'p', reply: 'r'.repeat(80) },
    ]);
    store.drop([2, 3], 'evt-1', 3);
    expect(headroomFor(store.all(), 8, estimateTokens)).toBe(15);
    store.drop([5], 'retried:evt-2', 3);
    // Turn 2 keeps only its prompt: its retried reply is no part of its size.
    expect(headroomFor(store.all(), 8, estimateTokens)).toBe(5);
  });

  it("counts a turn's tool calls too", () => {
    const store = storeWithTurns([{ prompt: 'p', output: 'o'.repeat(400), reply: 'r'.repeat(40) }]);
    // The call '{}' (1) + output (100) + reply (10).
    expect(headroomFor(store.all(), 1, estimateTokens)).toBe(111);
  });

  it('is zero before any turn', () => {
    expect(headroomFor(storeWithTurns([]).all(), 8, estimateTokens)).toBe(0);
  });
});

describe('the target policy', () => {
  const turns = Array.from({ length: 10 }, (_, i) => ({ prompt: `p${i}`, reply: 'r'.repeat(400) }));

  it('is due when the context, prompt and headroom reach the budget', () => {
    const policy = targetPolicy(defaults);
    expect(policy.dueAhead({ fill: 800, prompt: 20, headroom: 30, window: 1000, turns: 3 })).toBe(true);
    expect(policy.dueAhead({ fill: 800, prompt: 20, headroom: 29, window: 1000, turns: 3 })).toBe(false);
  });

  it('drops the fewest oldest turns that reach the goal, measuring after each step', async () => {
    const store = storeWithTurns(turns);
    const plan = await targetPolicy(defaults).plan({
      reason: 'budget',
      window: 1500,
      entries: store.active(),
      prompt: 10,
      headroom: 100,
      measure: measureOf(store.active()),
    });
    // Each turn is ~101 tokens; the goal is 0.6 * 1500 = 900.
    expect(plan.goal).toBe(900);
    expect(plan.fillBefore).toBeGreaterThan(900);
    expect(plan.fillAfter).toBeLessThanOrEqual(900);
    expect(plan.floor).toBe(false);
    // Fewest: one turn fewer would be above the goal.
    const kept = store.active().filter((e) => !plan.drop.includes(e.id));
    expect(kept[0]?.kind).toBe('instructions');
    expect(plan.turnsDropped + plan.turnsKept).toBe(10);
    const oneLess = plan.drop.filter((id) => id > 3); // keep turn 1 back
    expect(await measureOf(store.active())(new Set(oneLess))).toBeGreaterThan(900);
  });

  it('runs references first and the distil seam before each drop', async () => {
    const store = storeWithTurns(turns);
    const seen: number[][] = [];
    let referenced = false;
    const plan = await targetPolicy(defaults).plan({
      reason: 'budget',
      window: 1500,
      entries: store.active(),
      prompt: 10,
      headroom: 100,
      measure: measureOf(store.active()),
      referenceEarlier: () => {
        referenced = true;
        return 0;
      },
      beforeDrop: async (leaving) => void seen.push(leaving.map((e) => e.id)),
    });
    expect(referenced).toBe(true);
    expect(plan.steps[0]?.step).toBe('references');
    expect(seen.flat()).toEqual(plan.drop);
  });

  it('drops more in a next pass when what distilling added puts the context back above the goal', async () => {
    const store = storeWithTurns(turns);
    let block = 0;
    const plan = await targetPolicy(defaults).plan({
      reason: 'budget',
      window: 1500,
      entries: store.active(),
      prompt: 10,
      headroom: 100,
      measure: measureOf(store.active(), () => block),
      beforeDrop: async () => {
        // The first distillation adds facts to the earlier block; later ones add nothing new.
        block = 150;
      },
    });
    expect(plan.steps.filter((s) => s.step === 'drop').length).toBeGreaterThan(1);
    expect(plan.fillAfter).toBeLessThanOrEqual(900);
  });

  it('stops at the floor of one literal turn, squeezes, and reports the floor', async () => {
    const big = storeWithTurns([
      { prompt: 'a', reply: 'x'.repeat(8000) },
      { prompt: 'b', reply: 'y'.repeat(8000) },
    ]);
    let squeezed = false;
    const plan = await targetPolicy(defaults).plan({
      reason: 'budget',
      window: 1000,
      entries: big.active(),
      prompt: 10,
      headroom: 0,
      measure: measureOf(big.active()),
      squeeze: () => (squeezed = true),
    });
    expect(plan).toMatchObject({ floor: true, turnsDropped: 1, turnsKept: 1 });
    expect(squeezed).toBe(true);
    expect(plan.steps.at(-1)?.step).toBe('floor');
  });

  /** A plan over ten turns of two entries each, the goal 600 tokens, with the given measure. */
  const planToGoal = (measure: (without: ReadonlySet<number>) => Promise<number>, more = {}) => {
    const store = storeWithTurns(turns);
    return targetPolicy(defaults).plan({
      reason: 'budget',
      window: 1000,
      entries: store.active(),
      prompt: 10,
      headroom: 0,
      measure,
      ...more,
    });
  };

  it('is named target, and leaves a context already at its goal as it is', async () => {
    expect(targetPolicy(defaults).name).toBe('target');
    const plan = await planToGoal(async () => 600);
    expect(plan).toEqual({
      goal: 600,
      fillBefore: 600,
      fillAfter: 600,
      drop: [],
      turnsDropped: 0,
      turnsKept: 10,
      floor: false,
      steps: [],
    });
  });

  it('drops in one pass the fewest oldest turns that bring the context to its goal exactly', async () => {
    // Each turn dropped takes 100 tokens off 1,000: four reach the goal of 600.
    const passes: number[] = [];
    const plan = await planToGoal(async (without) => 1000 - 50 * without.size, {
      beforeDrop: async (leaving: readonly Entry[]) => void passes.push(leaving.length),
    });
    expect(passes).toEqual([8]);
    expect(plan).toMatchObject({ fillAfter: 600, turnsDropped: 4, turnsKept: 6, floor: false });
    expect(plan.steps).toEqual([{ step: 'drop', fill: 600, turnsDropped: 4 }]);
  });

  it('at the floor with no squeeze to try, reports the floor without measuring again', async () => {
    let measured = 0;
    const plan = await planToGoal(async () => {
      measured += 1;
      return 900;
    });
    expect(plan).toMatchObject({ floor: true, turnsDropped: 9, turnsKept: 1, fillAfter: 900 });
    expect(plan.steps.at(-1)).toEqual({ step: 'floor', fill: 900, squeezed: false });
    // Before, one trial for each number of turns up to eight, and after the drop.
    expect(measured).toBe(1 + 8 + 1);
  });

  it('is not at the floor when squeezing the earlier block brings the last turn to the goal', async () => {
    let squeezed = false;
    const plan = await planToGoal(async () => (squeezed ? 600 : 900), {
      squeeze: () => (squeezed = true),
    });
    expect(plan).toMatchObject({ floor: false, turnsKept: 1, fillAfter: 600 });
    expect(plan.steps.at(-1)).toEqual({ step: 'floor', fill: 600, squeezed: true });
  });

  it('always ends, even when measuring never reaches the goal', async () => {
    const store = storeWithTurns(turns);
    const plan = await targetPolicy(defaults).plan({
      reason: 'overflow',
      window: 1000,
      entries: store.active(),
      prompt: 10,
      headroom: 0,
      measure: async () => 1_000_000,
      beforeDrop: async () => {},
    });
    expect(plan.floor).toBe(true);
    expect(plan.turnsKept).toBe(1);
  });
});
