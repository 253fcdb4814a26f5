/**
 * Which run workspaces in the temporary folder are live, and the removal of those whose harness is
 * gone. A workspace is named `wisp-eval-ws-<pid>-ns<namespace>-XXXXXX`: the process that made it and
 * that process's PID namespace. The harness also keeps a heartbeat on each of its live workspaces,
 * touching the folder's modification time every {@link HEARTBEAT_MS}.
 *
 * A pid says whether its process is alive only within its own PID namespace: two harnesses in two
 * containers that share /tmp see each other's pids as dead or as someone else. So a workspace made in
 * this harness's namespace is gone when its process is, and one made in another namespace only when
 * its heartbeat has stopped for {@link STALE_MS}. One named without a namespace (by an earlier
 * version) needs both: its pid gone here and its folder untouched for that long.
 *
 * As root, a run's commands run as a user id of their own, which owns the workspace. When a
 * harness was killed before it could stop them (kill -9), the processes of that user id are its
 * orphans: the sweep kills them and removes what they left in the shared temporary folders, as the
 * run's own end would have.
 */
import { readlinkSync } from 'node:fs';
import { lstat, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../io/process.js';
import { isRunUser, killUser, namedUserIds, removeFilesOf } from './sandbox.js';

/** A run's workspace folder's name starts so. */
export const WORKSPACE_PREFIX = 'wisp-eval-ws-';

/** How often the harness touches its live workspaces. */
export const HEARTBEAT_MS = 30_000;

/** How long a workspace of another PID namespace may go without a heartbeat before it counts as gone. */
export const STALE_MS = 10 * 60_000;

/** This process's PID namespace, as the number the kernel names it by; "0" where it cannot be read. */
export function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '0';
  } catch {
    return '0';
  }
}

/** The start of the name of a workspace this process makes: its pid and PID namespace. */
export function workspaceNamePrefix(): string {
  return `${WORKSPACE_PREFIX}${process.pid}-ns${pidNamespace()}-`;
}

/** The live workspaces of this thread, whose heartbeat it keeps. */
const live = new Set<string>();
let beating: NodeJS.Timeout | undefined;

/** Touches every live workspace of this thread now. */
export async function beat(now = new Date()): Promise<void> {
  await Promise.all([...live].map((root) => utimes(root, now, now).catch(() => {})));
}

/** Keeps `root`'s heartbeat until {@link forget} is called for it. */
export function keepAlive(root: string): void {
  live.add(root);
  // The timer does not keep the process running: a harness with nothing else to do may end.
  beating ??= setInterval(() => void beat(), HEARTBEAT_MS).unref();
}

/** Stops `root`'s heartbeat (the workspace is being removed). */
export function forget(root: string): void {
  live.delete(root);
  if (live.size === 0 && beating !== undefined) {
    clearInterval(beating);
    beating = undefined;
  }
}

/** What a workspace's name says of the process that made it. */
function maker(name: string): { pid: number; namespace: string | null } | null {
  const match = new RegExp(`^${WORKSPACE_PREFIX}(\\d+)-(?:ns(\\d+)-)?`).exec(name);
  if (match?.[1] === undefined) return null;
  return { pid: Number(match[1]), namespace: match[2] ?? null };
}

/** When the sweep runs and which namespace it runs in; tests give their own. */
export interface SweepOptions {
  now?: number;
  namespace?: string;
}

/**
 * Removes the workspaces in `folder` whose harness is gone (see the module's comment) and, as root,
 * kills what their run's user id left running and removes its files from the shared temporary
 * folders; returns how many workspaces it removed. Live workspaces are left alone.
 */
export async function sweepWorkspaces(folder = tmpdir(), options: SweepOptions = {}): Promise<number> {
  const now = options.now ?? Date.now();
  const namespace = options.namespace ?? pidNamespace();
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  let named: Set<number> | undefined;
  let removed = 0;
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const made = maker(name);
    if (made === null) continue;
    const path = join(folder, name);
    const info = await lstat(path).catch(() => undefined);
    if (info === undefined || !info.isDirectory()) continue;
    const processGone = made.pid !== process.pid && !processAlive(made.pid);
    const stale = now - info.mtimeMs > STALE_MS;
    // A name without a namespace (made before they were named) may be of this namespace or another:
    // it goes only when both say so.
    const gone =
      made.namespace === namespace ? processGone : made.namespace === null ? processGone && stale : stale;
    if (!gone) continue;
    if (root && isRunUser(info.uid, (named ??= namedUserIds()))) {
      await killUser(info.uid);
      await removeFilesOf(info.uid);
    }
    await rm(path, { recursive: true, force: true }).catch(() => {});
    removed += 1;
  }
  return removed;
}
