import { describe, expect, it } from 'vitest';
import { ThresholdError } from '../../../reports/errors.js';
import { compareRuns } from '../../../reports/stats/paired-comparison.js';
import { parseThreshold, thresholdBreaches } from '../../../reports/stats/thresholds.js';
import { makeRecord } from '../record-fixture.js';

describe('--fail-if thresholds', () => {
  it('read FIGURE-drop=AMOUNT and FIGURE-rise=AMOUNT, in units or as a percentage', () => {
    expect(parseThreshold('score-drop=0.5')).toEqual({
      text: 'score-drop=0.5',
      figure: 'correct',
      direction: 'drop',
      amount: 0.5,
      percent: false,
    });
    expect(parseThreshold('wrong-rise=0')).toMatchObject({ figure: 'wrong', direction: 'rise', amount: 0 });
    expect(parseThreshold('calls-rise=10%')).toMatchObject({ figure: 'calls', amount: 10, percent: true });
    expect(parseThreshold('calls-turn-rise=2')).toMatchObject({ figure: 'calls-turn', amount: 2 });
    expect(parseThreshold('time-model-rise=25%')).toMatchObject({ figure: 'time-model', percent: true });
  });

  it.each([
    ['score<0.5', /--fail-if score<0\.5: expected FIGURE-drop=AMOUNT or FIGURE-rise=AMOUNT/],
    ['speed-drop=1', /--fail-if speed-drop=1: unknown figure "speed"/],
    ['score-drop=', /"" is no amount/],
    ['score-drop=-1', /"-1" is no amount/],
    ['score-drop=lots', /"lots" is no amount/],
    ['score-fall=1', /expected FIGURE-drop=AMOUNT/],
  ])('refuse %s with one line saying what is allowed', (text, message) => {
    expect(() => parseThreshold(text)).toThrow(ThresholdError);
    expect(() => parseThreshold(text)).toThrow(message);
  });

  const cell = (strategy: string, correct: number[], calls: number[], window = 8192) =>
    correct.map((c, run) =>
      makeRecord({ strategy, window, run, correct: c, wrong: 3 - c, calls: { turn: calls[run] ?? 0 } }),
    );

  it('fail a cell whose mean moved beyond the amount, and pass one at it', () => {
    const baseline = [...cell('target', [3, 3], [20, 20]), ...cell('target', [3, 3], [20, 20], 4096)];
    const candidate = [...cell('target', [2, 3], [22, 22]), ...cell('target', [2, 2], [21, 23], 4096)];
    const comparison = compareRuns(baseline, candidate);
    const breaches = thresholdBreaches(
      comparison,
      ['score-drop=0.5', 'wrong-rise=0', 'calls-rise=10%'].map(parseThreshold),
    );
    // w8192: correct 3 → 2.5, a drop of exactly 0.5: not beyond. w4096: 3 → 2, beyond.
    // wrong rises in both; calls rise by 2 on 20 in both: 10%, at the limit, not beyond.
    expect(breaches.map((b) => [b.threshold, b.window, b.change, b.limit])).toEqual([
      ['score-drop=0.5', 4096, 1, 0.5],
      ['wrong-rise=0', 4096, 1, 0],
      ['wrong-rise=0', 8192, 0.5, 0],
    ]);
    expect(thresholdBreaches(comparison, [parseThreshold('calls-rise=5%')])).toHaveLength(2);
    expect(thresholdBreaches(comparison, [parseThreshold('score-rise=0')])).toEqual([]);
  });

  it('take the honesty figures and failed runs under the names every report uses', () => {
    expect(parseThreshold('alarm-rise=0')).toMatchObject({ figure: 'alarm', direction: 'rise', amount: 0 });
    expect(parseThreshold('delivered-drop=1')).toMatchObject({ figure: 'delivered', direction: 'drop' });
    expect(parseThreshold('truncated-rise=0')).toMatchObject({ figure: 'truncated' });
    expect(parseThreshold('failed-rise=0')).toMatchObject({ figure: 'failed' });
    // The checkpoint gate's old name for calls is kept.
    expect(parseThreshold('modelCalls-rise=10%')).toMatchObject({ figure: 'calls', percent: true });
    const on = (
      window: number,
      delivered: number[],
      alarm: number[],
      status: 'completed' | 'failed' = 'completed',
    ) =>
      delivered.map((d, run) =>
        makeRecord({
          window,
          run,
          status,
          ...(status === 'failed'
            ? { error: { code: 'MODEL_FAILED', message: 'connection refused', turn: null } }
            : {}),
          delivered: d,
          outcomes: { alarm: alarm[run] ?? 0 },
        }),
      );
    const baseline = [...on(8192, [4, 4], [0, 0]), ...on(4096, [4, 4], [0, 0])];
    const candidate = [
      ...on(8192, [3, 2], [0, 1]),
      ...on(4096, [4, 3], [0, 0]),
      ...on(4096, [0], [0], 'failed').map((r) => ({ ...r, run: 2 })),
    ];
    const comparison = compareRuns(baseline, candidate);
    const breaches = thresholdBreaches(
      comparison,
      ['alarm-rise=0', 'delivered-drop=1', 'failed-rise=0'].map(parseThreshold),
    );
    // w8192: an alarm in one of two runs (+0.5) and delivered 4 → 2.5 (a drop of 1.5, beyond 1);
    // w4096: delivered 4 → 3.5, within 1, and one failed run where the baseline had none.
    expect(breaches.map((b) => [b.threshold, b.window, b.change])).toEqual([
      ['alarm-rise=0', 8192, 0.5],
      ['delivered-drop=1', 8192, 1.5],
      ['failed-rise=0', 4096, 1],
    ]);
  });
});
