import { execa } from 'execa';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtinScenarioNames } from '../../scenarios/index.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('scripts/generality.ts', () => {
  it('without the generality folder, says so and reports the built-in scenarios under dropping and failfast', async () => {
    const missing = 'no-such-generality-folder';
    const { exitCode, stdout } = await execa('node', ['--import', 'tsx', 'scripts/generality.ts', missing], {
      cwd: repoRoot,
      reject: false,
    });
    expect(exitCode).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(
      /^generality: no folder .*no-such-generality-folder; skipping the generality scenarios/,
    );
    expect(
      lines.some((line) =>
        /^set\s+scenario\s+strategy\s+correct\s+wrong\s+abstained\s+never-given/.test(line),
      ),
    ).toBe(true);
    for (const strategy of ['dropping', 'failfast']) {
      expect(
        lines.filter((line) => line.startsWith('built-in') && line.includes(` ${strategy} `)),
      ).toHaveLength(builtinScenarioNames.length);
      expect(lines.some((line) => line.startsWith(`built-in (${strategy}): `))).toBe(true);
    }
    expect(lines.some((line) => line.startsWith('generality (dropping)'))).toBe(false);
  });
});
