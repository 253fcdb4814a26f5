import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../reports/stats/paired-comparison.js';
import { makeRecord } from '../record-fixture.js';

const runs = (strategy: string, correct: number[], window = 8192, scenario = 'codename') =>
  correct.map((c, run) => makeRecord({ scenario, strategy, window, run, correct: c, abstained: 5 - c }));

describe('comparing two sets of runs', () => {
  it('pairs runs by run number and gives the paired figures, worked by hand', () => {
    // Correct 2, 3, 4 against 3, 5, 4: differences 1, 2, 0; mean 1, sd 1;
    // interval 1 ± 4.302653/√3 = [−1.484138, 3.484138]; p: |±1 ±2 ±0| reaches 3 in 4 of 8, 0.5.
    const comparison = compareRuns(runs('target', [2, 3, 4]), runs('target', [3, 5, 4]));
    expect(comparison.cells).toHaveLength(1);
    const correct = comparison.cells[0]?.figures.correct;
    expect(correct).toMatchObject({ pairs: 3, baseline: 3, candidate: 4, p: 0.5, method: 'exact' });
    expect(correct?.difference).toMatchObject({ n: 3, mean: 1, sd: 1 });
    expect(correct?.difference.ciLow).toBeCloseTo(-1.484138, 5);
    expect(correct?.difference.ciHigh).toBeCloseTo(3.484138, 5);
    // The abstentions move the other way by as much.
    expect(comparison.cells[0]?.figures.abstained.difference.mean).toBe(-1);
    expect(comparison.cells[0]?.figures.abstained.p).toBe(0.5);
  });

  it('pairs per cell and pools the pairs per scenario and over all', () => {
    const baseline = [
      ...runs('target', [2, 2], 8192),
      ...runs('target', [4, 4], 4096),
      ...runs('target', [1], 8192, 'reading'),
    ];
    const candidate = [
      ...runs('target', [3, 3], 8192),
      ...runs('target', [5, 5], 4096),
      ...runs('target', [1], 8192, 'reading'),
    ];
    const comparison = compareRuns(baseline, candidate);
    // Cells by scenario, strategy, model and window, whatever order the runs were given in.
    expect(comparison.cells.map((c) => [c.scenario, c.window, c.pairs])).toEqual([
      ['codename', 4096, 2],
      ['codename', 8192, 2],
      ['reading', 8192, 1],
    ]);
    // codename: four differences of 1; only all-plus and all-minus reach |4|: 2 of 16.
    const codename = comparison.scenarios.find((s) => s.scenario === 'codename');
    expect(codename?.figures.correct).toMatchObject({ pairs: 4, p: 0.125 });
    expect(codename?.figures.correct.difference).toMatchObject({ mean: 1, sd: 0, ciLow: 1, ciHigh: 1 });
    // One pair gives a mean difference and no interval.
    const reading = comparison.cells[2]?.figures.correct;
    expect(reading?.difference).toMatchObject({ n: 1, mean: 0, sd: null, ciLow: null });
    expect(comparison.overall.pairs).toBe(5);
    expect(comparison.overall.figures.correct.difference.mean).toBeCloseTo(0.8, 12);
  });

  it('names the cells found on one side only and the runs without a partner', () => {
    const baseline = [...runs('target', [2, 2, 2]), ...runs('dropping', [1])];
    const candidate = [...runs('target', [3, 3]), ...runs('facts', [4])];
    const comparison = compareRuns(baseline, candidate);
    expect(comparison.cells[0]?.unpaired).toEqual({ baseline: [2], candidate: [] });
    expect(comparison.onlyInBaseline.map((k) => k.strategy)).toEqual(['dropping']);
    expect(comparison.onlyInCandidate.map((k) => k.strategy)).toEqual(['facts']);
  });

  it('sets two strategies of one folder against each other', () => {
    const folder = [...runs('target', [3, 3, 3]), ...runs('target-0.5', [2, 2, 3])];
    const comparison = compareRuns(folder, folder, {
      axis: { axis: 'strategy', baseline: 'target', candidate: 'target-0.5' },
    });
    expect(comparison.cells).toHaveLength(1);
    expect(comparison.cells[0]).toMatchObject({
      baselineStrategy: 'target',
      candidateStrategy: 'target-0.5',
      pairs: 3,
    });
    // Differences −1, −1, 0: |±1 ±1 ±0| reaches 2 in 4 of 8, p = 0.5.
    expect(comparison.cells[0]?.figures.correct).toMatchObject({ baseline: 3, candidate: 7 / 3, p: 0.5 });
    expect(comparison.onlyInBaseline).toEqual([]);
  });

  it('sets two windows against each other, pairing by the axes that match', () => {
    const folder = [
      ...runs('target', [2, 2], 8192),
      ...runs('target', [3, 4], 32768),
      ...runs('dropping', [1, 1], 8192),
      ...runs('dropping', [1, 2], 32768),
      ...runs('dropping', [5], 4096),
    ];
    const comparison = compareRuns(folder, folder, {
      axis: { axis: 'window', baseline: 8192, candidate: 32768 },
    });
    expect(
      comparison.cells.map((c) => [
        c.baselineStrategy,
        c.window,
        c.candidateWindow,
        c.figures.correct.difference.mean,
      ]),
    ).toEqual([
      ['dropping', 8192, 32768, 0.5],
      ['target', 8192, 32768, 1.5],
    ]);
    // The window neither side chose is no cell of the comparison.
    expect(comparison.onlyInBaseline).toEqual([]);
    expect(comparison.onlyInCandidate).toEqual([]);
  });

  it('sets two models against each other and names the cells one model lacks', () => {
    const on = (model: string, correct: number[], scenario = 'codename') =>
      correct.map((c, run) => makeRecord({ scenario, model, run, correct: c }));
    const baseline = [...on('reader', [3, 3]), ...on('reader', [1], 'reading')];
    const candidate = on('reader-counting', [2, 3]);
    const comparison = compareRuns(baseline, candidate, {
      axis: { axis: 'model', baseline: 'reader', candidate: 'reader-counting' },
    });
    expect(comparison.cells).toHaveLength(1);
    expect(comparison.cells[0]).toMatchObject({
      model: 'reader',
      candidateModel: 'reader-counting',
      pairs: 2,
    });
    expect(comparison.cells[0]?.figures.correct).toMatchObject({ baseline: 3, candidate: 2.5 });
    expect(comparison.onlyInBaseline).toEqual([
      { scenario: 'reading', strategy: 'target', model: 'reader', window: 8192 },
    ]);
  });

  it('has no cells and no p-values when nothing pairs', () => {
    const comparison = compareRuns(runs('target', [3]), runs('dropping', [3]));
    expect(comparison.cells).toEqual([]);
    expect(comparison.scenarios).toEqual([]);
    expect(comparison.overall.pairs).toBe(0);
    expect(comparison.overall.figures.correct).toMatchObject({
      pairs: 0,
      baseline: null,
      p: null,
      method: null,
    });
  });

  it('leaves out of a figure the pairs in which either run lacks it', () => {
    const baseline = [makeRecord({ run: 0, condensedAt: [3, 5] }), makeRecord({ run: 1, condensedAt: [3] })];
    const candidate = [
      makeRecord({ run: 0, condensedAt: [3, 6] }),
      makeRecord({ run: 1, condensedAt: [2, 4] }),
    ];
    const gap = compareRuns(baseline, candidate).cells[0]?.figures.gap;
    expect(gap).toMatchObject({ pairs: 1, baseline: 2, candidate: 3 });
  });
});
