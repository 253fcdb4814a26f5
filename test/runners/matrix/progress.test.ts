import { describe, expect, it } from 'vitest';
import { duration, Progress } from '../../../runners/matrix/progress.js';
import type { RunRecord } from '../../../records/run-record.js';

const completed = { status: 'completed' } as RunRecord;
const failed = { status: 'failed' } as RunRecord;

describe('progress on stderr', () => {
  it('keeps one line up to date on a terminal: done, failed, elapsed and the time left', () => {
    let now = 0;
    const shown: string[] = [];
    const progress = new Progress(10, 2, { status: (l) => shown.push(l), err: () => {} }, () => now);
    now = 2000;
    progress.finished(completed);
    now = 4000;
    progress.finished(failed);
    progress.end();
    expect(shown).toEqual([
      'runs 2/10 done, 2 already, 0 failed, 0 s elapsed',
      'runs 3/10 done, 2 already, 0 failed, 2 s elapsed, about 14 s left',
      'runs 4/10 done, 2 already, 1 failed, 4 s elapsed, about 12 s left',
      '',
    ]);
  });

  it('writes a plain line at most every interval elsewhere, and nothing when the runs are quick', () => {
    let now = 0;
    const lines: string[] = [];
    const progress = new Progress(3, 0, { err: (l) => lines.push(l) }, () => now, 10_000);
    now = 5000;
    progress.finished(completed);
    expect(lines).toEqual([]);
    now = 12_000;
    progress.finished(completed);
    now = 13_000;
    progress.finished(completed);
    expect(lines).toEqual(['runs 2/3 done, 0 failed, 12 s elapsed, about 6 s left']);
  });

  it('tells seconds and minutes', () => {
    expect(duration(42.4)).toBe('42 s');
    expect(duration(185)).toBe('3 min 5 s');
  });
});
