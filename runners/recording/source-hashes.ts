/**
 * The content hashes of the files a plan was made from (its scenario files, a checkpoint's spec),
 * recorded in plan.json, so that a folder finished after one of them changed does not mix the runs
 * of two versions in one cell.
 */
import { createHash } from 'node:crypto';
import { readRegularBytes } from '../../records/regular-file.js';
import { UsageError } from '../errors.js';
import type { PlanFile } from './plan-file.js';

/** The SHA-256 of a file's bytes, in hex; undefined when it cannot be read. */
async function hashOf(path: string): Promise<string | undefined> {
  const bytes = await readRegularBytes(path).catch(() => undefined);
  return bytes === undefined ? undefined : createHash('sha256').update(bytes).digest('hex');
}

/** The hashes of `paths` (absolute), each file read once. */
export async function sourceHashes(paths: readonly string[]): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const path of new Set(paths)) {
    const hash = await hashOf(path);
    if (hash !== undefined) hashes[path] = hash;
  }
  return hashes;
}

/** The files the plan was made from whose content differs now, or that are gone, in plan order. */
export async function changedSources(plan: PlanFile): Promise<string[]> {
  const changed: string[] = [];
  for (const [path, hash] of Object.entries(plan.sources ?? {})) {
    if ((await hashOf(path)) !== hash) changed.push(path);
  }
  return changed;
}

/**
 * Refuses to finish `dir` when a file its plan was made from changed, unless `accept` (the flag
 * `--accept-changed`) says to go on with the files as they are now.
 */
export async function checkSources(dir: string, plan: PlanFile, accept: boolean): Promise<void> {
  if (accept) return;
  const changed = await changedSources(plan);
  const first = changed[0];
  if (first === undefined) return;
  const more = changed.length > 1 ? ` (and ${changed.length - 1} more)` : '';
  throw new UsageError(
    `--resume ${dir}: ${first}${more} changed (or is gone) since the folder's plan was written; finishing it would mix runs of two versions in one cell: start a new folder, or give --accept-changed to go on with the file as it is now`,
  );
}
