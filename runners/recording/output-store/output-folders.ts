/**
 * The output store's folders as the engine's sweep sees them: every folder under a root holds one
 * conversation's kept outputs (`<id>.out` and its record `<id>.json`). A folder's last use is the
 * newest modification of the folder and its files. Removing one takes only what the output store
 * wrote, and the folder itself once nothing else is left in it.
 */
import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isValidOutputId, type OutputSession, type OutputSessions } from '../../../engine/index.js';

// What the output store writes: an output, its record, or a temporary file on the way to either.
function isStoreFile(name: string): boolean {
  const kept = /^(.+)\.(out|json)$/.exec(name);
  if (kept?.[1] !== undefined) return isValidOutputId(kept[1]);
  return /^\.[A-Za-z0-9_-][A-Za-z0-9._-]*\.\d+\.\d+\.tmp$/.test(name);
}

/** The folders under `root`, each one conversation's; a missing root has none. */
export function outputSessionsIn(root: string): OutputSessions {
  return {
    async list(): Promise<OutputSession[]> {
      let names: string[];
      try {
        names = (await readdir(root, { withFileTypes: true }))
          .filter((d) => d.isDirectory())
          .map((d) => d.name);
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
        throw error;
      }
      const sessions: OutputSession[] = [];
      for (const id of names) {
        const dir = join(root, id);
        let lastUsed = (await stat(dir)).mtimeMs;
        for (const name of await readdir(dir))
          lastUsed = Math.max(lastUsed, (await stat(join(dir, name))).mtimeMs);
        sessions.push({ id, lastUsed });
      }
      return sessions;
    },
    async remove(id: string): Promise<{ files: number; bytes: number }> {
      const dir = join(root, id);
      let files = 0;
      let bytes = 0;
      let others = 0;
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (!entry.isFile() || !isStoreFile(entry.name)) {
          others += 1;
          continue;
        }
        const path = join(dir, entry.name);
        bytes += (await stat(path)).size;
        await rm(path);
        files += 1;
      }
      if (others === 0) await rmdir(dir);
      return { files, bytes };
    },
  };
}
