import { execa } from 'execa';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputLockedError } from '../../../runners/errors.js';
import { LOCK_FILE, lockFolder } from '../../../runners/recording/lock.js';
import { onSmallDisk } from '../../e2e/small-disk.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-lock-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the lock of a results folder', () => {
  it('refuses a second holder, naming the first, and is free again once released', async () => {
    const folder = join(dir, 'a');
    const first = await lockFolder(folder, 'run');
    const holder = JSON.parse(await readFile(join(folder, LOCK_FILE), 'utf8')) as { pid: number };
    expect(holder.pid).toBe(process.pid);
    const second = lockFolder(folder, 'checkpoint');
    await expect(second).rejects.toThrow(OutputLockedError);
    await expect(second).rejects.toThrow(
      new RegExp(
        `^${folder.replace(/[/.]/g, '\\$&')} is in use by process ${process.pid} on .* \\(wisp-eval run, since `,
      ),
    );
    await first.release();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    const again = await lockFolder(folder, 'run');
    await again.release();
  });

  it('takes over a lock whose process is gone', async () => {
    const folder = join(dir, 'b');
    const gone = await execa('node', ['-e', 'process.stdout.write(String(process.pid))']);
    await lockFolder(folder, 'run').then((lock) => lock.release());
    await writeFile(
      join(folder, LOCK_FILE),
      JSON.stringify({ pid: Number(gone.stdout), host: hostname(), command: 'run', since: 'then' }),
    );
    const lock = await lockFolder(folder, 'run --resume');
    const holder = JSON.parse(await readFile(join(folder, LOCK_FILE), 'utf8')) as { pid: number };
    expect(holder.pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over an empty or unreadable lock once it is older than one being written, and not before', async () => {
    for (const [name, text] of [
      ['empty', ''],
      ['garbage', '{"pid":'],
      ['no-holder', '42\n'],
    ] as const) {
      const folder = join(dir, name);
      await mkdir(folder, { recursive: true });
      const lock = join(folder, LOCK_FILE);
      await writeFile(lock, text);
      // Just made: an invocation may be writing its holder into it.
      await expect(lockFolder(folder, 'run')).rejects.toThrow(/is in use by another invocation/);
      // Left behind (a write that failed on a full disk): taken over.
      const past = new Date(Date.now() - 60_000);
      await utimes(lock, past, past);
      const taken = await lockFolder(folder, 'run');
      expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid });
      await taken.release();
    }
  });

  it.runIf(process.getuid?.() === 0)(
    'is removed when its holder cannot be written (a full disk), so the folder is not blocked',
    async (context) => {
      await onSmallDisk(join(dir, 'full-disk'), '64k', context, async (disk) => {
        const folder = join(disk, 'results');
        await mkdir(folder);
        // Fill the disk: the lock file can still be made, but nothing written into it.
        await writeFile(join(disk, 'filler'), Buffer.alloc(1024 * 1024)).catch(() => {});
        await expect(lockFolder(folder, 'run')).rejects.toThrow(/disk is full|ENOSPC/);
        expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
        // With room again, the folder is taken at once, not after a grace period.
        await rm(join(disk, 'filler'));
        const lock = await lockFolder(folder, 'run');
        await lock.release();
      });
    },
  );
});
