/** A checkpoint spec is read as strictly as a scenario file: size, encoding, byte order mark, keys. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCheckpoint } from '../../../runners/cli/commands/checkpoint.js';
import { UsageError } from '../../../runners/errors.js';
import { loadScenarioFile } from '../../../scenarios/load.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'wisp-spec-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const JSON_SPEC = '{"name": "x", "scenarios": ["codename"], "strategies": ["target"], "windows": [8192]}';

async function spec(name: string, content: string | Buffer): Promise<string> {
  const path = join(root, name);
  await writeFile(path, content);
  return path;
}

describe('loadCheckpoint', () => {
  it('takes a JSON spec that starts with a byte order mark, as a YAML one', async () => {
    expect((await loadCheckpoint(await spec('bom.json', '\uFEFF' + JSON_SPEC))).name).toBe('x');
    const yaml = 'name: y\nscenarios: [codename]\nstrategies: [target]\nwindows: [8192]\n';
    expect((await loadCheckpoint(await spec('bom.yaml', '\uFEFF' + yaml))).name).toBe('y');
  });

  it('refuses a key given twice in JSON as YAML does, naming the line', async () => {
    const path = await spec('twice.json', '{"name": "x",\n "name": "y", "scenarios": ["codename"]}');
    await expect(loadCheckpoint(path)).rejects.toThrow(
      /twice\.json: JSON error at line 2, column 2: the key "name" is given twice in one object/,
    );
    await expect(loadCheckpoint(await spec('twice.yaml', 'name: x\nname: y\n'))).rejects.toThrow(
      /twice\.yaml: YAML syntax error at line 2/,
    );
  });

  it('refuses bytes that are not UTF-8, naming the byte', async () => {
    const path = await spec('latin.yaml', Buffer.from('name: caf\xe9\n', 'latin1'));
    await expect(loadCheckpoint(path)).rejects.toThrow(/latin\.yaml: not UTF-8: byte 9 \(0xe9\)/);
  });

  it('refuses a spec over the size limit before reading it', async () => {
    const path = await spec('big.json', JSON_SPEC);
    const refused = loadCheckpoint(path, { WISP_EVAL_SCENARIO_MAX_BYTES: '20' });
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toThrow(/big\.json: the file is \d+ bytes, more than the limit of 20/);
  });

  it('keeps one line for every refusal', async () => {
    const path = await spec('bad.json', '{\n"name": \n}');
    await expect(loadCheckpoint(path)).rejects.toThrow(/^[^\n]*bad\.json: JSON syntax error[^\n]*$/);
  });
});

describe('scenario files', () => {
  it('refuse a key given twice in JSON, and take a byte order mark', async () => {
    const twice = await spec('s.json', '{"name": "a", "name": "b", "steps": []}');
    await expect(loadScenarioFile(twice)).rejects.toThrow(/the key "name" is given twice/);
    const bom = await spec('b.json', '\uFEFF{"name": "b", "description": "d", "steps": [{"say": "hello"}]}');
    await expect(loadScenarioFile(bom)).resolves.toMatchObject({ scenario: { name: 'b' } });
  });
});

describe('an unknown key in a checkpoint spec', () => {
  it.each([
    ['the spec', 'windws: [8192]', "spec: unknown key 'windws' (did you mean 'windows'?)"],
    [
      'a strategy entry',
      'windows: [8192]\nstrategies: [{ name: target, lable: t2 }]',
      "strategies.0: unknown key 'lable' (did you mean 'label'?)",
    ],
    [
      'a gate rule',
      'windows: [8192]\nstrategies: [target]\ngate: [{ metirc: alarm, max: 0 }]',
      "gate.0: unknown key 'metirc' (did you mean 'metric'?)",
    ],
    [
      'a gate rule, with no near key',
      'windows: [8192]\nstrategies: [target]\ngate: [{ metric: alarm, max: 0, colour: red }]',
      "gate.0: unknown key 'colour' (the keys here are metric, min, max, scenario, strategy)",
    ],
  ])('in %s is named as unknown, with the key meant, exit 2', async (_where, body, problem) => {
    // Without the check, each typo reads as the intended key missing (windows, metric) or as a union.
    const strategies = body.includes('strategies:') ? '' : 'strategies: [target]\n';
    const path = await spec('typo.yaml', `name: x\nscenarios: [codename]\n${strategies}${body}\n`);
    const refused = loadCheckpoint(path);
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toThrow(`${path}: ${problem}`);
  });
});
