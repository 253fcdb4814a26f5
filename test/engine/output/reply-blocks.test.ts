/**
 * How cutting splits a reply into blocks (the reference's "Cutting presentational text"): fenced
 * code blocks with their fence lines kept out of the comparison, paragraphs of consecutive non-blank
 * lines, and a Markdown table inside a paragraph as a block of rows compared as their cells.
 */
import { describe, expect, it } from 'vitest';
import { replyLines, rowCells, splitBlocks, type Block } from '../../../engine/output/reply-blocks.js';

function blocksOf(reply: string): Block[] {
  return splitBlocks(replyLines(reply));
}

/** Each block as its span of reply lines and the texts it compares (a row's prefixed with `|`). */
function shape(reply: string): [number, number, string[]][] {
  return blocksOf(reply).map((block) => [
    block.first,
    block.last,
    block.lines.map((line) => (line.row ? `| ${line.text}` : line.text)),
  ]);
}

describe("a reply's lines", () => {
  it('carry their UTF-8 byte ranges, the newline between them counted in neither', () => {
    expect(replyLines('Köln\n\n€ 5\n')).toEqual([
      { text: 'Köln', start: 0, end: 5 },
      { text: '', start: 6, end: 6 },
      { text: '€ 5', start: 7, end: 12 },
      { text: '', start: 13, end: 13 },
    ]);
  });

  it('end at CR LF as at LF, the CR in neither their text nor their range', () => {
    expect(replyLines('Köln\r\n€ 5')).toEqual([
      { text: 'Köln', start: 0, end: 5 },
      { text: '€ 5', start: 7, end: 12 },
    ]);
    const reply = ['The file:', '```yaml', 'schedule: nightly', '```', 'Done.'].join('\r\n');
    expect(shape(reply)).toEqual([
      [0, 0, ['The file:']],
      [1, 3, ['schedule: nightly']],
      [4, 4, ['Done.']],
    ]);
  });
});

describe('paragraphs', () => {
  it('are runs of non-blank lines; blank and whitespace-only lines separate them and belong to none', () => {
    expect(shape('First line\nsecond line\n   \nThird\n\n\nFourth\n')).toEqual([
      [0, 1, ['First line', 'second line']],
      [3, 3, ['Third']],
      [6, 6, ['Fourth']],
    ]);
    expect(shape('')).toEqual([]);
    expect(shape('\n \n\t\n')).toEqual([]);
  });
});

describe('fenced code blocks', () => {
  it('compare their inner lines only, blank ones included, and span their fence lines', () => {
    const reply = ['The file:', '```yaml', 'schedule: nightly', '', 'retries: 3', '```', 'Done.'].join('\n');
    expect(shape(reply)).toEqual([
      [0, 0, ['The file:']],
      [1, 5, ['schedule: nightly', '', 'retries: 3']],
      [6, 6, ['Done.']],
    ]);
  });

  it('open with three or more backticks or tildes indented at most three spaces', () => {
    expect(shape('   ~~~~\ncode\n   ~~~~')).toEqual([[0, 2, ['code']]]);
    expect(shape('    ```\ncode\n    ```')).toEqual([[0, 2, ['    ```', 'code', '    ```']]]);
    expect(shape('``\ncode\n``')).toEqual([[0, 2, ['``', 'code', '``']]]);
  });

  it('open only at the start of a line, with at least three of the character', () => {
    expect(shape('Wrap it in ~~~ like this\nor in ``` like that')).toEqual([
      [0, 1, ['Wrap it in ~~~ like this', 'or in ``` like that']],
    ]);
    expect(shape('~/harbour holds the config\n~~ two tildes\nthe end')).toEqual([
      [0, 2, ['~/harbour holds the config', '~~ two tildes', 'the end']],
    ]);
  });

  it('do not open on a backtick fence whose info string holds a backtick, but do on a tilde one', () => {
    expect(shape('``` a`b\ncode')).toEqual([[0, 1, ['``` a`b', 'code']]]);
    expect(shape('~~~ a`b\ncode\n~~~')).toEqual([[0, 2, ['code']]]);
  });

  it('close only on a fence of the same character, at least as long, with nothing after it but spaces', () => {
    const reply = ['````', '```', '~~~~', '```` sh', '````  ', 'after'].join('\n');
    expect(shape(reply)).toEqual([
      [0, 4, ['```', '~~~~', '```` sh']],
      [5, 5, ['after']],
    ]);
    expect(shape('```\nx\n   ```\ny')).toEqual([
      [0, 2, ['x']],
      [3, 3, ['y']],
    ]);
    expect(shape('```\nx\n    ```\ny')).toEqual([[0, 3, ['x', '    ```', 'y']]]);
  });

  it('run to the end of the reply when never closed', () => {
    expect(shape('Text\n```\nline one\n\nline two')).toEqual([
      [0, 0, ['Text']],
      [1, 4, ['line one', '', 'line two']],
    ]);
    expect(shape('```')).toEqual([[0, 0, []]]);
  });

  it('end the paragraph before them even without a blank line', () => {
    expect(shape('Here it is:\n~~~\nx = 1\n~~~\nand after')).toEqual([
      [0, 0, ['Here it is:']],
      [1, 3, ['x = 1']],
      [4, 4, ['and after']],
    ]);
  });
});

describe('tables in a paragraph', () => {
  const table = [
    'The pods:',
    '| NAME | STATUS |',
    '|:-----|-------:|',
    '| web-1 | Running |',
    '| web-2 | Pending |',
    'Two are up.',
  ].join('\n');

  it('are blocks of their own whose rows compare as cells, the header and separator being formatting', () => {
    expect(shape(table)).toEqual([
      [0, 0, ['The pods:']],
      [1, 4, ['| web-1 Running', '| web-2 Pending']],
      [5, 5, ['Two are up.']],
    ]);
  });

  it('need a separator row right under a header row with a pipe', () => {
    expect(shape('NAME STATUS\n--- | ---\nweb-1 | Running')).toEqual([
      [0, 2, ['NAME STATUS', '--- | ---', 'web-1 | Running']],
    ]);
    expect(shape('a | b\nno separator\nc | d')).toEqual([[0, 2, ['a | b', 'no separator', 'c | d']]]);
    expect(shape('a | b\n-----\nc | d')).toEqual([[0, 2, ['a | b', '-----', 'c | d']]]);
    expect(shape('a | b\n--- | x\nc | d')).toEqual([[0, 2, ['a | b', '--- | x', 'c | d']]]);
  });

  it('take no row with anything but dashes, colons and spaces between its pipes as a separator', () => {
    for (const row of ['|x--|--', '--|x--', '--|--x', 'x--|--']) {
      expect(shape(`a | b\n${row}\nc | d`), row).toEqual([[0, 2, ['a | b', row, 'c | d']]]);
    }
  });

  it('end before an opening fence right under them, even one whose info string holds a pipe', () => {
    expect(shape('a | b\n--|--\n1 | 2\n~~~ a|b\ncode\n~~~')).toEqual([
      [0, 2, ['| 1 2']],
      [3, 5, ['code']],
    ]);
  });

  it('take a separator without outer pipes, and a table at the start of a paragraph', () => {
    expect(shape('a | b\n:-- | --:\n1 | 2\n3 | 4')).toEqual([[0, 3, ['| 1 2', '| 3 4']]]);
  });

  it('end at the first line without a pipe; two tables in one paragraph are two blocks', () => {
    const two = ['a | b', '--|--', '1 | 2', 'between', 'c | d', '--|--', '3 | 4'].join('\n');
    expect(shape(two)).toEqual([
      [0, 2, ['| 1 2']],
      [3, 3, ['between']],
      [4, 6, ['| 3 4']],
    ]);
    expect(shape('a | b\n--|--')).toEqual([[0, 1, []]]);
  });

  it('leave the lines before a table in the paragraph as one text block', () => {
    expect(shape('one\ntwo\nh | i\n--|--\nr | s')).toEqual([
      [0, 1, ['one', 'two']],
      [2, 4, ['| r s']],
    ]);
  });
});

describe("a table row's cells", () => {
  it('are trimmed and joined by one space, the outer pipes dropped and escaped pipes kept as text', () => {
    expect(rowCells('| web-1 |  Running | 0 |')).toBe('web-1 Running 0');
    expect(rowCells('  web-1 | Running  ')).toBe('web-1 Running');
    expect(rowCells('| a \\| b | c \\|')).toBe('a | b c |');
    expect(rowCells('|a|')).toBe('a');
    expect(rowCells('  | web-1 | Running |  ')).toBe('web-1 Running');
    expect(rowCells('| web-1 | Running')).toBe('web-1 Running');
    expect(rowCells('| a | | c |')).toBe('a  c');
  });
});
