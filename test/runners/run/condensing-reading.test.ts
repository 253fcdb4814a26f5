import { describe, expect, it } from 'vitest';
import { builtinModelFactory } from '../../../runners/models/index.js';
import type { RunRecord } from '../../../records/run-record.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';
import type { SettingOverrides } from '../../../strategies/setting-names.js';
import { madeOnce } from './made-once.js';

/** One factory for the file's runs: their readers share what they worked out of the same texts. */
const createModel = builtinModelFactory();

const run = madeOnce(
  async (strategy: string, set: SettingOverrides = {}, model: string = 'reader'): Promise<RunRecord> => {
    const scenario = await resolveScenario('reading');
    const spec = { scenario, strategy: resolveStrategy(strategy, set), model, window: 8192, run: 0 };
    return (await runScenario(spec, createModel)).record;
  },
);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('condensing to a target on the reading scenario at 8,192 tokens', () => {
  it('condenses several times, each to its goal, never at the floor, turns apart', async () => {
    const r = await run('target');
    expect(r.status).toBe('completed');
    expect(r.condensations.length).toBeGreaterThanOrEqual(2);
    for (const c of r.condensations) {
      expect(c.goal).not.toBeNull();
      expect(c.fillAfter).toBeLessThanOrEqual(c.goal ?? 0);
      expect(c.floor).toBe(false);
    }
    expect(mean(r.gaps)).toBeGreaterThanOrEqual(3);
  });

  it('with the target set at the budget, caps every goal at 30% of the window, two or more turns apart', async () => {
    const r = await run('target', { 'context.budget': 0.5, 'context.target': 0.5 });
    expect(r.status).toBe('completed');
    expect(r.condensations.length).toBeGreaterThanOrEqual(3);
    for (const c of r.condensations) {
      expect(c.goal ?? Infinity).toBeLessThanOrEqual(0.3 * 8192);
      expect(c.fillAfter).toBeLessThanOrEqual(c.goal ?? 0);
    }
    expect(Math.min(...r.gaps)).toBeGreaterThanOrEqual(2);
  });

  it('without the guard, the same settings condense more often, many times a turn apart', async () => {
    // A margin of 0 lets the goal sit at the budget less the headroom, just under the next trigger.
    const half = { 'context.budget': 0.5, 'context.target': 0.5 };
    const guarded = await run('target', half);
    const unguarded = await run('target', { ...half, 'context.targetMargin': 0 });
    expect(unguarded.condensations.length).toBeGreaterThan(guarded.condensations.length);
    expect(unguarded.gaps.filter((g) => g === 1).length * 2).toBeGreaterThanOrEqual(unguarded.gaps.length);
  });

  it('under dropping, condenses before almost every turn once it starts', async () => {
    const r = await run('dropping');
    const ones = r.gaps.filter((g) => g === 1).length;
    expect(ones * 2).toBeGreaterThan(r.gaps.length);
    const target = await run('target');
    expect(r.condensations.length).toBeGreaterThan(target.condensations.length);
  });

  it.each(['reader-counting', 'reader-strict'])(
    'completes on %s through the overflow path or the ahead check',
    async (model) => {
      const r = await run('target', {}, model);
      expect(r.status).toBe('completed');
      expect(r.condensations.length).toBeGreaterThan(0);
      if (model === 'reader-strict') {
        // Its window is unknown until the first overflow reports it.
        expect(r.retries.overflow).toBe(1);
        expect(r.condensations[0]?.reason).toBe('overflow');
      }
    },
  );
});
