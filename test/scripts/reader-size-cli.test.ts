import { execa } from 'execa';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The command line, run as a child process over the whole repository: an end-to-end suite (see
// vitest.config.ts); what it counts is tested in-process in reader-size.test.ts.
describe('scripts/reader-size.ts command line', { timeout: 60_000 }, () => {
  const repository = fileURLToPath(new URL('../..', import.meta.url));
  const run = (...args: string[]) =>
    execa('node', ['--import', 'tsx', 'scripts/reader-size.ts', ...args], { cwd: repository, reject: false });

  it("prints the reader's size, and with --list where each regular expression is", async () => {
    const { exitCode, stdout } = await run('--list');
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^reader \(runners\/models\/reader\/\): \d+ files, [\d,]+ lines \(\d+% of/);
    expect(stdout).toMatch(
      /\n {2}regular expressions: \d+ \(\d+% of the repository's [\d,]+\); \d+ of them alternate words\n/,
    );
    expect(stdout).toMatch(/\n {2}listed words: [\d,]+ in lexicon\.ts; /);
    expect(stdout).toMatch(/\nregular expressions:\n {2}[\w-]+\.ts:\d+ {2}\S/);
  });

  it('refuses a bad command line in one line, exit 2', async () => {
    const { exitCode, stdout, stderr } = await run('--bogus');
    expect(exitCode).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^reader:size: .*--bogus.*; usage: npm run -s reader:size /);
  });
});
