/**
 * Data nested without end in a scenario file is refused when the file loads, in one line naming where,
 * rather than passing `validate` and overflowing the stack once a run handles it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DATA_DEPTH, nestedTooDeep } from '../../scenarios/data-depth.js';
import { loadScenarioFile } from '../../scenarios/load.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wisp-depth-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A scenario whose one scripted tool call has `args` as its arguments' `x`, as JSON text. */
function scenarioJson(args: string): string {
  return (
    '{"name":"deep","description":"d","steps":[{"say":"Hi.","script":{"toolCalls":' +
    `[{"tool":"read_file","arguments":{"x":${args}}}]}}]}`
  );
}

async function message(file: string, text: string): Promise<string> {
  const at = path.join(dir, file);
  await writeFile(at, text);
  return loadScenarioFile(at).then(
    () => 'loaded',
    (error: unknown) => (error as Error).message,
  );
}

describe('nesting depth of scenario data', () => {
  it('refuses 200,000 nested lists in tool arguments, naming the field, in one line', async () => {
    const n = 200_000;
    const text = await message('deep.json', scenarioJson('['.repeat(n) + ']'.repeat(n)));
    expect(text).toBe(
      `${path.join(dir, 'deep.json')}: steps[0].script.toolCalls[0].arguments.x holds lists and objects nested more than 64 levels deep: give flatter data`,
    );
  });

  it('refuses YAML flow lists nested past what its parser can read, in one line', async () => {
    const n = 5_000;
    const yaml =
      'name: deep\ndescription: d\nsteps:\n  - say: Hi.\n    script:\n      toolCalls:\n' +
      `        - tool: read_file\n          arguments: {x: ${'['.repeat(n)}${']'.repeat(n)}}\n`;
    const text = await message('deep.yaml', yaml);
    expect(text).toMatch(
      /deep\.yaml: YAML nests lists and objects too deeply to be read \(more than 64 levels are refused\)/,
    );
    expect(text).not.toContain('\n');
  });

  it('loads arguments nested as deep as the bound allows', async () => {
    // The arguments' x sits 6 levels down (the file, steps, a step, script, toolCalls, a call, arguments).
    const inner = MAX_DATA_DEPTH - 7;
    expect(await message('ok.json', scenarioJson('['.repeat(inner) + ']'.repeat(inner)))).toBe('loaded');
    expect(await message('over.json', scenarioJson('['.repeat(inner + 1) + ']'.repeat(inner + 1)))).toMatch(
      /nested more than 64 levels deep/,
    );
  });

  it('walks without the call stack: a million levels are measured, the first too deep path named', () => {
    let value: unknown = 'leaf';
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(nestedTooDeep(value)).toHaveLength(MAX_DATA_DEPTH);
    expect(nestedTooDeep({ a: [1, 2], b: { c: [[{ d: [] }]] } }, 4)).toEqual(['b', 'c', 0, 0]);
    expect(nestedTooDeep({ a: [1, { b: 2 }] }, 3)).toBeNull();
  });
});
