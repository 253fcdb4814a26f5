import { describe, expect, it } from 'vitest';
import {
  opensFile,
  readRequestFigures,
  readRequestLines,
  type ReadTrial,
} from '../../reports/read-request-figures.js';

const shapes = ['top', 'folder'];
const paths: Record<string, string> = { top: 'limits.txt', folder: 'notes/setup.md' };

function trials(
  template: number,
  read: boolean,
  context: ReadTrial['context'],
  opened: Record<string, boolean>,
): ReadTrial[] {
  return shapes.map((shape) => ({
    template,
    text: `template ${template} {file}`,
    read,
    context,
    shape,
    path: paths[shape] ?? '',
    opened: opened[shape] ?? false,
    contextReady: true,
  }));
}

describe('read requests', () => {
  it('finds a read_file of the path among the calls, and nothing else', () => {
    const read = (path: unknown) => ({ tool: 'read_file', arguments: { path } });
    expect(opensFile([read('notes/setup.md')], 'notes/setup.md')).toBe(true);
    expect(opensFile([read('./notes/setup.md')], 'notes/setup.md')).toBe(true);
    expect(opensFile([read('notes/other.md'), read('setup.md')], 'notes/setup.md')).toBe(false);
    expect(opensFile([{ tool: 'edit_file', arguments: { path: 'notes/setup.md' } }], 'notes/setup.md')).toBe(
      false,
    );
    expect(opensFile([read(42)], '42')).toBe(false);
    expect(opensFile([], 'notes/setup.md')).toBe(false);
  });

  it('counts a read: true template as opening only when it opens the file with every shape', () => {
    const figures = readRequestFigures(
      [
        ...trials(0, true, 'unread', { top: true, folder: true }),
        ...trials(1, true, 'unread', { top: true, folder: false }),
        ...trials(2, true, 'unread', {}),
      ],
      shapes,
    );
    expect(figures.readTrue).toEqual({ total: 3, opened: 1, perShape: { top: 2, folder: 1 } });
    expect(figures.failures).toEqual([
      { text: 'template 1 {file}', read: true, context: 'unread', shapes: ['folder'] },
      { text: 'template 2 {file}', read: true, context: 'unread', shapes: ['top', 'folder'] },
    ]);
  });

  it('counts a read: false template as opening when it opens the file with any shape, in each context apart', () => {
    const figures = readRequestFigures(
      [
        ...trials(3, false, 'read', { folder: true }),
        ...trials(3, false, 'unread', {}),
        ...trials(4, false, 'read', {}),
        ...trials(4, false, 'unread', { top: true, folder: true }),
      ],
      shapes,
    );
    expect(figures.readTrue).toEqual({ total: 0, opened: 0, perShape: { top: 0, folder: 0 } });
    expect(figures.readFalse).toEqual({
      total: 2,
      opened: 1,
      openedUnread: 1,
      perShape: { top: { read: 0, unread: 1 }, folder: { read: 1, unread: 1 } },
    });
    expect(figures.failures.map((f) => [f.text, f.context, f.shapes])).toEqual([
      ['template 3 {file}', 'read', ['folder']],
      ['template 4 {file}', 'unread', ['top', 'folder']],
    ]);
  });

  it('counts trials whose earlier turn did not set the context up, and says so', () => {
    const [first, second] = trials(0, true, 'unread', { top: true, folder: true });
    const figures = readRequestFigures([first!, { ...second!, contextReady: false }], shapes);
    expect(figures.contextNotReady).toBe(1);
    expect(readRequestLines(figures)).toContain(
      'read requests: in 1 trials the earlier turn did not set the context up',
    );
  });

  it('prints the counts, then each failing template with its shapes', () => {
    const lines = readRequestLines(
      readRequestFigures(
        [...trials(0, true, 'unread', { top: true }), ...trials(1, false, 'read', { top: true })],
        shapes,
      ),
    );
    expect(lines[0]).toBe(
      'read requests: 0 of 1 read: true templates opened their file with every path shape (per shape: top 1, folder 0)',
    );
    expect(lines[1]).toMatch(
      /^read requests: 1 of 1 read: false templates opened the file after it was read, 0 of 1 where it was not/,
    );
    expect(lines.slice(2)).toEqual([
      'read-request failures:',
      '  not opened [folder]: "template 0 {file}"',
      '  opened (file read before) [top]: "template 1 {file}"',
    ]);
  });
});
