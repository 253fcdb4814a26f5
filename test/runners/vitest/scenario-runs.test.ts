/**
 * What `describeScenario` checks when vitest collects an eval file, before any run: the scenario,
 * the strategies and their settings, the windows, the runs, the models and the probe ids, each
 * refused with the harness's one-line message; and the matrix's cells, in the order `run` makes them.
 */
import { describe, expect, it } from 'vitest';
import { chosenProbes } from '../../../runners/vitest/describe-scenario.js';
import { cellId, planScenario } from '../../../runners/vitest/scenario-runs.js';
import { defineScenario } from '../../../scenarios/schema.js';

const tiny = defineScenario({
  name: 'tiny',
  description: 'A codename said once, then asked for.',
  steps: [
    { say: 'The codename for the next release is BLUE HERON.' },
    { ask: 'What is the codename?', id: 'codename', expect: { any: ['BLUE HERON'] } },
    { ask: 'Who chose it?', id: 'chooser', expect: { abstain: true } },
  ],
});

describe('planScenario', () => {
  it('gives every strategy, model and window of the matrix, strategy first', async () => {
    const plan = await planScenario('codename', {
      strategies: ['dropping', { name: 'target', label: 'target-goal', set: { 'context.target': 0.5 } }],
      windows: [4096, 8192],
    });
    expect(plan.cells.map((cell) => cellId('codename', cell))).toEqual([
      'codename.dropping.reader.w4096',
      'codename.dropping.reader.w8192',
      'codename.target-goal.reader.w4096',
      'codename.target-goal.reader.w8192',
    ]);
    expect(plan.cells[2]?.strategy.settings.context.target).toBe(0.5);
    expect(plan.cells[0]?.strategy.settings.context.target).not.toBe(0.5);
    expect(plan.runs).toBe(1);
  });

  it('takes a defineScenario value', async () => {
    const plan = await planScenario(tiny, { strategies: ['target'], windows: [4096], runs: 2 });
    expect([plan.scenario.scenario.name, plan.runs, plan.cells.length]).toEqual(['tiny', 2, 1]);
  });

  it('refuses a scenario, a strategy, a setting, a window, a run count or a model it does not know', async () => {
    await expect(planScenario('nosuch', { strategies: ['target'], windows: [4096] })).rejects.toThrow(
      "unknown scenario 'nosuch'",
    );
    await expect(planScenario('codename', { strategies: ['nosuch'], windows: [4096] })).rejects.toThrow(
      'unknown strategy "nosuch"',
    );
    await expect(
      planScenario('codename', { strategies: ['target'], windows: [4096], set: { nosuch: 1 } }),
    ).rejects.toThrow(/nosuch/);
    await expect(planScenario('codename', { strategies: ['target'], windows: [100] })).rejects.toThrow(
      'window 100: give a whole number of tokens, 256 or more',
    );
    await expect(
      planScenario('codename', { strategies: ['target'], windows: [4096], runs: 0 }),
    ).rejects.toThrow('runs 0: give a whole number of 1 or more');
    await expect(planScenario('codename', { strategies: [], windows: [4096] })).rejects.toThrow(
      'strategies: give at least one strategy',
    );
    await expect(
      planScenario('codename', { strategies: ['target'], windows: [4096], models: ['nosuch'] }),
    ).rejects.toThrow(/nosuch/);
  });
});

describe('chosenProbes', () => {
  it('gives every probe by default, or those named in the scenario order', () => {
    expect(chosenProbes(tiny, { strategies: [], windows: [] })).toEqual(['codename', 'chooser']);
    expect(chosenProbes(tiny, { strategies: [], windows: [], probes: ['chooser', 'codename'] })).toEqual([
      'codename',
      'chooser',
    ]);
  });

  it('refuses a probe id the scenario lacks, in probes or in abstain', () => {
    expect(() => chosenProbes(tiny, { strategies: [], windows: [], probes: ['nosuch'] })).toThrow(
      'probe nosuch: scenario tiny has no such probe; its probes are codename, chooser',
    );
    expect(() => chosenProbes(tiny, { strategies: [], windows: [], abstain: ['nosuch'] })).toThrow(
      'probe nosuch: scenario tiny has no such probe',
    );
  });
});
