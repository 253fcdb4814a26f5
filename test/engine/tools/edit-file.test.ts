import { describe, expect, it } from 'vitest';
import { currentDateTool } from '../../../engine/tools/current-date.js';
import { editFileTool } from '../../../engine/tools/edit-file.js';
import { WorkspaceError, type Workspace } from '../../../engine/tools/workspace.js';
import { steppingClock } from '../../../engine/ports.js';

function memoryWorkspace(files: Record<string, string>): Workspace & { files: Record<string, string> } {
  return {
    files,
    readText: async (path) => {
      if (path.startsWith('..')) throw new WorkspaceError(`the path "${path}" leaves the workspace ("..")`);
      const text = files[path];
      if (text === undefined) throw new WorkspaceError(`there is no file "${path}" in the workspace`);
      return text;
    },
    writeText: async (path, text) => {
      if (path.startsWith('..')) throw new WorkspaceError(`the path "${path}" leaves the workspace ("..")`);
      files[path] = text;
    },
  };
}

const context = { callId: 'c', turn: 1, budget: 4096, memory: false };

describe('edit_file', () => {
  it('writes, appends to, and replaces one unique string in a file', async () => {
    const ws = memoryWorkspace({});
    const tool = editFileTool(ws);
    expect((await tool.run({ path: 'a.txt', mode: 'write', text: 'one\ntwo\n' }, context)).ok).toBe(true);
    await tool.run({ path: 'a.txt', mode: 'append', text: 'three\n' }, context);
    const replaced = await tool.run({ path: 'a.txt', mode: 'replace', old: 'two', text: 'TWO' }, context);
    expect(replaced).toEqual({ ok: true, content: 'replaced 1 occurrence in a.txt' });
    expect(ws.files['a.txt']).toBe('one\nTWO\nthree\n');
  });

  it('refuses a replacement that is not unique, or missing', async () => {
    const ws = memoryWorkspace({ 'a.txt': 'x x' });
    const tool = editFileTool(ws);
    expect((await tool.run({ path: 'a.txt', mode: 'replace', old: 'x', text: 'y' }, context)).content).toBe(
      'error: the text to replace occurs 2 times in a.txt; give a string that occurs exactly once',
    );
    expect(
      (await tool.run({ path: 'a.txt', mode: 'replace', old: 'z', text: 'y' }, context)).content,
    ).toMatch(/occurs 0 times/);
    expect(ws.files['a.txt']).toBe('x x');
  });

  it('turns a refused path and bad arguments into error results', async () => {
    const tool = editFileTool(memoryWorkspace({}));
    expect((await tool.run({ path: '../x', mode: 'write', text: '' }, context)).content).toMatch(
      /leaves the workspace/,
    );
    expect((await tool.run({ path: 'x', mode: 'delete', text: '' }, context)).content).toBe(
      'error: the argument "mode" must be one of write, append, replace',
    );
    expect((await tool.run({ path: 'x', mode: 'replace', old: 'a', text: 'b' }, context)).content).toBe(
      'error: there is no file "x" to change',
    );
  });
});

describe('current_date', () => {
  it('reads the injected clock', async () => {
    const tool = currentDateTool(steppingClock(Date.UTC(2026, 8, 29, 9, 0, 0), 1000, () => 0));
    expect((await tool.run({}, context)).content).toBe('Tuesday, 2026-09-29 09:00:00 UTC');
  });
});
