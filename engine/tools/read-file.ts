/**
 * read_file: a text file from the workspace, with numbered lines, a page at a time. A page never
 * exceeds the tool-output budget; a paging hint names the next offset, and the last page ends with
 * an end-of-file mark.
 */
import { byteLength } from '../measure/estimate.js';
import { errorResult, positiveIntArgument, stringArgument, type Tool, type ToolResult } from './tool.js';
import { WorkspaceError, type Workspace } from './workspace.js';
import { END_OF_FILE, pagingHint } from '../protocol.js';

/** One page of `text` from line `offset` (1-based), within `budget` bytes. */
export function readPage(text: string, offset: number, budget: number): string {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (offset > lines.length) {
    return lines.length === 0
      ? END_OF_FILE
      : `error: offset ${offset} is past the last line (${lines.length})`;
  }
  const room = budget - byteLength(pagingHint(lines.length)) - 1;
  const page: string[] = [];
  let used = 0;
  let next = offset;
  for (; next <= lines.length; next++) {
    let line = `${next}\t${lines[next - 1] ?? ''}`;
    const size = byteLength(line) + 1;
    if (used + size > room) {
      if (page.length > 0) break;
      // A single line longer than the page: show what fits of it, so paging always advances.
      line = line.slice(0, Math.max(0, room - 16)) + ' [line cut]';
    }
    page.push(line);
    used += size;
  }
  page.push(next <= lines.length ? pagingHint(next) : END_OF_FILE);
  return page.join('\n');
}

/** The read_file tool over a workspace. */
export function readFileTool(workspace: Workspace): Tool {
  return {
    readOnly: true,
    spec: {
      name: 'read_file',
      description: 'Read a text file of the workspace, a page at a time, with numbered lines.',
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'path relative to the workspace' },
          offset: { type: 'integer', description: 'first line to read, from 1' },
        },
        required: ['path'],
      },
    },
    async run(args, context): Promise<ToolResult> {
      const path = stringArgument(args, 'path');
      if (typeof path !== 'string') return errorResult(path.error);
      const offset = positiveIntArgument(args, 'offset', 1);
      if (typeof offset !== 'number') return errorResult(offset.error);
      try {
        const text = await workspace.readText(path);
        const page = readPage(text, offset, context.budget);
        return page.startsWith('error:') ? { content: page, ok: false } : { content: page, ok: true };
      } catch (error) {
        if (error instanceof WorkspaceError) return errorResult(error.message);
        throw error;
      }
    },
  };
}
