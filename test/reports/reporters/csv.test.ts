import { describe, expect, it } from 'vitest';
import { SUMMARY_CSV_COLUMNS, summaryCsv } from '../../../reports/reporters/summary-csv.js';
import { TURNS_CSV_COLUMNS, turnsCsv } from '../../../reports/reporters/turns-csv.js';
import { makeRecord } from '../record-fixture.js';

/** Rows of a CSV whose cells hold no commas or quotes, as objects by column. */
function rowsOf(csv: string): Record<string, string>[] {
  const [header = '', ...lines] = csv.trimEnd().split('\n');
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i] ?? '', v])));
}

describe('summary.csv', () => {
  it('opens with the cell, its runs, then n, mean, sd, min, max and interval of each figure', () => {
    expect(SUMMARY_CSV_COLUMNS.slice(0, 13)).toEqual([
      'scenario',
      'strategy',
      'model',
      'window',
      'runs',
      'failed',
      'correct.n',
      'correct.mean',
      'correct.sd',
      'correct.min',
      'correct.max',
      'correct.ci-low',
      'correct.ci-high',
    ]);
    expect(SUMMARY_CSV_COLUMNS).toContain('tokens-reported.mean');
    expect(SUMMARY_CSV_COLUMNS).toContain('time-tool.ci-high');
    expect(summaryCsv([]).trimEnd()).toBe(SUMMARY_CSV_COLUMNS.join(','));
  });

  it('has a row per cell with its statistics, empty where a figure has none', () => {
    const csv = summaryCsv([
      makeRecord({ run: 0, correct: 1, abstained: 2 }),
      makeRecord({ run: 1, correct: 2, abstained: 1 }),
      makeRecord({ run: 2, correct: 3 }),
      makeRecord({ strategy: 'dropping', correct: 2, abstained: 1 }),
    ]);
    // Cells come in one order, whatever order the runs are given in: scenario, strategy, model, window.
    const [dropping, target] = rowsOf(csv);
    expect(target).toMatchObject({
      scenario: 'codename',
      strategy: 'target',
      window: '8192',
      runs: '3',
      failed: '0',
      'correct.n': '3',
      'correct.mean': '2',
      'correct.sd': '1',
      'correct.ci-low': '-0.4841',
      'correct.ci-high': '4.4841',
      'fraction.mean': '0.6667', // 1/3, 2/3, 3/3
      'gap.n': '0',
      'gap.mean': '',
    });
    expect(dropping).toMatchObject({
      runs: '1',
      'correct.mean': '2',
      'correct.sd': '',
      'correct.ci-low': '',
    });
  });
});

describe('summary.csv: the honesty figures', () => {
  it('has delivered, the outcome cells (alarm among them) and truncated, each with its statistics', () => {
    for (const figure of ['delivered', 'missed', 'not-delivered', 'never-entered', 'alarm', 'truncated'])
      expect(SUMMARY_CSV_COLUMNS).toContain(`${figure}.mean`);
    const [row] = rowsOf(
      summaryCsv([
        makeRecord({
          run: 0,
          correct: 3,
          delivered: 3,
          outcomes: { alarm: 0, neverEntered: 1 },
          truncated: 0,
        }),
        makeRecord({
          run: 1,
          correct: 3,
          delivered: 2,
          outcomes: { alarm: 1, neverEntered: 0 },
          truncated: 2,
        }),
      ]),
    );
    expect(row).toMatchObject({
      'delivered.n': '2',
      'delivered.mean': '2.5',
      'delivered.min': '2',
      'delivered.max': '3',
      'alarm.mean': '0.5',
      'alarm.max': '1',
      'never-entered.mean': '0.5',
      'truncated.mean': '1',
    });
  });
});

describe('turns.csv', () => {
  it('has a row per turn of every run, with the fill of the turns that condensed', () => {
    const record = makeRecord({
      condensedAt: [2],
      turns: [
        { estimated: [1000], reported: [900] },
        { estimated: [4000, 6144], reported: [3600, null] },
      ],
    });
    const rows = rowsOf(turnsCsv([record]));
    expect(Object.keys(rows[0] ?? {})).toEqual(TURNS_CSV_COLUMNS);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: 'codename.target.reader.w8192.r0',
      turn: '1',
      condensations: '0',
      'fill-before': '',
      'fill-after': '',
      goal: '',
      'first-request': '1000',
      'largest-request': '1000',
      calls: '1',
      tokens: '1000',
      'tokens-reported': '900',
      'model-ms': '10',
    });
    expect(rows[1]).toMatchObject({
      turn: '2',
      condensations: '1',
      'fill-before': '7000',
      'fill-after': '4000',
      goal: '4900',
      'first-request': '4000',
      'largest-request': '6144',
      'largest-share': '0.75',
      calls: '2',
      'tool-calls': '1',
      tokens: '10144',
      'tokens-reported': '',
    });
  });

  it('is its header alone without runs', () => {
    expect(turnsCsv([]).trimEnd()).toBe(TURNS_CSV_COLUMNS.join(','));
  });
});
