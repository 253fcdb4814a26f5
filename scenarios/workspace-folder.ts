/**
 * The checks a scenario's workspace folder gets before any run: it must lie within the scenario's
 * project (the nearest folder above the scenario that holds a package.json or a .git, else the
 * scenario's own folder), so `workspace: ../../../etc` or `/` cannot bring the machine's files within
 * the tools' reach; and it must hold only regular files and folders (no links, FIFOs, devices or
 * sockets, which a copy would follow, hang on or fail at), within a bound on its size.
 */
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ScenarioError } from './errors.js';

/** The most entries (files and folders) a workspace may hold. */
export const WORKSPACE_MAX_ENTRIES = 20_000;
/** The most bytes a workspace's files may hold together: 200 MiB. */
export const WORKSPACE_MAX_BYTES = 200 * 1024 * 1024;

/** What marks a folder as a project's root. */
const PROJECT_MARKERS = ['package.json', '.git'];

/** The folder a scenario's workspace must lie within: its project's root, else its own folder. */
export async function workspaceRoot(dir: string): Promise<string> {
  const own = await realpath(dir);
  for (let folder = own; ;) {
    for (const marker of PROJECT_MARKERS) {
      if (
        await stat(path.join(folder, marker)).then(
          () => true,
          () => false,
        )
      )
        return folder;
    }
    const up = path.dirname(folder);
    if (up === folder) return own;
    folder = up;
  }
}

function isWithin(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Checks `workspace` (relative to `dir`, the scenario's folder); throws a one-line ScenarioError. */
export async function checkWorkspace(source: string, dir: string, workspace: string): Promise<void> {
  const folder = path.resolve(dir, workspace);
  const where = `${source}: workspace: '${workspace}'`;
  const found = await stat(folder).catch(() => undefined);
  if (found === undefined)
    throw new ScenarioError(`${source}: workspace: folder '${workspace}' does not exist (${folder})`);
  if (!found.isDirectory()) throw new ScenarioError(`${where} is not a folder (${folder})`);
  const root = await workspaceRoot(dir);
  const real = await realpath(folder);
  if (!isWithin(root, real)) {
    throw new ScenarioError(
      `${where} resolves to ${real}, outside the scenario's project ${root}: a workspace must lie within the folder (holding a package.json or a .git) the scenario belongs to`,
    );
  }
  try {
    await checkEntries(where, real);
  } catch (thrown) {
    if (thrown instanceof ScenarioError) throw thrown;
    const code = (thrown as NodeJS.ErrnoException).code ?? 'error';
    throw new ScenarioError(`${where}: cannot be read whole (${code})`);
  }
}

/** Walks the folder: only regular files and folders, within the bounds. */
async function checkEntries(where: string, root: string): Promise<void> {
  let entries = 0;
  let bytes = 0;
  const pending = [root];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    for (const name of await readdir(folder)) {
      const full = path.join(folder, name);
      const shown = path.relative(root, full);
      const info = await lstat(full);
      entries += 1;
      if (entries > WORKSPACE_MAX_ENTRIES)
        throw new ScenarioError(`${where} holds more than ${WORKSPACE_MAX_ENTRIES} files and folders`);
      if (info.isDirectory()) pending.push(full);
      else if (info.isFile()) {
        bytes += info.size;
        if (bytes > WORKSPACE_MAX_BYTES)
          throw new ScenarioError(`${where} holds more than ${WORKSPACE_MAX_BYTES} bytes of files`);
      } else {
        throw new ScenarioError(
          `${where} holds ${shown}, ${kindOf(info)}: a workspace holds only regular files and folders`,
        );
      }
    }
  }
}

function kindOf(info: Awaited<ReturnType<typeof lstat>>): string {
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
