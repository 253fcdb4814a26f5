import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, mkdir, rm, stat, symlink, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileTool } from '../../../engine/tools/read-file.js';
import { WorkspaceError } from '../../../engine/tools/workspace.js';
import { FsWorkspace, WorkspacePool } from '../../../runners/sandbox/fs-workspace.js';
import { workspaceNamePrefix } from '../../../runners/sandbox/workspace-sweep.js';

/**
 * How many workspaces this process has in the temporary folder. Other test files run in processes of
 * their own at the same time, so only this process's prefix counts.
 */
const ownWorkspaces = (): number =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(workspaceNamePrefix())).length;

let outside: string;
let template: string;
let ws: FsWorkspace;

beforeEach(async () => {
  outside = await mkdtemp(join(tmpdir(), 'wisp-test-outside-'));
  await writeFile(join(outside, 'secret.txt'), 'do not read');
  template = await mkdtemp(join(tmpdir(), 'wisp-test-template-'));
  await mkdir(join(template, 'docs'));
  await writeFile(join(template, 'docs', 'a.md'), 'line one\nline two\n');
  ws = await FsWorkspace.fresh(template);
  // Links made in the copy, as a command could make them.
  await symlink(join(outside, 'secret.txt'), join(ws.root, 'escape.txt'));
  await symlink(outside, join(ws.root, 'outdir'));
  await symlink('docs/a.md', join(ws.root, 'inside-link.md'));
  await symlink(join(outside, 'new.txt'), join(ws.root, 'dangling.txt'));
  await symlink(join(outside, 'gone'), join(ws.root, 'dangling-dir'));
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

  it('never writes through a link that leads nowhere: the file outside is not created', async () => {
    await expect(ws.writeText('dangling.txt', 'x')).rejects.toThrow(/link that leads nowhere/);
    await expect(ws.writeText('dangling-dir/new.txt', 'x')).rejects.toThrow(/link that leads nowhere/);
    expect(existsSync(join(outside, 'new.txt'))).toBe(false);
    expect(existsSync(join(outside, 'gone'))).toBe(false);
  });

  it('reads a file of any size whole, and refuses a folder by name', async () => {
    // Past the size read at once: read in the background, to the last byte.
    const big = 'ünïcode line\n'.repeat(150_000);
    await writeFile(join(ws.root, 'big.txt'), big);
    expect(await ws.readText('big.txt')).toBe(big);
    await expect(ws.readText('docs')).rejects.toThrow('"docs" is a folder');
  });

  it('refuses to read a FIFO a command made, rather than block on it', async () => {
    execFileSync('mkfifo', [join(ws.root, 'pipe')]);
    await expect(ws.readText('pipe')).rejects.toThrow(/not a regular file/);
  });

  it('copies nested folders and empty ones, with the files and folders keeping their modes', async () => {
    await mkdir(join(template, 'bin', 'deep', 'deeper'), { recursive: true });
    await mkdir(join(template, 'empty'));
    await writeFile(join(template, 'bin', 'deep', 'deeper', 'run.sh'), '#!/bin/sh\necho hi\n');
    await chmod(join(template, 'bin', 'deep', 'deeper', 'run.sh'), 0o750);
    await chmod(join(template, 'bin', 'deep'), 0o700);
    const copy = await FsWorkspace.fresh(template);
    try {
      const mode = async (path: string) => (await stat(join(copy.root, path))).mode & 0o777;
      expect(await copy.readText('bin/deep/deeper/run.sh')).toBe('#!/bin/sh\necho hi\n');
      expect(await mode('bin/deep/deeper/run.sh')).toBe(0o750);
      expect(await mode('bin/deep')).toBe(0o700);
      expect((await stat(join(copy.root, 'empty'))).isDirectory()).toBe(true);
      expect(await copy.readText('docs/a.md')).toBe('line one\nline two\n');
    } finally {
      await copy.dispose();
    }
  });

  it('copies only regular files and folders, and leaves no folder behind when the copy is refused', async () => {
    await symlink('/etc/passwd', join(template, 'passwd'));
    const before = ownWorkspaces();
    await expect(FsWorkspace.fresh(template)).rejects.toThrow(/not a regular file/);
    const after = ownWorkspaces();
    expect(after).toBe(before);
  });

  it('checks the template again when it copies it: one swapped for a link, or now outside, is refused', async () => {
    const project = await mkdtemp(join(tmpdir(), 'wisp-test-project-'));
    try {
      const folder = join(project, 'ws');
      await mkdir(folder);
      await writeFile(join(folder, 'a.md'), 'inside');
      const copy = await FsWorkspace.fresh(folder, undefined, project);
      expect(await copy.readText('a.md')).toBe('inside');
      await copy.dispose();
      // Between two runs the folder becomes a link to one outside the project.
      await rm(folder, { recursive: true });
      await symlink(outside, folder);
      const before = ownWorkspaces();
      await expect(FsWorkspace.fresh(folder, undefined, project)).rejects.toThrow(
        /has become a link; it is not copied/,
      );
      // A folder above it becomes the link: the real path now lies outside the project.
      await rm(folder);
      await mkdir(join(outside, 'ws'));
      await writeFile(join(outside, 'ws', 'secret.txt'), 'do not copy');
      const sub = join(project, 'sub');
      await symlink(outside, sub);
      await expect(FsWorkspace.fresh(join(sub, 'ws'), undefined, project)).rejects.toThrow(
        /resolves to .*, outside the scenario's project/,
      );
      const after = ownWorkspaces();
      expect(after).toBe(before);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('refuses to write a file that has a second name (a hard link to a file outside), leaving it as it was', async () => {
    execFileSync('ln', [join(outside, 'secret.txt'), join(ws.root, 'hard.txt')]);
    await expect(ws.writeText('hard.txt', 'overwritten')).rejects.toThrow(/has 2 names \(hard links\)/);
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('do not read');
    // A file with one name is written whole, its old text gone.
    await ws.writeText('docs/a.md', 'new');
    expect(await ws.readText('docs/a.md')).toBe('new');
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

describe('WorkspacePool', () => {
  it('hands an unchanged workspace to the next run of its template, and removes kept ones on drain', async () => {
    const pool = new WorkspacePool();
    const first = await pool.take(template);
    await first.readText('docs/a.md');
    await pool.give(first);
    const second = await pool.take(template);
    expect(second.root).toBe(first.root);
    // Another template never gets it.
    const other = await pool.take();
    expect(other.root).not.toBe(first.root);
    await pool.give(second);
    await pool.give(other);
    await pool.drain();
    expect(existsSync(first.root)).toBe(false);
    expect(existsSync(other.root)).toBe(false);
  });

  it('removes a workspace that a write, a change of owner or a command may have changed', async () => {
    const pool = new WorkspacePool();
    const written = await pool.take(template);
    await written.writeText('docs/a.md', 'changed');
    const commanded = await pool.take(template);
    commanded.markChanged();
    for (const workspace of [written, commanded]) {
      expect(workspace.changed).toBe(true);
      await pool.give(workspace);
      expect(existsSync(workspace.root)).toBe(false);
    }
    // The next run gets a new copy, as the template has it.
    const next = await pool.take(template);
    expect([written.root, commanded.root]).not.toContain(next.root);
    expect(await next.readText('docs/a.md')).toBe('line one\nline two\n');
    await pool.give(next);
    await pool.drain();
  });
});
