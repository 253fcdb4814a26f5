import { describe, expect, it } from 'vitest';
import { condensedAnswer, notableLines, pageLines } from '../../../../runners/models/reader/digest.js';

const page = (lines: string[], question?: string) =>
  [
    'Choose or answer.',
    ...(question ? [`Question: ${question}`] : []),
    'Page of a stored output: output run-1, page 1 of 1, lines 10-14 of 14',
    ...lines.map((line, i) => `${i + 10}\t${line}`),
  ].join('\n');

describe('the reader on a page of a stored output', () => {
  const lines = [
    'compiling module one',
    'warning: unused variable in src/a.js',
    'ERROR: cannot resolve ./missing.js',
    'compiling module two',
    '3 files, 1 error, 1 warning',
  ];

  it('reads the numbered lines after the page marker only', () => {
    expect(pageLines(page(lines)).map((l) => l.n)).toEqual([10, 11, 12, 13, 14]);
    expect(pageLines('no marker\n1\tline')).toEqual([]);
  });

  it('names the lines that report an error, a warning or a count, in order, and none on a quiet page', () => {
    expect(notableLines(page(lines))).toEqual({ notable: [11, 12, 14] });
    expect(notableLines(page(['compiling one', 'compiling two']))).toEqual({ notable: [] });
  });

  it('answers a question the page answers, and says found false when it does not', () => {
    const answered = condensedAnswer(page(lines, 'What cannot be resolved?'));
    expect(answered.found).toBe(true);
    expect(answered.answer).toContain('missing.js');
    expect(condensedAnswer(page(lines, 'Who is the release manager?'))).toEqual({ found: false, answer: '' });
  });
});
