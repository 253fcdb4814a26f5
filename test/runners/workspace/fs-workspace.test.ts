import { mkdtemp, mkdir, rm, symlink, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileTool } from '../../../engine/tools/read-file.js';
import { WorkspaceError } from '../../../engine/tools/workspace.js';
import { FsWorkspace } from '../../../runners/workspace/fs-workspace.js';

let outside: string;
let template: string;
let ws: FsWorkspace;

beforeEach(async () => {
  outside = await mkdtemp(join(tmpdir(), 'wisp-test-outside-'));
  await writeFile(join(outside, 'secret.txt'), 'do not read');
  template = await mkdtemp(join(tmpdir(), 'wisp-test-template-'));
  await mkdir(join(template, 'docs'));
  await writeFile(join(template, 'docs', 'a.md'), 'line one\nline two\n');
  await symlink(join(outside, 'secret.txt'), join(template, 'escape.txt'));
  await symlink(outside, join(template, 'outdir'));
  await symlink('docs/a.md', join(template, 'inside-link.md'));
  ws = await FsWorkspace.fresh(template);
});

afterEach(async () => {
  await ws.dispose();
  await rm(outside, { recursive: true, force: true });
  await rm(template, { recursive: true, force: true });
});

describe('FsWorkspace sandbox', () => {
  it('reads files inside, through a link that stays inside too', async () => {
    expect(await ws.readText('docs/a.md')).toBe('line one\nline two\n');
    expect(await ws.readText('inside-link.md')).toBe('line one\nline two\n');
  });

  it('copies the template, so a run cannot change the scenario files', async () => {
    await ws.writeText('docs/a.md', 'changed');
    expect(await readFile(join(template, 'docs', 'a.md'), 'utf8')).toBe('line one\nline two\n');
  });

  it.each([
    ['../secret.txt', /leaves the workspace/],
    ['docs/../../secret.txt', /leaves the workspace/],
    ['/etc/passwd', /absolute/],
    ['escape.txt', /outside the workspace/],
    ['outdir/secret.txt', /outside the workspace/],
    ['missing.md', /no file "missing.md"/],
  ])('refuses %s', async (path, message) => {
    await expect(ws.readText(path)).rejects.toThrow(WorkspaceError);
    await expect(ws.readText(path)).rejects.toThrow(message);
  });

  it('refuses to write through a link or a path that leaves', async () => {
    await expect(ws.writeText('outdir/new.txt', 'x')).rejects.toThrow(/outside|leaves/);
    await expect(ws.writeText('../new.txt', 'x')).rejects.toThrow(/leaves/);
    await ws.writeText('notes/new.txt', 'kept');
    expect(await ws.readText('notes/new.txt')).toBe('kept');
  });

  it('gives read_file an error result the model sees, never a crash', async () => {
    const tool = readFileTool(ws);
    const result = await tool.run(
      { path: '../secret.txt' },
      { callId: 'c1', turn: 1, budget: 4096, memory: false },
    );
    expect(result.ok).toBe(false);
    expect(result.content).toMatch(/^error: the path "..\/secret.txt" leaves the workspace/);
    const missingArg = await tool.run({}, { callId: 'c2', turn: 1, budget: 4096, memory: false });
    expect(missingArg.content).toBe('error: the argument "path" must be a non-empty string');
  });
});
