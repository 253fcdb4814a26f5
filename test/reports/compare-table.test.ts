/**
 * The compare table: a row per figure of each compared cell, the "all" rows only where they add
 * something (a scenario of several cells, more than one scenario), and tokens as whole numbers.
 */
import { describe, expect, it } from 'vitest';
import { COMPARE_FIGURES, comparisonLines } from '../../reports/compare-table.js';
import { compareRuns } from '../../reports/stats/paired-comparison.js';
import { makeRecord } from './record-fixture.js';

const runs = (scenario: string, window: number, tokens: number) =>
  [0, 1].map((run) =>
    makeRecord({ scenario, window, run, correct: 2, turns: [{ estimated: [tokens + run] }] }),
  );

describe('the compare table', () => {
  it('has one row per figure for a single cell, and no "all" rows that repeat it', () => {
    const lines = comparisonLines(
      compareRuns(runs('codename', 8192, 264187), runs('codename', 8192, 264100)),
    );
    expect(lines).toHaveLength(2 + COMPARE_FIGURES.length);
    expect(lines.filter((line) => /\sall\s/.test(line))).toEqual([]);
    // Tokens are whole numbers, not 264187.00.
    expect(lines.find((line) => /\stokens\s/.test(line))).toMatch(/\s264188\s+264101\s+-87\s/);
  });

  it('adds the scenario\'s "all" rows for several cells, and the overall ones only for several scenarios', () => {
    const one = comparisonLines(
      compareRuns(
        [...runs('codename', 8192, 100), ...runs('codename', 4096, 100)],
        [...runs('codename', 8192, 90), ...runs('codename', 4096, 90)],
      ),
    );
    const allRows = (lines: string[]) => lines.filter((line) => /\sall\s/.test(line));
    expect(allRows(one)).toHaveLength(COMPARE_FIGURES.length);
    expect(allRows(one).every((line) => line.startsWith('codename'))).toBe(true);
    const two = comparisonLines(
      compareRuns(
        [...runs('codename', 8192, 100), ...runs('reading', 8192, 100)],
        [...runs('codename', 8192, 90), ...runs('reading', 8192, 90)],
      ),
    );
    expect(allRows(two)).toHaveLength(3 * COMPARE_FIGURES.length);
    expect(allRows(two).filter((line) => line.startsWith('all'))).toHaveLength(COMPARE_FIGURES.length);
  });
});
