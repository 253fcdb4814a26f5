/**
 * `snapshots diff --against REF` through `main()`: REF's own command line records in a temporary
 * worktree, which is gone afterwards; a REF that is no commit, or has no snapshots, is bad input.
 */
import { execa } from 'execa';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { repoRoot } from '../../e2e/cli.js';

async function worktrees(): Promise<string> {
  return (await execa('git', ['worktree', 'list', '--porcelain'], { cwd: repoRoot })).stdout;
}

async function leftovers(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('wisp-snapshots-diff-'));
}

async function diff(...argv: string[]) {
  const io = bufferIO();
  const status = await main(['snapshots', 'diff', ...argv], io);
  return { status, out: io.stdout.join('\n'), err: io.stderr.join('\n'), stderr: io.stderr };
}

describe('snapshots diff --against', () => {
  it('reports each chosen run against HEAD, exits 0 and leaves no worktree or folder behind', async () => {
    const [trees, temporary] = [await worktrees(), await leftovers()];
    const result = await diff('--against', 'HEAD', '--scenario', 'showing');
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    expect(result.out).toMatch(
      /^showing\.cutting\.reader\.w8192\.r0: (unchanged|changed\nfirst difference: .+)$/m,
    );
    expect(result.out).toMatch(/^snapshots diff against HEAD: 1 run, [01] changed or on one side only$/m);
    expect(await worktrees()).toBe(trees);
    expect(await leftovers()).toEqual(temporary);
  });

  it('refuses a REF that is no commit with exit 2 and one line', async () => {
    const result = await diff('--against', 'no-such-ref-anywhere');
    expect(result.status).toBe(2);
    expect(result.stderr).toEqual([
      'wisp-eval: --against no-such-ref-anywhere: no such commit in this repository',
    ]);
  });

  it('refuses a REF whose tree has no snapshots with exit 2, before making a worktree', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'wisp-norepo-'));
    const home = process.cwd();
    try {
      const git = (...args: string[]) => execa('git', args, { cwd: repo });
      await git('init', '-q');
      await writeFile(join(repo, 'README.md'), 'no snapshots here\n');
      await git('add', 'README.md');
      await git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
      process.chdir(repo);
      const result = await diff('--against', 'HEAD');
      expect(result.status).toBe(2);
      expect(result.stderr).toEqual([
        'wisp-eval: --against HEAD: its tree has no snapshots/manifest.json, so no snapshots command to record with',
      ]);
    } finally {
      process.chdir(home);
      await rm(repo, { recursive: true, force: true });
    }
  });
});
