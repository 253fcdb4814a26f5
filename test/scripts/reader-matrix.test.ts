import { execa } from 'execa';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatVerdicts, parseVerdicts } from '../../scripts/reader-matrix/verdicts.js';

describe('scripts/reader-matrix.ts command line', { timeout: 120_000 }, () => {
  const repository = fileURLToPath(new URL('../..', import.meta.url));
  const run = (...args: string[]) =>
    execa('node', ['--import', 'tsx', 'scripts/reader-matrix.ts', ...args], {
      cwd: repository,
      reject: false,
    });
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'wisp-reader-matrix-test-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('refuses a bad command line or list in one line, exit 2, running and writing nothing', async () => {
    const bad = path.join(folder, 'bad.tsv');
    await writeFile(bad, 'kiln\tdropping\n');
    const written = path.join(folder, 'never.tsv');
    for (const args of [
      ['--bogus'],
      ['--scenario', 'no-such-scenario', '--write', written],
      ['--against', path.join(folder, 'missing.tsv'), '--write', written],
      ['--against', bad, '--write', written],
    ]) {
      const { exitCode, stdout, stderr } = await run(...args);
      expect(exitCode, args.join(' ')).toBe(2);
      expect(stdout, args.join(' ')).toBe('');
      expect(stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(stderr).toMatch(/^reader:matrix: .*; usage: npm run -s reader:matrix /);
    }
    expect((await run('--against', bad)).stderr).toContain(`${bad}:1: expected scenario`);
    await expect(readFile(written, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('writes the verdicts of a scenario, finds them unchanged, and names a changed one with exit 1', async () => {
    const list = path.join(folder, 'codename.tsv');
    const first = await run('--scenario', 'codename', '--write', list);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^all: \d+ correct, \d+ wrong, \d+ abstained \(\d+ probe runs\)$/m);
    const lines = parseVerdicts(await readFile(list, 'utf8'), list);
    expect(new Set(lines.map((l) => l.window))).toEqual(new Set([4096, 8192, 32768]));
    expect(lines.every((l) => l.scenario === 'codename')).toBe(true);

    const same = await run('--scenario', 'codename', '--against', list);
    expect(same.exitCode).toBe(0);
    expect(same.stdout).toContain(`against ${list}: no verdict changed`);

    // One verdict of the list turned round: the run differs there, and only there.
    const [changed, ...rest] = lines;
    if (changed === undefined) throw new Error('the scenario has no probes');
    const other = changed.verdict === 'wrong' ? 'correct' : 'wrong';
    await writeFile(list, formatVerdicts([{ ...changed, verdict: other }, ...rest]));
    const differs = await run('--scenario', 'codename', '--against', list);
    expect(differs.exitCode).toBe(1);
    expect(differs.stdout).toContain('1 verdict changed');
    expect(differs.stdout).toContain(
      `${changed.scenario} ${changed.strategy} ${changed.window} ${changed.probe}: ${other} -> ${changed.verdict}`,
    );
  });
});
