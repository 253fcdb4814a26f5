import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { checkRunIds, distinctPlan, flagSources } from '../../../runners/matrix/unique-runs.js';

let dir: string;
const scenario = (name: string) =>
  `name: ${name}\ndescription: one question\nsteps:\n  - say: the code is 41\n  - ask: what is the code?\n    id: code\n    expect: { any: ['41'] }\n`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-unique-'));
  await writeFile(join(dir, 'one.yaml'), scenario('same'));
  await writeFile(join(dir, 'copy.yaml'), scenario('same'));
  await writeFile(join(dir, 'codename.yaml'), scenario('codename'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refused(argv: string[]): Promise<string> {
  const io = bufferIO();
  const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
  expect(await main([...argv, '--out', out], io)).toBe(2);
  // Refused before anything is written: no results folder at all.
  expect(existsSync(out)).toBe(false);
  expect(io.stderr).toHaveLength(1);
  return io.stderr[0] ?? '';
}

describe('run ids unique by construction', () => {
  it('refuses two scenario files with one name, naming both files', async () => {
    const line = await refused([
      'run',
      '--scenario',
      join(dir, 'one.yaml'),
      '--scenario',
      join(dir, 'copy.yaml'),
    ]);
    expect(line).toContain(join(dir, 'one.yaml'));
    expect(line).toContain(join(dir, 'copy.yaml'));
    expect(line).toMatch(/runs same\.dropping\.reader\.w8192\.r\*/);
  });

  it('refuses a scenario file named as a built-in beside that built-in', async () => {
    const line = await refused(['run', '--scenario', 'codename', '--scenario', join(dir, 'codename.yaml')]);
    expect(line).toContain('--scenario codename and --scenario');
  });

  it('refuses models whose names differ only in characters a run id cannot hold', async () => {
    const line = await refused([
      'run',
      '--scenario',
      'codename',
      '--model',
      'ollama:team/x',
      '--model',
      'ollama:team_x',
      '--host',
      'http://127.0.0.1:9',
    ]);
    expect(line).toContain('--model ollama:team/x and --model ollama:team_x');
  });

  it('refuses a spec whose label is another strategy name, naming both entries', async () => {
    const spec = join(dir, 'label.yaml');
    await writeFile(
      spec,
      'name: label\nscenarios: [codename]\nstrategies:\n  - target\n  - { name: dropping, label: target }\nwindows: [8192]\n',
    );
    const line = await refused(['checkpoint', spec]);
    expect(line).toContain(
      `${spec}: strategies[0] (target) and ${spec}: strategies[1] (dropping labelled target)`,
    );
  });

  it('refuses a spec whose two scenario files share a name', async () => {
    const spec = join(dir, 'scenarios.yaml');
    await writeFile(
      spec,
      'name: copies\nscenarios: [one.yaml, copy.yaml]\nstrategies: [dropping]\nwindows: [8192]\n',
    );
    const line = await refused(['checkpoint', spec]);
    expect(line).toMatch(/scenarios\[0\] \(.*one\.yaml\) and .*scenarios\[1\] \(.*copy\.yaml\)/);
  });

  it('makes a value given twice once: flags and spec entries alike', async () => {
    const out = join(dir, 'twice');
    const io = bufferIO();
    const argv = ['run', '--scenario', 'codename', '--scenario', 'codename'];
    const more = ['--strategy', 'target', '--strategy', 'target', '--window', '8192', '--window', '08192'];
    more.push('--model', 'reader', '--model', 'reader');
    expect(await main([...argv, ...more, '--json', '--out', out], io)).toBe(0);
    expect(await readdir(join(out, 'runs'))).toEqual(['codename.target.reader.w8192.r0']);
    const plan = JSON.parse(await readFile(join(out, 'plan.json'), 'utf8')) as { windows: number[] };
    expect(plan.windows).toEqual([8192]);
    // --resume finds the plan whole: nothing left to make, one record.
    const again = bufferIO();
    expect(await main(['run', '--resume', out, '--json'], again)).toBe(0);
    expect(again.stdout).toEqual([]);
    expect((await readFile(join(out, 'runs.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(1);
  });
});

describe('a spec that lists a value twice', () => {
  it('makes it once, the strategy and the scenario alike', async () => {
    const spec = join(dir, 'twice.yaml');
    await writeFile(
      spec,
      'name: twice\nscenarios: [codename, codename]\nstrategies: [dropping, dropping]\nwindows: [8192, 8192]\n',
    );
    const out = join(dir, 'spec-twice');
    expect(await main(['checkpoint', spec, '--out', out], bufferIO())).toBe(0);
    expect(await readdir(join(out, 'runs'))).toEqual(['codename.dropping.reader.w8192.r0']);
    expect((await readFile(join(out, 'runs.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(1);
  });
});

describe('distinctPlan and checkRunIds', () => {
  const plan = {
    scenarios: ['a', 'a', 'b'],
    strategies: [{ name: 'target' }, { name: 'target', label: 'target' }, { name: 'target', set: {} }],
    models: ['reader'],
    windows: [8192, 4096, 8192],
  };

  it('keeps the first of each equal value, a label equal to the name and empty settings being none', () => {
    const { plan: kept, kept: where } = distinctPlan(plan);
    expect(kept.scenarios).toEqual(['a', 'b']);
    expect(kept.strategies).toEqual([{ name: 'target' }]);
    expect(kept.windows).toEqual([8192, 4096]);
    expect(where.scenarios).toEqual([0, 2]);
  });

  it('names the sources by their place before repeats were dropped', () => {
    const given = { ...plan, scenarios: ['a', 'a', 'a-file.yaml'] };
    const { plan: kept, kept: where } = distinctPlan(given);
    expect(() => checkRunIds(kept, ['a', 'a'], where, flagSources(given))).toThrow(
      /--scenario a and --scenario a-file\.yaml/,
    );
  });

  it('passes a plan whose ids differ', () => {
    const { plan: kept, kept: where } = distinctPlan(plan);
    expect(() => checkRunIds(kept, ['a', 'b'], where, flagSources(plan))).not.toThrow();
  });
});
