/**
 * The snapshots folder: `snapshots/` under the folder the command runs in, holding manifest.json and
 * one `<run-id>.snap` per manifest run. A `.snap` file no manifest run records into is stale.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SNAPSHOT_EXTENSION, type Manifest } from './manifest.js';

/** Where the committed snapshots live, relative to the folder the command runs in. */
export const SNAPSHOTS_DIR = 'snapshots';

/** The `.snap` files of a folder, sorted; none when the folder does not exist. */
export async function snapshotFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((thrown: NodeJS.ErrnoException) => {
    if (thrown.code === 'ENOENT') return [] as string[];
    throw thrown;
  });
  return names.filter((name) => name.endsWith(SNAPSHOT_EXTENSION)).sort();
}

/** The `.snap` files among `files` that no run of the manifest records into. */
export function staleFiles(manifest: Manifest, files: readonly string[]): string[] {
  const named = new Set(manifest.runs.map((run) => run.file));
  return files.filter((file) => !named.has(file));
}

/** A snapshot's text, or null when it was never recorded. */
export async function readSnapshot(dir: string, file: string): Promise<string | null> {
  return readFile(join(dir, file), 'utf8').catch((thrown: NodeJS.ErrnoException) => {
    if (thrown.code === 'ENOENT') return null;
    throw thrown;
  });
}
