/**
 * Under a low limit of open files (`ulimit -n`), the command line says so in one line with exit 3,
 * whether it runs out while loading its modules or later, never as a stack or a missing package.
 */
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { tooManyOpenFiles } from '../../../runners/cli/open-files.js';

describe('running out of open files', () => {
  it.runIf(process.platform === 'linux').each([24, 64])(
    'under ulimit -n %i, is one line naming the limit to raise, exit 3',
    async (limit) => {
      const result = await execa(
        'bash',
        ['-c', `ulimit -n ${limit}; exec node bin/wisp-eval.js list scenarios`],
        {
          reject: false,
          timeout: 60_000,
        },
      );
      expect(result.exitCode).toBe(3);
      const lines = result.stderr.split('\n').filter((line) => !line.includes('dist/ is older than'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^wisp-eval: too many open files \(EMFILE\)(: the limit| while loading).*\(ulimit -n\).*1024 or more/,
      );
    },
  );

  it('is told apart from other failures, through causes too', () => {
    const emfile = Object.assign(new Error("EMFILE: too many open files, open 'x.js'"), { code: 'EMFILE' });
    expect(tooManyOpenFiles(emfile)).toMatch(/\(ulimit -n\) is (\d+|unlimited): raise it to 1024 or more/);
    expect(tooManyOpenFiles(new Error('wrapped', { cause: emfile }))).not.toBeNull();
    expect(tooManyOpenFiles(Object.assign(new Error('x'), { code: 'ENFILE' }))).toMatch(
      /machine has run out/,
    );
    expect(tooManyOpenFiles(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeNull();
  });
});
