import { describe, expect, it } from 'vitest';
import { byteLength } from '../../../engine/measure/estimate.js';
import { readFileTool, readPage } from '../../../engine/tools/read-file.js';
import { WorkspaceError, type Workspace } from '../../../engine/tools/workspace.js';

const text =
  Array.from({ length: 300 }, (_, i) => `line ${i + 1} of a longer file, with some words`).join('\n') + '\n';

describe('read_file pages', () => {
  it('numbers lines and marks the end of a short file', () => {
    expect(readPage('alpha\nbeta\n', 1, 4096)).toBe('1\talpha\n2\tbeta\n[end of file]');
  });

  it('stops within the budget and names the next offset', () => {
    const page = readPage(text, 1, 1024);
    expect(byteLength(page)).toBeLessThanOrEqual(1024);
    const hint = /\[more from offset (\d+)\]$/.exec(page);
    expect(hint).not.toBeNull();
    const next = Number(hint?.[1]);
    expect(page.split('\n').at(-2)).toBe(`${next - 1}\tline ${next - 1} of a longer file, with some words`);
    // Paging from there continues where the first page stopped.
    expect(readPage(text, next, 1024).split('\n')[0]).toBe(
      `${next}\tline ${next} of a longer file, with some words`,
    );
  });

  it('reaches the end of file by paging', () => {
    let offset = 1;
    let pages = 0;
    for (;;) {
      const page = readPage(text, offset, 2048);
      pages += 1;
      const hint = /\[more from offset (\d+)\]$/.exec(page);
      if (!hint) {
        expect(page.endsWith('300\tline 300 of a longer file, with some words\n[end of file]')).toBe(true);
        break;
      }
      offset = Number(hint[1]);
    }
    expect(pages).toBeGreaterThan(3);
  });

  it('shows part of a line longer than a page rather than stalling', () => {
    const page = readPage('x'.repeat(10_000) + '\nnext\n', 1, 1024);
    expect(byteLength(page)).toBeLessThanOrEqual(1024);
    expect(page).toMatch(/\[line cut\]\n\[more from offset 2\]$/);
  });

  it('reports an offset past the end as an error the model sees', async () => {
    const ws: Workspace = { readText: async () => 'one\n', writeText: async () => {} };
    const result = await readFileTool(ws).run(
      { path: 'a', offset: 5 },
      { callId: 'c', turn: 1, budget: 4096, memory: false },
    );
    expect(result).toEqual({ ok: false, content: 'error: offset 5 is past the last line (1)' });
  });

  it('turns a workspace refusal into an error result', async () => {
    const ws: Workspace = {
      readText: async () => {
        throw new WorkspaceError('the path "/x" is absolute');
      },
      writeText: async () => {},
    };
    const result = await readFileTool(ws).run(
      { path: '/x' },
      { callId: 'c', turn: 1, budget: 4096, memory: false },
    );
    expect(result).toEqual({ ok: false, content: 'error: the path "/x" is absolute' });
  });
});
