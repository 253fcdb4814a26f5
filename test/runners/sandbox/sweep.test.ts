import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../../../runners/io/process.js';
import { FsWorkspace } from '../../../runners/sandbox/fs-workspace.js';
import { killUser, pickRunUser, processesOf } from '../../../runners/sandbox/sandbox.js';
import {
  beat,
  pidNamespace,
  STALE_MS,
  sweepWorkspaces,
  WORKSPACE_PREFIX,
} from '../../../runners/sandbox/workspace-sweep.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-sweep-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  return Number((await execa('node', ['-e', 'process.stdout.write(String(process.pid))'])).stdout);
}

const isRoot = process.getuid?.() === 0;

describe('workspaces left by a killed invocation', () => {
  it('of this PID namespace are removed when their process is gone, and those of living processes kept', async () => {
    const gone = await deadPid();
    const ns = pidNamespace();
    const left = join(dir, `${WORKSPACE_PREFIX}${gone}-ns${ns}-abc123`);
    const mine = join(dir, `${WORKSPACE_PREFIX}${process.pid}-ns${ns}-def456`);
    const other = join(dir, 'wisp-eval-ws-notapid');
    // Named as before namespaces were, by a process alive here: kept, however old.
    const before = join(dir, `${WORKSPACE_PREFIX}${process.pid}-ghi789`);
    for (const folder of [left, mine, other, before]) await mkdir(join(folder, 'src'), { recursive: true });
    const old = new Date(Date.now() - 2 * STALE_MS);
    await utimes(before, old, old);
    expect(await sweepWorkspaces(dir)).toBe(1);
    expect([existsSync(left), existsSync(mine), existsSync(other), existsSync(before)]).toEqual([
      false,
      true,
      true,
      true,
    ]);
    await rm(mine, { recursive: true });
    await rm(before, { recursive: true });
  });

  it('of another PID namespace are kept while their heartbeat goes on, whatever their pid here', async () => {
    // Another container sharing /tmp: its harness's pid means nothing in this namespace.
    const gone = await deadPid();
    const live = join(dir, `${WORKSPACE_PREFIX}${gone}-ns1-live01`);
    const stale = join(dir, `${WORKSPACE_PREFIX}${gone}-ns1-stale1`);
    // Named as before namespaces were: its pid is gone here, so its heartbeat decides.
    const unnamed = join(dir, `${WORKSPACE_PREFIX}${gone}-old001`);
    for (const folder of [live, stale, unnamed]) await mkdir(join(folder, 'src'), { recursive: true });
    await writeFile(join(live, 'src', 'work.txt'), 'in use');
    const old = new Date(Date.now() - STALE_MS - 60_000);
    await utimes(stale, old, old);
    expect(await sweepWorkspaces(dir, { namespace: '2' })).toBe(1);
    expect([existsSync(live), existsSync(stale), existsSync(unnamed)]).toEqual([true, false, true]);
    // Once their heartbeat has stopped long enough, they go.
    expect(await sweepWorkspaces(dir, { namespace: '2', now: Date.now() + STALE_MS + 60_000 })).toBe(2);
    expect([existsSync(live), existsSync(unnamed)]).toEqual([false, false]);
  });

  it("are named with the process and its PID namespace, and this harness's keep a heartbeat", async () => {
    const workspace = await FsWorkspace.fresh();
    try {
      expect(workspace.root).toContain(`${WORKSPACE_PREFIX}${process.pid}-ns${pidNamespace()}-`);
      const old = new Date(Date.now() - 2 * STALE_MS);
      await utimes(workspace.root, old, old);
      await beat();
      // The heartbeat moved the folder's time on from the stale one it was given.
      expect((await stat(workspace.root)).mtimeMs).toBeGreaterThan(old.getTime() + STALE_MS);
    } finally {
      await workspace.dispose();
    }
  });

  it.runIf(isRoot)(
    "as root, kill what the gone harness's run user left running and remove its shared files",
    async () => {
      const uid = await pickRunUser();
      const orphan = execa(
        '/usr/bin/setpriv',
        [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--', 'sleep', '60'],
        { detached: true, reject: false, stdio: 'ignore' },
      );
      const left = join(tmpdir(), `wisp-sweep-left-${uid}`);
      try {
        const folder = join(dir, `${WORKSPACE_PREFIX}${await deadPid()}-ns${pidNamespace()}-orphan`);
        await mkdir(folder);
        await chown(folder, uid, uid);
        await writeFile(left, 'left behind');
        await chown(left, uid, uid);
        await expect.poll(() => processesOf(uid), { timeout: 5000 }).toHaveLength(1);
        expect(await sweepWorkspaces(dir)).toBe(1);
        expect(await processesOf(uid)).toEqual([]);
        expect(existsSync(left)).toBe(false);
        await orphan;
      } finally {
        await killUser(uid);
        await rm(left, { force: true });
      }
    },
  );
});

describe('commands still running when the harness exits', () => {
  it.runIf(process.platform === 'linux')(
    'are killed with their group, and as root every process of their run user, setsid ones included',
    async () => {
      const sandbox = join(process.cwd(), 'runners/sandbox/sandbox.ts');
      const uid = isRoot ? await pickRunUser() : undefined;
      const asUser =
        uid !== undefined
          ? `'/usr/bin/setpriv', '--reuid=${uid}', '--regid=${uid}', '--clear-groups', '--', `
          : '';
      // A harness that starts a command as run_command does (detached), whose shell starts a process
      // that leaves its group, then exits as a second signal would have it.
      const script = `
        import { spawn } from 'node:child_process';
        import { killCommandsAtExit } from ${JSON.stringify(sandbox)};
        killCommandsAtExit();
        const argv = [${asUser}'/bin/sh', '-c', 'setsid sleep 61 & echo $!; exec sleep 62'];
        const child = spawn(argv[0], argv.slice(1), { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
        child.stdout.once('data', (escaped) => {
          process.stdout.write(child.pid + ' ' + String(escaped).trim() + '\\n');
          setTimeout(() => process.exit(130), 200);
        });
      `;
      const harness = await execa('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
        reject: false,
        timeout: 20_000,
      });
      const pids = harness.stdout.trim().split(' ').map(Number);
      try {
        expect(harness.exitCode).toBe(130);
        expect(pids).toHaveLength(2);
        // The group's own process is gone at once; one that left with setsid only as root.
        await expect.poll(() => processAlive(pids[0] ?? 0), { timeout: 3000 }).toBe(false);
        if (isRoot) await expect.poll(() => processAlive(pids[1] ?? 0), { timeout: 3000 }).toBe(false);
      } finally {
        for (const pid of pids) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone, as it should be
          }
        }
        if (uid !== undefined) await killUser(uid);
      }
    },
  );
});
