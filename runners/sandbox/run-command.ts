/**
 * run_command's runner: runs a command in the workspace with a time limit, a clean environment and
 * no input, and returns its result bounded to the tool-output budget as a whole, frames included:
 *
 *   exit status: N
 *   stdout:
 *   …its lines…
 *   stderr:
 *   …its lines…
 *   [timed out after N s]
 *
 * A stream with nothing in it is left out. Both streams are read as they arrive, never buffered
 * whole; when the result does not fit, the whole of it is kept in the output store and the result
 * shows each stream's first and last lines with a held-back marker and a closing note.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { execa } from 'execa';
import {
  boundSections,
  wholeBytes,
  wholeLines,
  type OutputStore,
  type Section,
  type StoredOutput,
} from '../../engine/index.js';
import { commandLine, killUser, type Sandbox } from './sandbox.js';
import { StreamCollector } from './stream-collector.js';

/** A command's result written in a scenario: returned without running anything. */
export interface ScriptedCommand {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** What runCommand needs. */
export interface RunCommandOptions {
  command: string;
  /** The workspace: the command's working directory and its HOME. */
  cwd: string;
  timeoutMs: number;
  /** The tool-output budget in bytes: the result never exceeds it. */
  budget: number;
  store: OutputStore;
  /** The tool call's id: a held-back result is stored under it. */
  callId: string;
  /** Scripted results by exact command text; a command listed here is not run. */
  scripted?: Record<string, ScriptedCommand>;
  /** The conversation has the memory tool (the note then says how to page the stored output). */
  memory?: boolean;
  /** Where spill files go while a large output streams in; the system's temporary directory by default. */
  spillDir?: string;
  /** How the command is contained; without one, as `none` (its session, a clean environment). */
  sandbox?: Sandbox;
  /** The run's own user id, when the harness is root: the command runs as it. */
  uid?: number;
}

/** What run_command returns. */
export interface CommandResult {
  /** The result as the model sees it, within the budget. */
  content: string;
  /** The exit status; null when the command was killed (a timeout) or could not start. */
  exitCode: number | null;
  timedOut: boolean;
  /** Lines were held back, and the whole result is in the store. */
  heldBack: boolean;
  storedId?: string;
  /** The store's record of the kept result, for the audit. */
  stored?: StoredOutput;
}

/** The folders a command's PATH holds besides the one of the Node that runs the harness. */
export const SYSTEM_PATH = ['/usr/local/bin', '/usr/bin', '/bin'] as const;

/**
 * The environment a command sees, and nothing else. Its PATH starts with the folder of the Node that
 * runs the harness (`process.execPath`), which is where Node and npm are on a machine that installed
 * them with nvm or a CI setup step, so `node` in a command is the same Node whatever the machine.
 */
export function commandEnvironment(cwd: string, nodeBin = dirname(process.execPath)): Record<string, string> {
  const path = [nodeBin, ...SYSTEM_PATH.filter((folder) => folder !== nodeBin)].join(':');
  return { PATH: path, HOME: cwd, LANG: 'C.UTF-8' };
}

/** Grace between asking a timed-out command to stop and killing it. */
const KILL_GRACE_MS = 1000;

interface Exit {
  exitCode: number | null;
  signal?: string;
  timedOut: boolean;
  startError?: string;
}

/** Feeds a subprocess stream into its collector; a stream cut short by a kill just ends. */
async function drain(stream: Readable | null, collector: StreamCollector): Promise<void> {
  if (!stream) return;
  try {
    for await (const chunk of stream) await collector.push(chunk as Uint8Array | string);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE'))
      throw error;
  }
}

/** Runs the command for real, streaming its output into the collectors. */
async function execute(
  options: RunCommandOptions,
  out: StreamCollector,
  err: StreamCollector,
): Promise<Exit> {
  const env = commandEnvironment(options.cwd);
  const sandbox = options.sandbox ?? { kind: 'none', root: false };
  const [file, args] = commandLine(sandbox, options.uid, options.cwd, options.command, env);
  // bwrap and the shell alike get only the clean environment: bwrap's own /proc/1/environ is seen
  // from inside.
  const subprocess = execa(file, args, {
    cwd: options.cwd,
    env,
    extendEnv: false,
    stdin: 'ignore',
    buffer: false,
    reject: false,
    detached: true, // its own session and process group, so everything it started can be stopped
  });
  let timedOut = false;
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (subprocess.pid === undefined) return;
    try {
      process.kill(-subprocess.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  // When the command ends (or is stopped), nothing it started may go on: its group, and as root
  // every process of the run's user id (a process that left the group with setsid included).
  const stopEverything = async (): Promise<void> => {
    signalGroup('SIGKILL');
    if (options.uid !== undefined) await killUser(options.uid);
  };
  let stopped: Promise<void> | undefined;
  subprocess.once('exit', () => {
    stopped = stopEverything();
  });
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setTimeout(() => {
      timedOut = true;
      signalGroup('SIGTERM');
      timers.push(setTimeout(() => void stopEverything(), KILL_GRACE_MS));
      // A process that left the group may still hold the pipes: stop reading them.
      timers.push(
        setTimeout(() => {
          subprocess.stdout?.destroy();
          subprocess.stderr?.destroy();
        }, 2 * KILL_GRACE_MS),
      );
    }, options.timeoutMs),
  );
  try {
    const [result] = await Promise.all([
      subprocess,
      drain(subprocess.stdout, out),
      drain(subprocess.stderr, err),
    ]);
    await stopped;
    if (result.failed && result.exitCode === undefined && result.signal === undefined && !timedOut) {
      return {
        exitCode: null,
        timedOut: false,
        startError: result.originalMessage ?? result.shortMessage ?? 'failed',
      };
    }
    return { exitCode: result.exitCode ?? null, signal: result.signal, timedOut };
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

/** The stored form of the whole result: every line ended by a newline, the streams read back in full. */
async function* storedText(
  sections: readonly Section[],
  collectors: ReadonlyMap<number, StreamCollector>,
): AsyncIterable<string> {
  for (const [index, section] of sections.entries()) {
    const collector = collectors.get(index);
    if ('lines' in section) {
      for (const line of section.lines) yield `${line}\n`;
    } else if (collector && collector.bytes > 0) {
      yield* collector.text();
      if (!collector.endsWithNewline) yield '\n';
    }
  }
}

function seconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}

/** Runs (or replays) a command and returns its result within the budget. */
export async function runCommand(options: RunCommandOptions): Promise<CommandResult> {
  // One temporary directory for both streams' spill files, made only when a stream needs one.
  let spillDir: Promise<string> | undefined;
  let spills = 0;
  const spillFile = async (): Promise<string> => {
    spillDir ??= mkdtemp(join(options.spillDir ?? tmpdir(), 'wisp-run-'));
    spills += 1;
    const name = `stream-${spills}.spill`;
    return join(await spillDir, name);
  };
  const keep = Math.max(1, options.budget);
  const out = new StreamCollector(keep, options.store.maxBytes, spillFile);
  const err = new StreamCollector(keep, options.store.maxBytes, spillFile);
  try {
    let exit: Exit;
    const scripted =
      options.scripted && Object.hasOwn(options.scripted, options.command)
        ? options.scripted[options.command]
        : undefined;
    if (scripted) {
      await out.push(scripted.stdout);
      await err.push(scripted.stderr);
      exit = { exitCode: scripted.exitCode, timedOut: false };
    } else {
      exit = await execute(options, out, err);
    }
    await Promise.all([out.end(), err.end()]);
    if (exit.startError !== undefined) {
      const content = `error: the command could not be started: ${exit.startError.split('\n')[0] ?? ''}`;
      return { content, exitCode: null, timedOut: false, heldBack: false };
    }
    const status =
      exit.exitCode !== null ? String(exit.exitCode) : `none (killed by ${exit.signal ?? 'a signal'})`;
    const sections: Section[] = [{ lines: [`exit status: ${status}`] }];
    const collectors = new Map<number, StreamCollector>();
    for (const [label, collector] of [
      ['stdout', out],
      ['stderr', err],
    ] as const) {
      if (collector.bytes === 0) continue;
      sections.push({ lines: [`${label}:`] });
      collectors.set(sections.length, collector);
      sections.push({ stream: collector.sample(), label });
    }
    if (exit.timedOut) sections.push({ lines: [`[timed out after ${seconds(options.timeoutMs)} s]`] });
    const base = { exitCode: exit.exitCode, timedOut: exit.timedOut };
    if (wholeBytes(sections) <= options.budget) {
      return { ...base, content: wholeLines(sections).join('\n'), heldBack: false };
    }
    const stored = await options.store.put(options.callId, storedText(sections, collectors));
    const bound = boundSections(sections, options.budget, {
      outputId: stored.id,
      storedLines: stored.lines,
      truncated: stored.truncated,
      memory: options.memory ?? false,
      command: true,
    });
    return { ...base, content: bound.text, heldBack: bound.heldBack, storedId: stored.id, stored };
  } finally {
    await Promise.allSettled([out.dispose(), err.dispose()]);
    if (spillDir) await rm(await spillDir, { recursive: true, force: true });
  }
}
