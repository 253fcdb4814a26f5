/**
 * What the end of `run` and `checkpoint` prints: the tables asked for, and on stderr, under --json as
 * on a terminal, a line for every failed run and every run whose probes' evidence never entered it.
 */
import { describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { gateLine } from '../../../runners/cli/commands/checkpoint.js';
import { printResults } from '../../../runners/cli/results-output.js';
import { makeRecord } from '../../reports/record-fixture.js';

const completed = makeRecord({ run: 0, correct: 2 });
const failed = makeRecord({
  run: 1,
  status: 'failed',
  error: { code: 'MODEL_FAILED', message: 'connection refused', turn: null },
});
const unread = makeRecord({ run: 2, abstained: 2, outcomes: { neverEntered: 2 } });
unread.probes = unread.probes.map((p) => ({ ...p, outcome: 'never-entered' as const }));
const records = [completed, failed, unread];

describe('the end of a run', () => {
  it('under --json puts each failed run and the never-entered probes on stderr, nothing on stdout', () => {
    const io = bufferIO();
    printResults(records, 'results/x', { json: true, runRows: true, cells: false }, io);
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toEqual([
      'results: results/x',
      'wisp-eval: codename.target.reader.w8192.r1: failed before its first turn: MODEL_FAILED: connection refused',
      "wisp-eval: warning: codename.target.reader.w8192.r2: never entered: abstained-0, abstained-1 (their evidence was in no request of the run before the question; counted apart, not as the engine's loss)",
    ]);
  });

  it('shows a row per run, or the cells with their means and intervals, as asked', () => {
    const rows = bufferIO();
    printResults(records, 'results/x', { json: false, runRows: true, cells: false }, rows);
    expect(rows.stdout[0]).toMatch(/^scenario +strategy +model +window +run +correct +delivered /);
    expect(rows.stdout.filter((l) => l.startsWith('codename '))).toHaveLength(3);

    const cells = bufferIO();
    printResults(records, 'results/x', { json: false, runRows: false, cells: true }, cells);
    expect(cells.stdout[0]).toMatch(
      /^scenario +strategy +model +window +runs +failed +correct +correct 95% CI /,
    );
    expect(cells.stdout[0]).toMatch(/ delivered +missed +not-delivered +never-entered +alarm +truncated /);
    // One cell of three runs, one failed: left out of the means, counted apart.
    expect(cells.stdout.filter((l) => l.startsWith('codename '))).toEqual([
      expect.stringMatching(/^codename +target +reader +8192 +3 +1 +1\.00 ± 1\.41 +\[-11\.71, 13\.71\] /),
    ]);
    expect(cells.stdout).toContain(
      'codename.target.reader.w8192.r1: failed before its first turn: connection refused',
    );
    expect(cells.stderr.some((l) => l.includes('never entered: abstained-0, abstained-1'))).toBe(true);
  });
});

describe('the gate’s line', () => {
  it('says passed with its rules, or how many breaches, or that there is no gate', () => {
    expect(gateLine(6, 0)).toBe('gate: passed, 6 rules');
    expect(gateLine(1, 0)).toBe('gate: passed, 1 rule');
    expect(gateLine(6, 2)).toBe('gate: failed, 2 breaches of 6 rules');
    expect(gateLine(0, 0)).toBe('gate: none (the spec bounds no figure)');
  });
});
