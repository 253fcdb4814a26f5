import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, sweepWorkspaces, WORKSPACE_PREFIX } from '../../../runners/sandbox/fs-workspace.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-sweep-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('workspaces left by a killed invocation', () => {
  it('are removed when their process is gone, and those of living processes kept', async () => {
    const gone = Number((await execa('node', ['-e', 'process.stdout.write(String(process.pid))'])).stdout);
    const left = join(dir, `${WORKSPACE_PREFIX}${gone}-abc123`);
    const mine = join(dir, `${WORKSPACE_PREFIX}${process.pid}-def456`);
    const other = join(dir, 'wisp-eval-ws-notapid');
    for (const folder of [left, mine, other]) await mkdir(join(folder, 'src'), { recursive: true });
    expect(await sweepWorkspaces(dir)).toBe(1);
    expect([existsSync(left), existsSync(mine), existsSync(other)]).toEqual([false, true, true]);
  });

  it('are named with the process that made them', async () => {
    const workspace = await FsWorkspace.fresh();
    expect(workspace.root).toContain(`${WORKSPACE_PREFIX}${process.pid}-`);
    await workspace.dispose();
  });
});
