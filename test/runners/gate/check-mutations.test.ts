/**
 * The gate end to end: a temporary copy of the repository with one character of what the engine
 * sends changed, checked by the copy's own command line against the committed snapshots. The real
 * files are never touched; each mutation is undone before the next.
 */
import { execa } from 'execa';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_FOLDERS } from '../../../bin/compiled.js';
import { repoRoot } from '../../e2e/cli.js';

let copy: string;

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'wisp-mutated-'));
  for (const part of [...SOURCE_FOLDERS, 'snapshots', 'bin']) {
    await cp(join(repoRoot, part), join(copy, part), { recursive: true });
  }
  for (const file of ['package.json', 'tsconfig.json']) await cp(join(repoRoot, file), join(copy, file));
  await symlink(join(repoRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
});

afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

/** Runs the copy's own `snapshots check`, in the copy. */
async function checkCopy(filter: string[]) {
  const entry = join(copy, 'runners/cli/launch.ts');
  const result = await execa('node', ['--import', 'tsx', entry, 'snapshots', 'check', ...filter], {
    cwd: copy,
    reject: false,
    env: { NO_COLOR: '1' },
  });
  return { exitCode: result.exitCode, stdout: result.stdout };
}

/** Checks the copy with `file` changed from `from` to `to`, then puts the file back. */
async function checkWith(file: string, from: string, to: string, filter: string[]) {
  const path = join(copy, file);
  const original = await readFile(path, 'utf8');
  expect(original).toContain(from);
  await writeFile(path, original.replace(from, to));
  try {
    return await checkCopy(filter);
  } finally {
    await writeFile(path, original);
  }
}

describe('snapshots check on a mutated copy of the repository', () => {
  it('passes on the unmodified copy', async () => {
    const result = await checkCopy(['--scenario', 'showing']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^snapshots: 1 run, \d+ model calls, \d+ events: all match$/);
  });

  it.each([
    [
      'an instruction sentence',
      'runners/steps/instructions.ts',
      '- Keep replies short.',
      '- Keep replies shorT.',
      ['--scenario', 'showing'],
      'showing.cutting.reader.w8192.r0',
      /^call 1 \(turn 1, turn\), message 0 \(system\)$/,
      /^call 1 \(turn 1, turn\), message 0 \(system\)$/,
    ],
    [
      'the summary call’s text',
      'engine/facts/facts-prompts.ts',
      "const summary = ['Summary so far:'",
      "const summary = ['Summary so far;'",
      ['--scenario', 'reading', '--strategy', 'target'],
      'reading.target.reader.w8192.r0',
      /^call \d+ \(turn \d+, (summary|facts-and-summary)\), message 1 \(user\)$/,
      /^call \d+ \(turn \d+, (summary|facts-and-summary)\), message 1 \(user\)$/,
    ],
    [
      'the held-back note',
      'engine/output/held-note.ts',
      'const parts = [`held back: ',
      'const parts = [`held back; ',
      ['--scenario', 'scenarios/tools.yaml'],
      'tools.target.scripted.w8192.r0',
      /^event evt-\d+ \(turn \d+, tool\.result\), field content$/,
      /^call \d+ \(turn \d+, turn\), message \d+ \(tool\)$/,
    ],
    [
      'the 24-word cut threshold',
      'engine/output/cuts.ts',
      'MIN_CUT_WORDS = 24;',
      'MIN_CUT_WORDS = 25;',
      ['--scenario', 'scenarios/tools.yaml'],
      'tools.target.scripted.w8192.r0',
      /^event evt-\d+ \(turn \d+, context\.cut\) is now event evt-\d+ \(turn \d+, [a-z.]+\)$/,
      /^call \d+ \(turn \d+, turn\), message \d+ \(assistant\)$/,
    ],
    [
      'the 640-byte reference bound',
      'engine/output/reference.ts',
      'REFERENCE_MAX_BYTES = 640;',
      'REFERENCE_MAX_BYTES = 641;',
      ['--scenario', 'scenarios/tools.yaml'],
      'tools.target.scripted.w8192.r0',
      /^event evt-\d+ \(turn \d+, context\.reference\), field bytesSaved$/,
      /^call \d+ \(turn \d+, turn\), message \d+ \(tool\)$/,
    ],
    [
      'the 0.85 budget default',
      'engine/settings.ts',
      'budget: 0.85,',
      'budget: 0.86,',
      ['--scenario', 'reading', '--strategy', 'target'],
      'reading.target.reader.w8192.r0',
      /^the header, setting context\.budget$/,
      /^call \d+ \(turn \d+, [a-z-]+\), message \d+ \([a-z]+\)$/,
    ],
  ])(
    'fails with exit 1 on %s, naming the run, the first difference and the first request that differs',
    async (_what, file, from, to, filter, run, first, request) => {
      const result = await checkWith(file, from, to, filter);
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toContain(`${run}: differs from snapshots/${run}.snap`);
      const lines = result.stdout.split('\n');
      const after = (prefix: string) => lines.find((l) => l.startsWith(prefix))?.slice(prefix.length);
      expect(after('first difference: ')).toMatch(first);
      expect(after('first request that differs: ')).toMatch(request);
      expect(result.stdout).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@$/m);
    },
  );
});
