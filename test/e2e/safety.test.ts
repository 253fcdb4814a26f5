/**
 * What a scenario and its commands can reach, through the command line: workspaces that leave their
 * project, commands that read the harness's environment, write outside their workspace or leave
 * processes behind, under each sandbox this machine offers (bwrap where it is installed and works;
 * the root fallback always when the tests run as root; the unisolated way with its warning).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { detectSandbox } from '../../runners/sandbox/sandbox.js';
import { repoRoot, startWispEval, wispEval } from './cli.js';
import { onSmallDisk } from './small-disk.js';

let dir: string;
const root = process.getuid?.() === 0;
let bwrapWorks = false;

/** A scenario file in the test's folder; returns its path. */
async function scenarioFile(name: string, body: string): Promise<string> {
  const path = join(dir, `${name}.yaml`);
  await writeFile(path, `name: ${name}\ndescription: a safety case\n${body}`);
  return path;
}

/** A scripted step that runs `commands` through run_command. */
function commandStep(commands: string[]): string {
  const calls = commands
    .map((command) => `        - { tool: run_command, arguments: { command: ${JSON.stringify(command)} } }`)
    .join('\n');
  return `steps:\n  - say: run them\n    script:\n      toolCalls:\n${calls}\n      reply: done\n`;
}

/** The tool results a run's audit recorded, in order. */
async function toolResults(out: string): Promise<string[]> {
  const runs = readdirSync(join(out, 'runs'));
  const audit = await readFile(join(out, 'runs', runs[0] ?? '', 'audit.jsonl'), 'utf8');
  return audit
    .split('\n')
    .filter((line) => line.includes('"tool.result"'))
    .map((line) => (JSON.parse(line) as { content: string }).content);
}

/** Live processes whose command line is exactly `sleep <seconds>`. */
function sleepers(seconds: number): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (cmdline === `sleep ${seconds}`) found.push(Number(pid));
    } catch {
      // gone
    }
  }
  return found;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-safety-'));
  bwrapWorks = (await detectSandbox({})).kind === 'bwrap';
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a workspace must lie within its project and hold only files and folders', () => {
  it.each([
    ['climbs out with ..', '../../../../../../../etc', /resolves to \/etc, outside the scenario's project/],
    ['is absolute', '/etc', /resolves to \/etc, outside the scenario's project/],
    ['is the root', '/', /resolves to \/, outside the scenario's project/],
  ])(
    'a workspace that %s is refused before any run: exit 2, one line, nothing written',
    async (_, workspace, why) => {
      const file = await scenarioFile('escape', `workspace: ${workspace}\nsteps:\n  - say: hi\n`);
      const out = join(dir, 'out-escape');
      const result = await wispEval(['run', '--scenario', file, '--out', out]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr.split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(why);
      expect(existsSync(out)).toBe(false);
    },
  );

  it('a workspace holding a FIFO or a link is refused, naming the entry', async () => {
    await mkdir(join(dir, 'ws-fifo'));
    execFileSync('mkfifo', [join(dir, 'ws-fifo', 'pipe')]);
    await mkdir(join(dir, 'ws-link'));
    await symlink('/etc/passwd', join(dir, 'ws-link', 'passwd'));
    const fifo = await scenarioFile('fifo', 'workspace: ws-fifo\nsteps:\n  - say: hi\n');
    const link = await scenarioFile('link', 'workspace: ws-link\nsteps:\n  - say: hi\n');
    const [a, b] = await Promise.all([wispEval(['validate', fifo]), wispEval(['validate', link])]);
    expect(a.exitCode).toBe(2);
    expect(a.stderr).toMatch(/holds pipe, a FIFO: a workspace holds only regular files and folders/);
    expect(b.exitCode).toBe(2);
    expect(b.stderr).toMatch(/holds passwd, a symbolic link/);
  });
});

describe('run_command in its sandbox', () => {
  const SECRET = 'WISP_SAFETY_SECRET';
  // Each check prints one marker line, so the assertions read the output rather than exit codes.
  const commands = (seconds: number, outside: string) => [
    `echo ppid; cat /proc/$PPID/environ 2>/dev/null | tr '\\0' '\\n' | grep -c ${SECRET}; ` +
      `echo any; cat /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n' | grep -c ${SECRET}; echo env; env | grep -c ${SECRET}`,
    `echo x > ${outside} 2>/dev/null; echo y > inside.txt && echo inside-written`,
    `setsid sleep ${seconds} >/dev/null 2>&1 < /dev/null & sleep ${seconds + 1} >/dev/null 2>&1 < /dev/null & echo started`,
  ];

  async function runIn(mode: string, seconds: number) {
    const outside = join(dir, `outside-${mode}.txt`);
    const file = await scenarioFile(`sandbox-${mode}`, commandStep(commands(seconds, outside)));
    const out = join(dir, `out-${mode}`);
    const result = await wispEval(
      ['run', '--scenario', file, '--model', 'scripted', '--out', out, '--jobs', '1'],
      undefined,
      { [SECRET]: 'hush', WISP_EVAL_SANDBOX: mode },
    );
    return { result, outside, results: result.exitCode === 0 ? await toolResults(out) : [] };
  }

  it.skipIf(!root)(
    'as root without bwrap: a user id of its own, no view of the environment, nothing outside written, no process left',
    async () => {
      const { result, outside, results } = await runIn('user', 613);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toMatch(/warning: run_command: .*commands run as a user id of their own/);
      expect(results[0]).toMatch(/ppid\n0\nany\n0\nenv\n0/);
      expect(results[1]).toMatch(/inside-written/);
      expect(existsSync(outside)).toBe(false);
      expect(sleepers(613)).toEqual([]);
      expect(sleepers(614)).toEqual([]);
    },
  );

  it.skipIf(!root)(
    'as root without bwrap: what a command leaves in the shared folders, /run/lock included, is removed when its run ends',
    async () => {
      const left = ['/tmp', '/var/tmp', '/dev/shm', '/run/lock']
        .filter((folder) => existsSync(folder))
        .map((folder) => join(folder, `wisp-safety-left-${process.pid}`));
      const file = await scenarioFile(
        'shared-folders',
        commandStep([left.map((path) => `echo left > ${path}`).join('; ') + '; echo written']),
      );
      const out = join(dir, 'out-shared-folders');
      try {
        const result = await wispEval(
          ['run', '--scenario', file, '--model', 'scripted', '--out', out],
          undefined,
          { WISP_EVAL_SANDBOX: 'user' },
        );
        expect(result.exitCode).toBe(0);
        expect((await toolResults(out))[0]).toMatch(/written/);
        expect(left.filter((path) => existsSync(path))).toEqual([]);
      } finally {
        await Promise.all(left.map((path) => rm(path, { force: true })));
      }
    },
  );

  it('with bwrap: no view of the environment or of files outside, no process left', async (context) => {
    if (!bwrapWorks) context.skip('bubblewrap is not installed or cannot make namespaces here');
    const { result, outside, results } = await runIn('bwrap', 617);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).not.toMatch(/warning/);
    expect(results[0]).toMatch(/ppid\n0\nany\n0\nenv\n0/);
    expect(results[1]).toMatch(/inside-written/);
    expect(existsSync(outside)).toBe(false);
    expect(sleepers(617)).toEqual([]);
    expect(sleepers(618)).toEqual([]);
  });

  it('without either: one warning line says what is not isolated, and the process group is still stopped', async () => {
    const { result, results } = await runIn('none', 621);
    // A process that left the group with setsid outlives the command here, as the warning says.
    for (const pid of sleepers(621)) process.kill(pid, 'SIGKILL');
    expect(result.exitCode).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('warning'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/commands are NOT isolated/);
    expect(results[0]).toMatch(/env\n0/);
    expect(sleepers(622)).toEqual([]);
  });

  it('--set tools.commandTimeout bounds a command; a bad value is refused with the text typed', async () => {
    const file = await scenarioFile('slow', commandStep(['sleep 40; echo never']));
    const out = join(dir, 'out-slow');
    const result = await wispEval([
      'run',
      '--scenario',
      file,
      '--model',
      'scripted',
      '--out',
      out,
      '--set',
      'tools.commandTimeout=1',
    ]);
    expect(result.exitCode).toBe(0);
    expect((await toolResults(out))[0]).toMatch(/\[timed out after 1 s\]/);
    expect(JSON.parse(await readFile(join(out, 'plan.json'), 'utf8')).toolOptions).toEqual({
      commandTimeout: 1,
    });
    const bad = await wispEval(['run', '--scenario', file, '--set', 'tools.commandTimeout=0x1']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/tools\.commandTimeout=0x1 is not allowed/);
  });
});

describe('a harness stopped while a command runs, as root without bwrap', () => {
  /** A run whose command leaves one process outside its group and keeps running `seconds + 1`. */
  async function startRun(name: string, seconds: number, extra: string[] = []) {
    const file = await scenarioFile(
      name,
      commandStep([
        `setsid sleep ${seconds} >/dev/null 2>&1 < /dev/null & sleep ${seconds + 1} >/dev/null 2>&1 < /dev/null`,
      ]),
    );
    const child = startWispEval(
      ['run', '--scenario', file, '--model', 'scripted', '--out', join(dir, `out-${name}`), ...extra],
      repoRoot,
      { WISP_EVAL_SANDBOX: 'user' },
    );
    // The command is running once both of its processes are.
    await vi.waitFor(
      () => {
        expect(sleepers(seconds)).toHaveLength(1);
        expect(sleepers(seconds + 1)).toHaveLength(1);
      },
      { timeout: 30_000, interval: 100 },
    );
    // Wrapped: an async function would wait for the process it returned.
    return { child };
  }

  /** Kills what a failing test leaves of `seconds` and `seconds + 1`. */
  function killSleepers(seconds: number): void {
    for (const pid of [...sleepers(seconds), ...sleepers(seconds + 1)]) process.kill(pid, 'SIGKILL');
  }

  it.skipIf(!root)(
    'kill -9 leaves its command running, and the next run kills it, the process that left its group included',
    async () => {
      try {
        const { child } = await startRun('orphan-kill', 631);
        child.kill('SIGKILL');
        await child;
        // Nothing of the harness is left to stop them.
        expect(sleepers(631)).toHaveLength(1);
        const next = await wispEval(
          [
            'run',
            '--scenario',
            await scenarioFile('next', 'steps:\n  - say: hi\n'),
            '--model',
            'scripted',
            '--out',
            join(dir, 'out-next'),
          ],
          undefined,
          { WISP_EVAL_SANDBOX: 'user' },
        );
        expect(next.exitCode).toBe(0);
        expect(sleepers(631)).toEqual([]);
        expect(sleepers(632)).toEqual([]);
      } finally {
        killSleepers(631);
      }
    },
  );

  it.skipIf(!root).each([
    ['SIGTERM', 635, 143],
    ['SIGINT', 639, 130],
  ] as const)(
    '%s stops it with its command and every process the command started',
    async (signal, seconds, status) => {
      try {
        // A time limit of 3 s ends the command soon after the signal.
        const { child } = await startRun(`orphan-${signal.toLowerCase()}`, seconds, [
          '--set',
          'tools.commandTimeout=3',
        ]);
        child.kill(signal);
        // The first signal lets the run in hand finish: its command ends at its time limit.
        const { exitCode } = await child;
        expect(sleepers(seconds)).toEqual([]);
        expect(sleepers(seconds + 1)).toEqual([]);
        expect(exitCode).toBe(status);
      } finally {
        killSleepers(seconds);
      }
    },
  );
});

describe('inputs', () => {
  it('an expectation that backtracks catastrophically is refused at load, naming the step and the pattern', async () => {
    const file = await scenarioFile(
      'redos',
      'steps:\n  - say: hi\n  - ask: what?\n    id: q\n    expect: { any: ["/^(a+)+$/"] }\n',
    );
    const result = await wispEval(['validate', file]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /redos\.yaml: step 2 \(ask\): expect\.any\[0\]: pattern "\/\^\(a\+\)\+\$\/" is refused: it can backtrack exponentially/,
    );
  });

  it('a scenario file that is not UTF-8 is refused with the byte offset; one past the size limit before parsing', async () => {
    const latin1 = join(dir, 'latin1.yaml');
    await writeFile(
      latin1,
      Buffer.concat([Buffer.from('name: caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
    );
    const small = await scenarioFile('small', 'steps:\n  - say: hi\n');
    const [a, b] = await Promise.all([
      wispEval(['validate', latin1]),
      wispEval(['validate', small], undefined, { WISP_EVAL_SCENARIO_MAX_BYTES: '20' }),
    ]);
    expect(a.exitCode).toBe(2);
    expect(a.stderr).toMatch(/latin1\.yaml: not UTF-8: byte 9 \(0xe9\)/);
    expect(b.exitCode).toBe(2);
    expect(b.stderr).toMatch(/small\.yaml: the file is \d+ bytes, more than the limit of 20/);
  });

  it('--set numbers are decimal: abc and 0x1 are refused with the text typed', async () => {
    const [a, b] = await Promise.all([
      wispEval(['run', '--scenario', 'codename', '--set', 'context.budget=abc']),
      wispEval(['run', '--scenario', 'codename', '--set', 'context.budget=0x1']),
    ]);
    expect(a.exitCode).toBe(2);
    expect(a.stderr).toMatch(/context\.budget=abc is not allowed; it takes a number above 0/);
    expect(b.exitCode).toBe(2);
    expect(b.stderr).toMatch(/context\.budget=0x1 is not allowed/);
  });
});

describe('the environment failing', () => {
  it('--out naming a file, or a place that cannot be written: one line naming it, exit 3, no stack', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'in the way');
    const [a, b] = await Promise.all([
      wispEval(['run', '--scenario', 'codename', '--out', file]),
      wispEval(['run', '--scenario', 'codename', '--out', '/proc/wisp-out']),
    ]);
    expect(a.exitCode).toBe(3);
    expect(a.stderr).toBe(`wisp-eval: cannot write ${file}: a file of that name is in the way`);
    expect(b.exitCode).toBe(3);
    expect(b.stderr.split('\n')).toHaveLength(1);
    expect(b.stderr).toMatch(/^wisp-eval: cannot write \/proc\/wisp-out: /);
  });

  it.skipIf(!root)(
    'a full disk ends the invocation with one line, the records so far intact',
    async (context) => {
      await onSmallDisk(join(dir, 'tiny'), '192k', context, async (tiny) => {
        const out = join(tiny, 'out');
        const result = await wispEval([
          'run',
          '--scenario',
          'codename',
          '--scenario',
          'digression',
          '--strategy',
          'dropping',
          '--strategy',
          'target',
          '--jobs',
          '1',
          '--out',
          out,
        ]);
        expect(result.exitCode).toBe(3);
        expect(result.stderr).toMatch(/^wisp-eval: cannot write .*: the disk is full$/);
        const lines = (await readFile(join(out, 'runs.jsonl'), 'utf8')).split('\n').filter(Boolean);
        for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
      });
    },
  );

  it('a run that ends "does not fit" gives exit 4 and a line that says so', async () => {
    const words = Array.from({ length: 12_000 }, (_, i) => `word${i}`).join(' ');
    const file = await scenarioFile('toobig', `steps:\n  - say: hello\n  - say: "${words}"\n`);
    const out = join(dir, 'out-toobig');
    const result = await wispEval([
      'run',
      '--scenario',
      file,
      '--model',
      'reader-strict',
      '--window',
      '1024',
      '--out',
      out,
    ]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/1 run ended early for the engine's reasons \(CONTEXT_DOES_NOT_FIT: 1\)/);
  });
});
