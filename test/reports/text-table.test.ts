import { describe, expect, it } from 'vitest';
import { formatTable, wrapWords } from '../../reports/text-table.js';

describe('text tables', () => {
  it('aligns columns to their widest cell and trims line ends', () => {
    expect(
      formatTable(
        ['name', 'n'],
        [
          ['a', '10'],
          ['longer', '2'],
        ],
      ),
    ).toEqual(['name    n', '------  --', 'a       10', 'longer  2']);
  });

  it('prints the header alone when there are no rows', () => {
    expect(formatTable(['x', 'y'], [])).toEqual(['x  y', '-  -']);
  });

  it('wraps the last column at spaces to the width, indented under it', () => {
    const rows = [['a', 'one two three four five six seven eight nine ten eleven twelve']];
    const lines = formatTable(['name', 'description'], rows, { width: 30 });
    expect(lines).toEqual([
      'name  description',
      '----  ------------------------',
      'a     one two three four five',
      '      six seven eight nine ten',
      '      eleven twelve',
    ]);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(30);
  });

  it('leaves a table that fits as it is, and keeps 20 columns for the last on a narrow terminal', () => {
    expect(formatTable(['name', 'n'], [['a', '10']], { width: 80 })).toEqual(
      formatTable(['name', 'n'], [['a', '10']]),
    );
    const narrow = formatTable(['a-long-name', 'd'], [['x', 'word '.repeat(10).trim()]], { width: 10 });
    expect(narrow.slice(2)).toEqual([
      'x            word word word word',
      '             word word word word',
      '             word word',
    ]);
  });
});

describe('wrapWords', () => {
  it('breaks at spaces and cuts a word longer than the room', () => {
    expect(wrapWords('short', 10)).toEqual(['short']);
    expect(wrapWords('ab cd ef', 5)).toEqual(['ab cd', 'ef']);
    expect(wrapWords('abcdefghijkl mn', 5)).toEqual(['abcde', 'fghij', 'kl mn']);
    expect(wrapWords('', 5)).toEqual(['']);
  });
});
