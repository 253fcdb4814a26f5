/**
 * bin/wisp-eval.js runs the compiled command line when dist/ is current, and the sources through tsx
 * when it is missing (silently: nothing stale runs) or stale (with one line on stderr naming the
 * newer source). Checked on a copy of the bin whose two entries say which one ran.
 */
import { execa } from 'execa';
import { copyFile, mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { root } from '../../bin/compiled.js';

let tree: string;

async function bin(...args: string[]) {
  const ran = await execa('node', [join(tree, 'bin', 'wisp-eval.js'), ...args], { reject: false });
  return { exitCode: ran.exitCode, stdout: ran.stdout, stderr: ran.stderr };
}

beforeEach(async () => {
  tree = await mkdtemp(join(tmpdir(), 'wisp-bin-'));
  await mkdir(join(tree, 'bin'));
  for (const file of ['wisp-eval.js', 'compiled.js'])
    await copyFile(join(root, 'bin', file), join(tree, 'bin', file));
  await symlink(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
  await writeFile(join(tree, 'package.json'), JSON.stringify({ type: 'module' }));
  await mkdir(join(tree, 'runners', 'cli'), { recursive: true });
  // Only TypeScript parses this one: tsx ran the source.
  await writeFile(
    join(tree, 'runners', 'cli', 'launch.ts'),
    "const from: string = 'source';\nconsole.log(from, process.argv.slice(2).join(' '));\n",
  );
  await mkdir(join(tree, 'dist', 'runners', 'cli'), { recursive: true });
  await writeFile(
    join(tree, 'dist', 'runners', 'cli', 'launch.js'),
    "console.log('compiled', process.argv.slice(2).join(' '));\n",
  );
  const hourAgo = Date.now() / 1000 - 3600;
  await utimes(join(tree, 'runners', 'cli', 'launch.ts'), hourAgo, hourAgo);
});

afterEach(async () => {
  await rm(tree, { recursive: true, force: true });
});

describe('bin/wisp-eval.js', () => {
  it('runs dist/ when it is current, passing the arguments on', async () => {
    expect(await bin('list', 'strategies')).toEqual({
      exitCode: 0,
      stdout: 'compiled list strategies',
      stderr: '',
    });
  });

  it('runs the sources through tsx, saying nothing, when dist/ is missing', async () => {
    await rm(join(tree, 'dist'), { recursive: true });
    expect(await bin('list', 'strategies')).toEqual({
      exitCode: 0,
      stdout: 'source list strategies',
      stderr: '',
    });
  });

  it('runs the sources through tsx, naming the newer source on stderr, when dist/ is stale', async () => {
    const now = Date.now() / 1000;
    await utimes(join(tree, 'runners', 'cli', 'launch.ts'), now, now);
    expect(await bin('list', 'strategies')).toEqual({
      exitCode: 0,
      stdout: 'source list strategies',
      stderr:
        'wisp-eval: dist/ is older than runners/cli/launch.ts: running the sources through tsx; `npm run build` compiles them again',
    });
  });
});

describe("this repository's bin", () => {
  it('lists the strategies from the dist/ the test setup built, with nothing on stderr', async () => {
    const ran = await execa('node', [join(root, 'bin', 'wisp-eval.js'), 'list', 'strategies'], {
      reject: false,
    });
    expect(ran.stderr).toBe('');
    expect(ran.exitCode).toBe(0);
    // Off a terminal the descriptions wrap at 80 columns: a continued row starts with spaces.
    const rows = ran.stdout.split('\n').filter((line) => !line.startsWith(' '));
    expect(rows.map((line) => line.split(' ')[0])).toEqual([
      'name',
      expect.stringMatching(/^-+$/),
      'dropping',
      'cutting',
      'references',
      'facts',
      'target',
      'target+memory',
      'target+assessment',
      'target+assessment-any',
      'failfast',
      'masking',
      'summary',
      'trim',
    ]);
  });
});
