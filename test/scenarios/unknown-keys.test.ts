/**
 * A key typed wrong in a scenario file is named as unknown, at whatever level of the format it is,
 * with the key that was most likely meant, before any message that calls the intended key missing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScenarioError } from '../../scenarios/errors.js';
import { loadScenarioFile, validateScenario } from '../../scenarios/load.js';
import { scenarioSchema } from '../../scenarios/schema.js';
import { describeUnknownKey, firstUnknownKey } from '../../scenarios/unknown-keys.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wisp-unknown-keys-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The one-line problem of a YAML scenario whose body follows `name` and `description`. */
async function problemOf(body: string): Promise<string> {
  const file = path.join(dir, 'typo.yaml');
  await writeFile(file, `name: typo\ndescription: d\n${body}`);
  const thrown = await loadScenarioFile(file).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(ScenarioError);
  const message = (thrown as ScenarioError).message;
  expect(message.startsWith(`${file}: `)).toBe(true);
  return message.slice(file.length + 2);
}

describe('an unknown key in a scenario file', () => {
  it.each([
    [
      'the key of a probe (expcet for expect)',
      'steps:\n  - say: Hi.\n  - ask: Name?\n    id: name\n    expcet: { any: [Heron] }\n',
      "step 2 (ask): unknown key 'expcet' (did you mean 'expect'?)",
    ],
    [
      "a probe's expectation (anyy for any)",
      'steps:\n  - ask: Name?\n    id: name\n    expect: { anyy: [Heron] }\n',
      "step 1 (ask): expect: unknown key 'anyy' (did you mean 'any'?)",
    ],
    [
      'an expectation beside any',
      'steps:\n  - ask: Name?\n    id: name\n    expect: { any: [Heron], nnone: [Egret] }\n',
      "step 1 (ask): expect: unknown key 'nnone' (did you mean 'none'?)",
    ],
    [
      'an abstention (abstian for abstain)',
      'steps:\n  - ask: Who?\n    id: who\n    expect: { abstian: true }\n',
      "step 1 (ask): expect: unknown key 'abstian' (did you mean 'abstain'?)",
    ],
    [
      "a step's evidence",
      'steps:\n  - say: Hi.\n    evidence: { id: hi, any: [Hi], trough: [prompt] }\n',
      "step 1 (say): evidence: unknown key 'trough' (did you mean 'through'?)",
    ],
    [
      "a scripted tool call's",
      'steps:\n  - task: Read it.\n    script: { toolCalls: [{ tool: read, argumnets: {} }] }\n',
      "step 1 (task): script.toolCalls[0]: unknown key 'argumnets' (did you mean 'arguments'?)",
    ],
    [
      "a fact's",
      'steps:\n  - fact: { subject: app, nmae: port, value: "8080" }\n',
      "step 1 (fact): fact: unknown key 'nmae' (did you mean 'name'?)",
    ],
    [
      "a scripted command's result",
      'commands:\n  npm test: { exitcode: 0 }\nsteps:\n  - command: npm test\n',
      "commands[\"npm test\"]: unknown key 'exitcode' (did you mean 'exitCode'?)",
    ],
    [
      'the scenario itself',
      'instrutions: Be brief.\nsteps:\n  - say: Hi.\n',
      "unknown key 'instrutions' (did you mean 'instructions'?)",
    ],
    [
      'a step of no kind, whose key is near one',
      'steps:\n  - sya: Hi.\n',
      "step 1: unknown key 'sya' (did you mean 'say'?)",
    ],
    [
      'a key near none, listing the keys of the step',
      'steps:\n  - say: Hi.\n    colour: blue\n',
      "step 1 (say): unknown key 'colour' (a say step has say, script, evidence)",
    ],
    [
      'a key near none in an ask step',
      'steps:\n  - ask: Name?\n    id: name\n    expect: { any: [Heron] }\n    colour: blue\n',
      "step 1 (ask): unknown key 'colour' (an ask step has ask, id, expect, script, evidence)",
    ],
  ])('%s', async (_where, body, problem) => {
    expect(await problemOf(body)).toBe(problem);
  });

  it('is named before a missing key, even when the missing key comes first in the file', async () => {
    // `descriptoin` is the only description: the schema alone would report description missing.
    const file = path.join(dir, 'no-description.yaml');
    await writeFile(file, 'name: typo\ndescriptoin: d\nsteps: [{ say: Hi. }]\n');
    await expect(loadScenarioFile(file)).rejects.toThrow(
      `${file}: unknown key 'descriptoin' (did you mean 'description'?)`,
    );
  });

  it('is the first in the file order when there are two', async () => {
    const raw = {
      name: 'a',
      description: 'd',
      steps: [
        { say: 'Hi.', scrpt: {} },
        { ask: 'Q?', id: 'q', expcet: {} },
      ],
    };
    expect(() => validateScenario(raw, 'x.json')).toThrow(
      "x.json: step 1 (say): unknown key 'scrpt' (did you mean 'script'?)",
    );
  });

  it('leaves a step with no kind and no near key to the message that lists the kinds', async () => {
    expect(await problemOf('steps:\n  - zzz: Hi.\n')).toBe(
      'step 1: unknown step kind: it has keys zzz; a step has exactly one of say, ask, command, fact, task, save, resume, model',
    );
  });

  it('leaves a key of another step kind to the step message, which says what the kind has', async () => {
    expect(await problemOf('steps:\n  - say: Hi.\n    id: hi\n')).toBe(
      "step 1 (say): unknown key 'id' (a say step has say, script, evidence)",
    );
  });

  it('finds nothing in a valid scenario, nor under a setting whose keys are free', () => {
    const raw = {
      name: 'a',
      description: 'd',
      steps: [{ task: 'T', script: { toolCalls: [{ tool: 'read', arguments: { pathh: 'x' } }] } }],
    };
    expect(firstUnknownKey(scenarioSchema, raw)).toBeUndefined();
    expect(validateScenario(raw, 'x.json').steps).toHaveLength(1);
  });
});

describe('firstUnknownKey', () => {
  it('reports only where the object is strict, and through lists, records and defaults', () => {
    const schema = z.strictObject({
      loose: z.object({ a: z.string() }).optional(),
      items: z.array(z.strictObject({ b: z.number() })).default([]),
      byName: z.record(z.string(), z.strictObject({ c: z.boolean() })).optional(),
    });
    expect(firstUnknownKey(schema, { loose: { a: 'x', extra: 1 } })).toBeUndefined();
    expect(firstUnknownKey(schema, { items: [{ b: 1 }, { bb: 2 }] })).toEqual({
      path: ['items', 1],
      key: 'bb',
      nearest: 'b',
      known: ['b'],
    });
    expect(firstUnknownKey(schema, { byName: { x: { c: true, d: 1 } } })).toMatchObject({
      path: ['byName', 'x'],
      key: 'd',
    });
    // A value of another type is the schema's to report.
    expect(firstUnknownKey(schema, { items: 'none' })).toBeUndefined();
  });

  it('says the keys there are when none is near', () => {
    const found = firstUnknownKey(z.strictObject({ alpha: z.string(), beta: z.string() }), { zzz: 1 });
    expect(found).toBeDefined();
    if (found === undefined) return;
    expect(describeUnknownKey(found)).toBe("unknown key 'zzz' (the keys here are alpha, beta)");
    expect(describeUnknownKey(found, 'a pair')).toBe("unknown key 'zzz' (a pair has alpha, beta)");
  });
});
