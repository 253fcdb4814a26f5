import { describe, expect, it } from 'vitest';
import {
  contentMask,
  exitStatusOf,
  isStreamFrame,
  isTrailer,
  marksCut,
  pagingOffset,
} from '../../../engine/output/trailers.js';

const trailers = [
  '[more from offset 42]',
  '[end of file]',
  '[truncated: the store keeps 16 MiB]',
  '[timed out after 30 s]',
  '[… 2,270 lines (180 KiB) held back …]',
  'held back: lines 44–2,313 (180 KiB); output 3f9a2c1b keeps all of it (2,340 lines)',
];

describe('trailers: the notes a tool or the bound appends', () => {
  it('are whole lines: a paging hint, end of file, truncation, timeout, held-back marker and note', () => {
    for (const line of trailers) expect(isTrailer(line), line).toBe(true);
  });

  it('are not lines of content that only mention one', () => {
    const content = [
      'see [more from offset 42]',
      '[more from offset 42] for the rest',
      'we reached [end of file]',
      '[end of file] reached',
      'the log was [truncated: at 16 MiB]',
      '[truncated: at 16 MiB] or not',
      'the job [timed out after 30 s]',
      '[timed out after 30 s] twice',
      'a line [… 3 lines held back …]',
      '[… 3 lines held back …] and more',
      'nothing is held back: every line is shown',
    ];
    for (const line of content) expect(isTrailer(line), line).toBe(false);
  });

  it('say something was cut out at their place only for truncation and held-back lines', () => {
    expect(trailers.map(marksCut)).toEqual([false, false, true, false, true, false]);
  });

  it('give the offset of a read_file paging hint', () => {
    expect(pagingOffset('[more from offset 42]')).toBe(42);
    expect(pagingOffset('[end of file]')).toBeUndefined();
  });
});

describe("a command's result", () => {
  it('is known by its first line, which gives its exit status', () => {
    expect(exitStatusOf('exit status: 1')).toBe('1');
    expect(exitStatusOf('exit status: none (killed by SIGTERM)')).toBe('none (killed by SIGTERM)');
    expect(exitStatusOf('the exit status: 1')).toBeUndefined();
    expect(exitStatusOf(undefined)).toBeUndefined();
  });

  it('has its status line, stream frames and trailers marked as not content', () => {
    const lines = ['exit status: 1', 'stdout:', 'built', 'stderr:', 'warning: one', '[timed out after 30 s]'];
    expect(contentMask(lines)).toEqual([false, false, true, false, true, false]);
    expect(isStreamFrame('stderr:')).toBe(true);
    expect(isStreamFrame('stderr: one')).toBe(false);
  });

  it('is the only result whose `stdout:` and `stderr:` lines are frames', () => {
    expect(contentMask(['# notes', 'stdout:', 'stderr:', '[end of file]'])).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
