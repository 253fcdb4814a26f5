import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileOutputStore } from '../../../runners/recording/output-store/file-store.js';
import { MemoryOutputStore } from '../../../runners/recording/output-store/memory-store.js';
import {
  commandEnvironment,
  runCommand,
  type RunCommandOptions,
} from '../../../runners/sandbox/run-command.js';

let workspace: string;
let store: MemoryOutputStore;

beforeEach(async () => {
  workspace = await realpath(await mkdtemp(join(tmpdir(), 'wisp-run-test-')));
  store = new MemoryOutputStore();
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

function run(command: string, overrides: Partial<RunCommandOptions> = {}) {
  return runCommand({
    command,
    cwd: workspace,
    timeoutMs: 20_000,
    budget: 4096,
    store,
    callId: 'call-1',
    ...overrides,
  });
}

/** True while a process runs; a killed one waiting to be reaped (a zombie) is not running. */
function isRunning(pid: number): boolean {
  try {
    if (existsSync('/proc/self/stat'))
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('runCommand: results that fit', () => {
  it('frames a small result exactly, and stores nothing', async () => {
    const result = await run("printf 'hello\\nworld\\n'; printf 'careful\\n' >&2");
    expect(result).toEqual({
      content: 'exit status: 0\nstdout:\nhello\nworld\nstderr:\ncareful',
      exitCode: 0,
      timedOut: false,
      heldBack: false,
    });
    expect(store.ids()).toEqual([]);
  });

  it('reports a non-zero exit status and leaves out an empty stream', async () => {
    expect((await run('echo partial; exit 3')).content).toBe('exit status: 3\nstdout:\npartial');
    expect((await run('exit 7')).content).toBe('exit status: 7');
    const failed = await run('echo "no such target" >&2; exit 2');
    expect(failed).toMatchObject({ content: 'exit status: 2\nstderr:\nno such target', exitCode: 2 });
  });

  it('runs in the workspace with a clean environment and no input', async () => {
    process.env['WISP_TEST_SECRET'] = 'leaked';
    try {
      const result = await run('pwd; echo "$HOME|$PATH|$LANG|${WISP_TEST_SECRET:-unset}"; cat; echo done');
      expect(result.content).toBe(
        `exit status: 0\nstdout:\n${workspace}\n${workspace}|${commandEnvironment(workspace).PATH}|C.UTF-8|unset\ndone`,
      );
    } finally {
      delete process.env['WISP_TEST_SECRET'];
    }
  });

  it('puts the folder of the Node that runs the harness first on PATH, then the system folders once each', () => {
    expect(commandEnvironment('/w', '/opt/node-20/bin').PATH).toBe(
      '/opt/node-20/bin:/usr/local/bin:/usr/bin:/bin',
    );
    expect(commandEnvironment('/w', '/usr/bin').PATH).toBe('/usr/bin:/usr/local/bin:/bin');
  });

  it('runs `node` as the Node that runs the harness', async () => {
    const result = await run('node -e "console.log(process.execPath)"');
    expect(result.content).toBe(`exit status: 0\nstdout:\n${process.execPath}`);
  });

  it('stops a command at its time limit, with everything it started, and says so', async () => {
    const result = await run('sleep 30 & echo $!; wait', { timeoutMs: 400 });
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
    const lines = result.content.split('\n');
    expect(lines[0]).toMatch(/^exit status: none \(killed by SIG[A-Z]+\)$/);
    expect(lines[1]).toBe('stdout:');
    expect(lines.at(-1)).toBe('[timed out after 0.4 s]');
    expect(isRunning(Number(lines[2]))).toBe(false);
  });

  it('returns a scripted result without running the command', async () => {
    const scripted = { 'touch ran.txt': { exitCode: 1, stdout: '3 passed\n', stderr: '1 failed\n' } };
    const result = await run('touch ran.txt', { scripted });
    expect(result.content).toBe('exit status: 1\nstdout:\n3 passed\nstderr:\n1 failed');
    expect(result.exitCode).toBe(1);
    expect(existsSync(join(workspace, 'ran.txt'))).toBe(false);
    await run('touch other.txt', { scripted });
    expect(existsSync(join(workspace, 'other.txt'))).toBe(true);
  });

  it('returns an error result when the command cannot start', async () => {
    const result = await run('true', { cwd: join(workspace, 'missing') });
    expect(result.content).toMatch(/^error: the command could not be started: /);
    expect(result.exitCode).toBeNull();
  });
});

describe('runCommand: results larger than the budget', () => {
  it('gives a stream with little output at least a fifth of the room', async () => {
    const result = await run(
      'seq 1 100000; for i in $(seq 1 60); do echo "warning number $i of sixty" >&2; done',
    );
    expect(bytes(result.content)).toBeLessThanOrEqual(4096);
    const lines = result.content.split('\n');
    const stderrAt = lines.indexOf('stderr:');
    const stderrShown = lines.slice(stderrAt + 1, -1).filter((line) => line.startsWith('warning'));
    // Proportionally stderr (~1.6 KB of ~590 KB) would get a few bytes; its floor is a fifth of the room.
    expect(bytes(stderrShown.join('\n'))).toBeGreaterThan(600);
    expect(stderrShown[0]).toBe('warning number 1 of sixty');
    expect(stderrShown.at(-1)).toBe('warning number 60 of sixty');
    expect(lines.at(-1)).toMatch(/^held back: stdout lines [\d,]+–[\d,]+ \([\d,]+ KiB\), stderr lines /);
  });

  it('shows a small second stream whole beside a large one', async () => {
    const result = await run('seq 1 100000; echo "one warning" >&2');
    const lines = result.content.split('\n');
    expect(lines.slice(-3)).toEqual([
      'stderr:',
      'one warning',
      expect.stringMatching(/^held back: stdout lines /),
    ]);
  });

  it('counts held-back binary output in the bytes the command printed, not as decoded', async () => {
    // 60,000 bytes of 0xff: each decodes to a 3-byte replacement character, 180,000 bytes in all.
    const result = await run(`node -e "process.stdout.write(Buffer.alloc(60000, 0xff))"`);
    const marker = /\[… 1 line \(([\d,]+) KiB\) held back …\]/.exec(result.content);
    const kib = Number(marker?.[1]?.replace(/,/g, ''));
    expect(kib).toBeGreaterThan(50);
    expect(kib).toBeLessThanOrEqual(Math.ceil(60_000 / 1024));
    expect(result.content.split('\n').at(-1)).toContain(`stdout line 3 (${kib} KiB)`);
  });

  it('holds back a 5 MB output with a true marker, and stores it whole', async () => {
    const dir = join(workspace, '.store');
    const fileStore = new FileOutputStore(dir);
    const result = await run('yes | head -n 2500000', { store: fileStore, callId: 'call-5mb', memory: true });
    expect(result.heldBack).toBe(true);
    expect(result.storedId).toBe('call-5mb');
    expect(bytes(result.content)).toBeLessThanOrEqual(4096);

    const lines = result.content.split('\n');
    const markerAt = lines.findIndex((line) => line.startsWith('[… '));
    const head = lines.slice(2, markerAt);
    const tail = lines.slice(markerAt + 1, -1);
    const hidden = 2_500_000 - head.length - tail.length;
    expect([...head, ...tail].every((line) => line === 'y')).toBe(true);
    const marker = /^\[… ([\d,]+) lines \(([\d,]+) KiB\) held back …\]$/.exec(lines[markerAt] ?? '');
    expect(Number(marker?.[1]?.replace(/,/g, ''))).toBe(hidden);
    expect(Number(marker?.[2]?.replace(/,/g, '')) * 1024).toBeGreaterThanOrEqual(hidden * 2);
    const from = head.length + 3;
    expect(lines.at(-1)).toContain(`held back: stdout lines ${from.toLocaleString('en-US')}–`);
    expect(lines.at(-1)).toContain(`memory "recall output call-5mb from line ${from}"`);
    expect(lines.at(-1)).toContain('(2,500,002 lines)');

    const expected = 'exit status: 0\nstdout:\n' + 'y\n'.repeat(2_500_000);
    expect(result.stored).toMatchObject({ bytes: bytes(expected), lines: 2_500_002, truncated: false });
    expect(result.stored?.sha256).toBe(sha256(expected));
    expect(sha256(await readFile(join(dir, 'call-5mb.out')))).toBe(sha256(expected));
    const page = await fileStore.readLines('call-5mb', from, 2);
    expect(page?.lines).toEqual(['y', 'y']);
  });

  it('states it when the store kept only the start, and removes its spill files', async () => {
    const spillDir = join(workspace, 'spill');
    await rm(spillDir, { force: true, recursive: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(spillDir));
    const small = new MemoryOutputStore({ maxBytes: 1024 * 1024 });
    const result = await run("head -c 3000000 /dev/zero | tr '\\0' 'x' | fold -w 100", {
      store: small,
      spillDir,
    });
    expect(result.stored).toMatchObject({ bytes: 1024 * 1024, truncated: true });
    expect(result.content.split('\n').at(-1)).toContain('keeps only its first');
    expect(await readdir(spillDir)).toEqual([]);
  });
});
