/**
 * The import rules dependency-cruiser holds (.dependency-cruiser.cjs), each shown at work on a small
 * tree of its own: a type-only cycle, an upward import inside the engine, and the reader importing
 * `node:fs` or another runner folder are each reported as exactly that violation, and a tree of only
 * allowed imports (downward in the engine, the reader through the public API and the protocol) is
 * reported clean. The fixtures are linted, not wisp-eval's tree: `npm run lint` does that.
 */
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/cli.js';

const config = createRequire(import.meta.url)(join(repoRoot, '.dependency-cruiser.cjs')) as {
  forbidden: IFlattenedRuleSet['forbidden'];
  allowed: IFlattenedRuleSet['allowed'];
  allowedSeverity: IFlattenedRuleSet['allowedSeverity'];
};
const fixtures = join(repoRoot, 'test/lint/fixtures/cruise');

/** `rule: from -> to` for every violation found in the fixture tree `name`. */
async function violations(name: string): Promise<string[]> {
  const baseDir = join(fixtures, name);
  const result = await cruise(['.'], {
    baseDir,
    validate: true,
    ruleSet: {
      forbidden: config.forbidden,
      allowed: config.allowed,
      allowedSeverity: config.allowedSeverity,
    },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
    outputType: 'json',
  });
  const output = JSON.parse(result.output as string) as ICruiseResult;
  expect(output.summary.totalCruised).toBeGreaterThan(1);
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('the import rules, held by dependency-cruiser', () => {
  it('reports a cycle made only of type imports', async () => {
    const found = await violations('type-only-cycle');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^no-cycle: engine\/audit\/(events|recorder)\.ts -> engine\/audit\/(recorder|events)\.ts$/,
    );
  });

  it('reports an import from a lower layer of the engine up into a higher one', async () => {
    expect(await violations('engine-upward')).toEqual([
      'not-in-allowed: engine/store/store.ts -> engine/conversation/conversation.ts',
    ]);
  });

  it('reports node:fs imported by the reader', async () => {
    expect(await violations('reader-node-fs')).toEqual([
      'not-in-allowed: runners/models/reader/answer.ts -> fs',
    ]);
  });

  it('reports another runner folder imported by the reader', async () => {
    expect(await violations('reader-evidence')).toEqual([
      'not-in-allowed: runners/models/reader/answer.ts -> runners/evidence/expected.ts',
    ]);
  });

  it('finds nothing wrong with downward imports and a reader that keeps to the public API and protocol', async () => {
    expect(await violations('allowed')).toEqual([]);
  });
});
