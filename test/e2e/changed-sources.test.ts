/**
 * A folder resumed after a scenario file or a checkpoint spec changed: refused, naming the file,
 * unless --accept-changed says to go on (runs of two versions would otherwise share one cell).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wispEval } from './cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-changed-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SCENARIO = `name: tiny
description: One fact and one question.
steps:
  - say: The codename is BLUE HERON.
  - ask: What is the codename?
    id: codename
    expect:
      any: [BLUE HERON]
`;

describe('--resume after a source changed', () => {
  it('refuses a changed scenario file naming it, and goes on under --accept-changed', async () => {
    const scenario = join(dir, 'tiny.yaml');
    await writeFile(scenario, SCENARIO);
    const out = join(dir, 'out');
    const first = await wispEval([
      'run',
      '--scenario',
      scenario,
      '--runs',
      '2',
      '--shard',
      '1/2',
      '--out',
      out,
    ]);
    expect(first.exitCode).toBe(0);
    const plan = JSON.parse(await readFile(join(out, 'plan.json'), 'utf8')) as { sources: object };
    expect(Object.keys(plan.sources)).toEqual([scenario]);
    await writeFile(scenario, SCENARIO.replace('BLUE HERON', 'RED KITE'));
    const refused = await wispEval(['run', '--resume', out]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^wisp-eval: --resume ${out}: ${scenario} changed .*--accept-changed`),
      ),
    ]);
    const accepted = await wispEval(['run', '--resume', out, '--accept-changed']);
    expect(accepted.exitCode).toBe(0);
  }, 60_000);

  it('refuses a changed checkpoint spec', async () => {
    const spec = join(dir, 'spec.yaml');
    await writeFile(
      spec,
      'name: s\nscenarios: [codename]\nstrategies: [dropping]\nwindows: [8192]\nruns: 2\n',
    );
    const out = join(dir, 'checkpoint');
    const first = await wispEval(['checkpoint', spec, '--shard', '1/2', '--out', out]);
    expect(first.exitCode).toBe(0);
    await writeFile(
      spec,
      'name: s\nscenarios: [codename]\nstrategies: [dropping]\nwindows: [8192]\nruns: 3\n',
    );
    const refused = await wispEval(['checkpoint', '--resume', out]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`${spec} changed`);
    expect(existsSync(join(out, '.lock'))).toBe(false);
  }, 60_000);
});
