import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO } from '../../runners/cli/io.js';
import { main } from '../../runners/cli/main.js';
import { wispEval } from './cli.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-bad-'));
  await writeFile(
    join(dir, 'bad.yaml'),
    'name: bad-one\ndescription: broken\nsteps:\n  - say: hello\n  - ask: what?\n    id: q\n    expect: { any: [] }\n',
  );
  await writeFile(
    join(dir, 'bad-fact.yaml'),
    'name: bad-fact\ndescription: a fact under no kind\nsteps:\n  - fact: { subject: colour, name: sky, value: blue }\n',
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cases: [string, string[], RegExp][] = [
  ['a malformed scenario file', ['--scenario', 'BAD'], /bad\.yaml: step 2 \(ask\): expect\.any/],
  [
    'an unknown strategy',
    ['--scenario', 'codename', '--strategy', 'nope'],
    /unknown strategy "nope"; known strategies: dropping/,
  ],
  [
    'an unknown --set key',
    ['--scenario', 'codename', '--set', 'context.nope=1'],
    /unknown setting "context.nope"/,
  ],
  [
    'a bad --set value',
    ['--scenario', 'codename', '--set', 'context.target=2'],
    /context.target=2 is not allowed/,
  ],
  [
    'an unknown model',
    ['--scenario', 'codename', '--model', 'gpt-9'],
    /unknown model "gpt-9"; known models: reader/,
  ],
  ['an unknown scenario', ['--scenario', 'nothing-here'], /unknown scenario 'nothing-here'/],
  ['an unknown flag', ['--scenario', 'codename', '--windw', '10'], /Unknown argument/],
  [
    'a subject kind with a bad temporal class',
    ['--scenario', 'codename', '--set', 'facts.kinds={"ticket":{"temporalClass":"sometimes"}}'],
    /facts\.kinds\.ticket\.temporalClass: expected one of permanent, dynamic, ephemeral/,
  ],
  [
    'a fact step under no subject kind',
    ['--scenario', 'BADFACT', '--strategy', 'target'],
    /scenario bad-fact: step 1 \(fact\): subject "colour" is no subject kind; the kinds are entity/,
  ],
];

/** The arguments of a case, with its placeholders for the broken files and a folder of its own. */
function argumentsOf(args: string[]): { argv: string[]; out: string } {
  const out = join(dir, `out-${Math.abs(hash(args.join(' ')))}`);
  const resolved = args.map((a) =>
    a === 'BAD' ? join(dir, 'bad.yaml') : a === 'BADFACT' ? join(dir, 'bad-fact.yaml') : a,
  );
  return { argv: ['run', ...resolved, '--out', out], out };
}

describe('bad input: exit 2, one clear line, nothing written', () => {
  it.each(cases)('%s', async (_what, args, message) => {
    const { argv, out } = argumentsOf(args);
    const io = bufferIO();
    expect(await main(argv, io)).toBe(2);
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toHaveLength(1);
    expect(io.stderr[0]).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });

  // The same through a real process: the bin's streams and exit status, for two of the cases.
  it.each([cases[0], cases[4]] as [string, string[], RegExp][])(
    '%s, from a real process',
    async (_what, args, message) => {
      const { argv, out } = argumentsOf(args);
      const result = await wispEval(argv);
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(existsSync(out)).toBe(false);
    },
  );
});

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}

describe('--out on a folder of the user’s', () => {
  it('exits 2 with one line naming what is there, and leaves every file as it was', async () => {
    const out = join(dir, 'users-own');
    await mkdir(out);
    await writeFile(join(out, 'summary.md'), '# my notes\n');
    await writeFile(join(out, 'report.html'), '<p>mine</p>\n');
    const io = bufferIO();
    expect(await main(['run', '--scenario', 'codename', '--out', out], io)).toBe(2);
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toEqual([
      `wisp-eval: --out ${out}: the folder is not empty and holds no results (report.html, summary.md); give an empty or a new folder`,
    ]);
    expect((await readdir(out)).sort()).toEqual(['report.html', 'summary.md']);
    expect(await readFile(join(out, 'summary.md'), 'utf8')).toBe('# my notes\n');
  });
});
