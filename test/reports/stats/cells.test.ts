import { describe, expect, it } from 'vitest';
import { groupByCell, summariseCells } from '../../../reports/stats/cells.js';
import { reportedTokens, runFigures } from '../../../reports/stats/run-figures.js';
import { makeRecord } from '../record-fixture.js';

describe('the figures of one run', () => {
  it('are read off the record', () => {
    const record = makeRecord({
      correct: 3,
      wrong: 1,
      abstained: 1,
      condensedAt: [4, 7, 9],
      calls: { turn: 10, distil: 2, summary: 1, assessment: 3 },
      turns: [{ estimated: [100, 200] }, { estimated: [300] }],
      totalMs: 250,
      delivered: 3,
      outcomes: { deliveredCorrect: 2, deliveredMissed: 1, notDelivered: 1, alarm: 1, neverEntered: 2 },
      truncated: 2,
    });
    expect(runFigures(record)).toEqual({
      correct: 3,
      fraction: 0.6,
      wrong: 1,
      abstained: 1,
      delivered: 3,
      missed: 1,
      'not-delivered': 1,
      'never-entered': 2,
      alarm: 1,
      truncated: 2,
      condensations: 3,
      gap: 2.5, // gaps 3 and 2
      calls: 16,
      'calls-turn': 10,
      'calls-distil': 2,
      'calls-summary': 1,
      'calls-assessment': 3,
      tokens: 600,
      'tokens-reported': null,
      time: 250,
      'time-model': 60,
      'time-engine': 30,
      'time-tool': 10,
    });
  });

  it('have no mean gap with fewer than two condensations, and no fraction without probes', () => {
    const figures = runFigures(makeRecord({ condensedAt: [5] }));
    expect(figures.gap).toBeNull();
    expect(figures.fraction).toBeNull();
  });

  it('sum the reported tokens, or the counted ones, only when every request has one', () => {
    expect(reportedTokens(makeRecord({ turns: [{ estimated: [100, 200], reported: [90, 180] }] }))).toBe(270);
    expect(
      reportedTokens(
        makeRecord({ turns: [{ estimated: [100, 200], reported: [90, null], counted: [null, 170] }] }),
      ),
    ).toBe(260);
    expect(
      reportedTokens(makeRecord({ turns: [{ estimated: [100, 200], reported: [90, null] }] })),
    ).toBeNull();
  });
});

describe('cells', () => {
  const records = [
    makeRecord({ strategy: 'target', run: 0, correct: 2, abstained: 1 }),
    makeRecord({ strategy: 'dropping', run: 0, correct: 1, abstained: 2 }),
    makeRecord({ strategy: 'target', run: 1, correct: 3 }),
    // Ended by the engine: a measurement, counted like any other run.
    makeRecord({
      strategy: 'target',
      run: 2,
      correct: 1,
      abstained: 2,
      status: 'failed',
      error: { code: 'CONTEXT_DOES_NOT_FIT', message: 'does not fit', turn: 5 },
    }),
    // Its model failed: it measures nothing, and is left out of every figure.
    makeRecord({
      strategy: 'target',
      run: 3,
      correct: 0,
      abstained: 0,
      status: 'failed',
      error: { code: 'MODEL_FAILED', message: 'cannot reach the server', turn: 1 },
    }),
    makeRecord({ strategy: 'target', window: 4096, run: 0, correct: 0, abstained: 3 }),
  ];

  it('group runs by scenario, strategy label, model and window, in that order whatever order the runs finished in', () => {
    const cells = (list: typeof records) =>
      groupByCell(list).map((g) => [g.key.strategy, g.key.window, g.records.map((r) => r.run)]);
    expect(cells(records)).toEqual([
      ['dropping', 8192, [0]],
      ['target', 4096, [0]],
      ['target', 8192, [0, 1, 2, 3]],
    ]);
    expect(cells([...records].reverse())).toEqual(cells(records));
  });

  it("summarise each cell's figures over its measured runs, failed runs counted apart and left out", () => {
    const [dropping, , target] = summariseCells(records);
    expect(target).toMatchObject({ strategy: 'target', window: 8192, runs: 4, failed: 1 });
    // correct 2, 3, 1: mean 2, sd 1, interval 2 ± 4.302653/√3.
    expect(target?.figures.correct).toMatchObject({ n: 3, mean: 2, sd: 1, min: 1, max: 3 });
    expect(target?.figures.correct.ciHigh).toBeCloseTo(4.484138, 5);
    // fraction 2/3, 3/3, 1/3: mean 2/3.
    expect(target?.figures.fraction.mean).toBeCloseTo(2 / 3, 12);
    expect(target?.figures.gap.n).toBe(0);
    expect(dropping?.figures.correct).toMatchObject({ n: 1, mean: 1, sd: null, ciLow: null, ciHigh: null });
  });

  it('are none for no records', () => {
    expect(summariseCells([])).toEqual([]);
  });
});
