/**
 * Where run_command's commands run. Three ways, best first:
 *
 * - `bwrap` (bubblewrap, where installed and able to make namespaces): the command sees the system's
 *   programs (/usr, /etc, read-only), the Node that runs the harness, a /proc and /dev of its own, an
 *   empty /tmp, and its workspace (read-write); no other file, no network, no other process. It runs
 *   in a PID namespace, so when it ends every process it started ends with it.
 * - `user` (the harness runs as root, without a working bwrap): the command runs as a user id of its
 *   own, one per run, with no groups and no new privileges, in a session of its own; it can read what
 *   any user may read, but not the harness's files or its environment (/proc/PID/environ is its
 *   owner's), and every process of that user id is killed when the command ends.
 * - `none` (neither): the command runs as the harness's user in a session of its own, with a clean
 *   environment; its process group is killed when it ends, but it can read and write what the
 *   harness's user can (the harness's environment through /proc included), and a process that leaves
 *   the group (setsid) can outlive it. Each invocation says so in one line.
 *
 * As root, bwrap itself runs as the run's own user id, so the command is not root on the machine
 * even outside its namespaces. `WISP_EVAL_SANDBOX=bwrap|user|none` asks for one way (tests use it
 * to reach the fallbacks where bwrap is installed).
 */
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, lstat, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SandboxError, UsageError } from '../errors.js';

/** The way commands are contained. */
export type SandboxKind = 'bwrap' | 'user' | 'none';

/** How this invocation contains its commands; plain data, so a worker thread can be handed it. */
export interface Sandbox {
  kind: SandboxKind;
  /** bwrap's path, for `bwrap`. */
  bwrap?: string;
  /** The harness runs as root: each run's commands get a user id of their own. */
  root: boolean;
  /** What is not isolated, when `kind` is not `bwrap`: one line for the invocation to print. */
  warning?: string;
}

/** The environment variable that asks for a way. */
export const SANDBOX_VARIABLE = 'WISP_EVAL_SANDBOX';

/** Where bwrap is looked for (the command's own PATH, not the harness's). */
const BWRAP_PLACES = ['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap'];

/** The folders at the file system's top that hold programs and libraries. */
const SYSTEM_TOP = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * How commands will be contained here: bwrap when present and working (tried once with `true`),
 * else the fallback for this user, with the warning that says what is lost.
 */
export async function detectSandbox(env: Readonly<Record<string, string | undefined>>): Promise<Sandbox> {
  const asked = env[SANDBOX_VARIABLE]?.trim() || 'auto';
  if (!['auto', 'bwrap', 'user', 'none'].includes(asked))
    throw new UsageError(`${SANDBOX_VARIABLE}=${asked}: give auto, bwrap, user or none`);
  const root = isRoot();
  if (asked === 'user' && !root)
    throw new UsageError(
      `${SANDBOX_VARIABLE}=user: commands can run as a user of their own only when wisp-eval runs as root`,
    );
  let why = `${SANDBOX_VARIABLE}=${asked}`;
  if (asked === 'auto' || asked === 'bwrap') {
    const bwrap = BWRAP_PLACES.find((place) => existsSync(place));
    if (bwrap === undefined) why = 'bubblewrap (bwrap) is not installed';
    else {
      const failure = await tryBwrap({ kind: 'bwrap', bwrap, root });
      if (failure === undefined) return { kind: 'bwrap', bwrap, root };
      why = `bwrap cannot make its namespaces here (${failure})`;
    }
    if (asked === 'bwrap') throw new UsageError(`${SANDBOX_VARIABLE}=bwrap: ${why}`);
  }
  if (root && asked !== 'none') {
    return {
      kind: 'user',
      root,
      warning:
        `run_command: ${why}: commands run as a user id of their own, without the harness's files or ` +
        'environment, and every process they start is killed, but they can read what any user can ' +
        'and reach the network; install bubblewrap for a private view of the file system',
    };
  }
  return {
    kind: 'none',
    root,
    warning:
      `run_command: ${why}${root ? '' : ' and wisp-eval is not root'}: commands are NOT isolated: ` +
      "they run as this user, can read and write this user's files and the harness's environment " +
      '(/proc), and a process that leaves its process group (setsid) can outlive them; install ' +
      'bubblewrap to isolate them',
  };
}

/** Runs bwrap over `true` as a command would be run; undefined when it works, else why not. */
async function tryBwrap(sandbox: Sandbox): Promise<string | undefined> {
  const folder = await mkdtemp(join(tmpdir(), 'wisp-eval-probe-'));
  try {
    const uid = sandbox.root ? await pickRunUser() : undefined;
    if (uid !== undefined) await chown(folder, uid, uid);
    const [file, args] = commandLine(sandbox, uid, folder, 'true');
    return await new Promise((resolve) => {
      execFile(file, args, { env: {}, timeout: 10_000 }, (error, _stdout, stderr) => {
        if (!error) resolve(undefined);
        else resolve(stderr.split('\n').find((line) => line.trim() !== '') ?? error.message.split('\n')[0]);
      });
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The user ids /etc/passwd names (none when it cannot be read). */
export function namedUserIds(): Set<number> {
  try {
    return new Set(
      readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .map((line) => Number(line.split(':')[2])),
    );
  } catch {
    return new Set();
  }
}

/** The ranges a run's own user id is picked from. */
const RUN_USER_RANGES = [
  [2_000_000, 2_999_999],
  [70_000, 99_999],
] as const;

/**
 * Whether `uid` can be a run's own user id: within the ranges they are picked from and named by no
 * account (`named`, the ids /etc/passwd names). Only such ids' processes are ever killed whole.
 */
export function isRunUser(uid: number, named: ReadonlySet<number>): boolean {
  return !named.has(uid) && RUN_USER_RANGES.some(([low, high]) => uid >= low && uid <= high);
}

/**
 * A user id for one run's commands: unused by any process, named by no account, within the ids this
 * machine maps. Chosen at random from a high range, so parallel runs and invocations do not meet.
 */
export async function pickRunUser(): Promise<number> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  const named = new Set(passwd.split('\n').map((line) => Number(line.split(':')[2])));
  const mapped = await readFile('/proc/self/uid_map', 'utf8').catch(() => '0 0 4294967295');
  const ranges = mapped
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .map(([inside = 0, , count = 0]) => [inside, inside + count - 1] as const);
  const inMap = (uid: number) => ranges.some(([low, high]) => uid >= low && uid <= high);
  for (const [low, high] of RUN_USER_RANGES) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const uid = randomInt(low, high + 1);
      if (!inMap(uid) || named.has(uid) || (await processesOf(uid)).length > 0) continue;
      return uid;
    }
  }
  throw new SandboxError('no free user id for the commands of a run');
}

/** The program and arguments that run `command` in `cwd` the sandbox's way. */
export function commandLine(
  sandbox: Sandbox,
  uid: number | undefined,
  cwd: string,
  command: string,
  env: Readonly<Record<string, string>> = {},
): [string, string[]] {
  const shell = ['/bin/sh', '-c', command];
  const asUser =
    uid !== undefined
      ? ['/usr/bin/setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--no-new-privs', '--']
      : [];
  let argv: string[];
  if (sandbox.kind === 'bwrap') {
    argv = [...asUser, sandbox.bwrap ?? 'bwrap', ...bwrapArguments(cwd, env), '--', ...shell];
  } else {
    argv = [...asUser, ...shell];
  }
  const [file = '/bin/sh', ...args] = argv;
  return [file, args];
}

/**
 * The most bytes a command may write to its own `/tmp` under bwrap, a tmpfs held in the host's memory:
 * a write past it fails with "No space left on device". (bwrap before 0.7 has no `--size`; the probe
 * of bwrap then fails and commands fall back to the next way, saying why.)
 */
export const BWRAP_TMP_BYTES = 256 * 1024 * 1024;

/** bwrap's view for a command: the system read-only, its workspace read-write, nothing else. */
function bwrapArguments(cwd: string, env: Readonly<Record<string, string>>): string[] {
  const args = ['--unshare-all', '--die-with-parent', '--new-session', '--ro-bind', '/usr', '/usr'];
  for (const top of SYSTEM_TOP) {
    let info;
    try {
      info = lstatSync(top);
    } catch {
      continue;
    }
    if (info.isSymbolicLink()) args.push('--symlink', readlinkSync(top), top);
    else if (info.isDirectory()) args.push('--ro-bind', top, top);
  }
  args.push('--ro-bind', '/etc', '/etc');
  // The Node that runs the harness, where it is not among the system's programs (nvm, a CI setup).
  const nodePrefix = dirname(dirname(process.execPath));
  if (!['/usr', '/'].includes(nodePrefix) && !nodePrefix.startsWith('/usr/'))
    args.push('--ro-bind-try', nodePrefix, nodePrefix);
  // --size before --tmpfs bounds that one tmpfs: its pages are the host's memory.
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(BWRAP_TMP_BYTES), '--tmpfs', '/tmp');
  args.push('--bind', cwd, cwd, '--chdir', cwd, '--clearenv');
  for (const [name, value] of Object.entries(env)) args.push('--setenv', name, value);
  return args;
}

/** The ids of the live processes (not zombies) whose real user id is `uid`. */
export async function processesOf(uid: number): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const status = await readFile(`/proc/${name}/status`, 'utf8').catch(() => '');
    const real = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    const state = /^State:\s+(\S)/m.exec(status)?.[1];
    if (real !== undefined && Number(real) === uid && state !== 'Z') pids.push(Number(name));
  }
  return pids;
}

/**
 * Kills every process of `uid` until none is left: a process that forks while it is killed is
 * caught on the next pass. Only a run's own user id is ever given here.
 */
export async function killUser(uid: number): Promise<void> {
  for (let pass = 0; pass < 50; pass++) {
    const pids = await processesOf(uid);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The shared folders anyone may write to on a usual Linux machine, which a command's files could be
 * left in (/var/lock is a link to /run/lock). Another folder a machine makes world-writable is not
 * looked at.
 */
export const SHARED_FOLDERS = ['/tmp', '/var/tmp', '/dev/shm', '/run/lock', '/dev/mqueue'] as const;

/**
 * Removes what `uid` left at the top of the shared folders (the `user` way only): each file, link or
 * folder there that it owns, a folder with all it holds. What it put inside a folder another user
 * owns stays.
 */
export async function removeFilesOf(uid: number): Promise<void> {
  for (const folder of SHARED_FOLDERS) {
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      const path = join(folder, name);
      const info = await lstat(path).catch(() => undefined);
      if (info?.uid === uid) await rm(path, { recursive: true, force: true }).catch(() => {});
    }
  }
}

/** The parent's pid, process group and real user id of a process, read from /proc at once. */
function processInfo(pid: string): { parent: number; group: number; uid: number } | null {
  try {
    // The command name, in parentheses, may hold spaces: the fields are counted after its end.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [, , parent = '', group = ''] = stat.slice(stat.lastIndexOf(')') + 1).split(' ');
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return { parent: Number(parent), group: Number(group), uid: Number(uid) };
  } catch {
    return null;
  }
}

/**
 * Kills, at once and without waiting, every command this process started that is still running: each
 * child that leads a process group of its own (commands run detached, so each leads one) with its
 * whole group, and, as root, every process of a run's own user id such a child runs as (a process
 * that left the group with setsid included). Made for the process's exit, when nothing can be
 * awaited: a second SIGINT or SIGTERM, or an error nothing caught.
 */
export function killCommandsNow(): void {
  const named = isRoot() ? namedUserIds() : new Set<number>();
  const users = new Set<number>();
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    const info = processInfo(pid);
    if (info?.parent !== process.pid || info.group !== Number(pid)) continue;
    try {
      process.kill(-info.group, 'SIGKILL');
    } catch {
      // gone already
    }
    if (isRoot() && isRunUser(info.uid, named)) users.add(info.uid);
  }
  if (users.size === 0) return;
  // Two passes: a process forked while the first ran is caught by the second.
  for (let pass = 0; pass < 2; pass++) {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      const info = processInfo(pid);
      if (info === null || !users.has(info.uid)) continue;
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }
}

let killingAtExit = false;

/**
 * Has the process kill its commands still running when it exits ({@link killCommandsNow}), whatever
 * ends it: a second signal, an uncaught error, process.exit. Called once per process; later calls do
 * nothing.
 */
export function killCommandsAtExit(): void {
  if (killingAtExit) return;
  killingAtExit = true;
  process.once('exit', killCommandsNow);
}
