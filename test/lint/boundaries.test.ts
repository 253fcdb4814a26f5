/**
 * The lint rules that hold the architecture, each shown at work: fixtures full of violations, linted
 * as if they stood where the rules apply, must be reported line by line, rule by rule, and nothing
 * else. Each violating line ends with `// expect: RULE, ...`. Only the fixtures are linted here; the
 * tree itself is linted by `npm run lint`, which `npm test` runs.
 */
import { ESLint } from 'eslint';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/cli.js';

const fixtures = join(repoRoot, 'test/lint/fixtures');
// import-x/no-cycle follows every import through the whole tree; the cycle fixtures below test it, so
// the other fixtures are linted without it (and in a fraction of the time).
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

/** `line rule` for every rule a fixture's comments expect. */
function expected(text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const rules = /\/\/ expect: (.+)$/.exec(line)?.[1];
    return rules ? rules.split(',').map((rule) => `${index + 1} ${rule.trim()}`) : [];
  });
}

/** `line rule` for every problem ESLint reports. */
function reported(results: ESLint.LintResult[]): string[] {
  return results.flatMap((result) => result.messages.map((m) => `${m.line} ${m.ruleId ?? m.message}`));
}

describe('the architecture, held by lint', () => {
  it.each([
    ['engine.ts', 'engine/conversation/lint-fixture.ts'],
    ['scenarios.ts', 'scenarios/lint-fixture.ts'],
    ['strategies.ts', 'strategies/lint-fixture.ts'],
    ['reports.ts', 'reports/lint-fixture.ts'],
    ['runners.ts', 'runners/run/lint-fixture.ts'],
    ['reader.ts', 'runners/models/reader/lint-fixture.ts'],
    ['model-registry.ts', 'runners/models/index.ts'],
    ['errors.ts', 'runners/matrix/lint-fixture.ts'],
    ['engine-errors.ts', 'engine/store/lint-fixture.ts'],
  ])('reports every violation in %s, linted as %s', async (fixture, as) => {
    const text = await readFile(join(fixtures, fixture), 'utf8');
    const results = await eslint.lintText(text, { filePath: join(repoRoot, as) });
    expect(reported(results).sort()).toEqual(expected(text).sort());
  });

  it('reports an import cycle on both of its sides', async () => {
    const files = ['cycle/a.ts', 'cycle/b.ts'].map((f) => join(fixtures, f));
    const lint = new ESLint({ cwd: repoRoot, ignore: false });
    const results = await lint.lintFiles(files);
    for (const [index, file] of files.entries()) {
      const text = await readFile(file, 'utf8');
      expect(reported([results[index] as ESLint.LintResult])).toEqual(expected(text));
    }
  });
});
