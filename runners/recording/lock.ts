/**
 * A results folder in use. An invocation takes the folder's lock file (created exclusively) before it
 * writes anything there and gives it back when done; a second invocation on the same folder is refused
 * with one line naming the holder. A lock whose process is gone (it was killed) is taken over.
 */
import { open, readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { OutputLockedError } from '../errors.js';
import { makeFolder, outputError } from '../io/files.js';
import { processAlive } from '../io/process.js';

/** The lock file's name inside the results folder. */
export const LOCK_FILE = '.lock';

/** The lock file: who holds the folder, on which machine, running what, since when. */
const holderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  command: z.string(),
  since: z.string(),
});
type Holder = z.infer<typeof holderSchema>;

/** The lock's holder; null when the file is gone, or half-written or damaged (no holder can be named). */
async function holderOf(path: string): Promise<Holder | null> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return null;
  }
  const parsed = holderSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * How long a lock with no readable holder is left to the invocation that is writing it: the file is
 * created before its holder is written into it. Older than this, nobody can be shown to hold it (a
 * write that failed on a full disk left it empty), and it is taken over.
 */
export const UNREADABLE_LOCK_GRACE_MS = 5_000;

/** Whether the lock at `path` can be taken over: its holder cannot be shown to be alive. */
async function abandoned(path: string, other: Holder | null, host: string): Promise<boolean> {
  if (other !== null) return other.host === host && !processAlive(other.pid);
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && Date.now() - info.mtimeMs > UNREADABLE_LOCK_GRACE_MS;
}

/** A taken lock; `release` gives it back. */
export interface FolderLock {
  release(): Promise<void>;
}

/** Takes the lock of `dir` for `command`, creating the folder when needed. */
export async function lockFolder(dir: string, command: string): Promise<FolderLock> {
  const path = join(dir, LOCK_FILE);
  const holder: Holder = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  try {
    await makeFolder(dir);
  } catch (thrown) {
    throw outputError(dir, thrown);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      try {
        await handle.writeFile(JSON.stringify(holder) + '\n');
        await handle.close();
      } catch (thrown) {
        // A lock whose holder could not be written (a full disk) would block the folder: removed.
        await handle.close().catch(() => {});
        await rm(path, { force: true });
        throw thrown;
      }
      return { release: () => rm(path, { force: true }) };
    } catch (thrown) {
      if ((thrown as NodeJS.ErrnoException).code !== 'EEXIST') throw outputError(path, thrown);
      const other = await holderOf(path);
      // A holder on this machine whose process is gone left the lock behind, or one that cannot be read
      // is older than a lock being written: take it over.
      if (attempt === 0 && (await abandoned(path, other, holder.host))) {
        await rm(path, { force: true });
        continue;
      }
      const who = other
        ? `process ${other.pid} on ${other.host} (wisp-eval ${other.command}, since ${other.since})`
        : 'another invocation';
      throw new OutputLockedError(`${dir} is in use by ${who}; wait for it, or choose another --out`);
    }
  }
  throw new OutputLockedError(`${dir} is in use; choose another --out`);
}
