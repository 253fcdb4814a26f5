/**
 * CONTRIBUTING.md's worked examples: each is a file under test/docs/examples/, shown verbatim in the
 * guide, and each does here what the guide says it does.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
} from '../../engine/index.js';
import type { RunRecord } from '../../records/run-record.js';
import { writeReportFile } from '../../reports/reporters/index.js';
import { bufferIO } from '../../runners/cli/io.js';
import { main } from '../../runners/cli/main.js';
import { checkScenario } from '../../scenarios/load.js';
import { builtinStrategies, resolveStrategy } from '../../strategies/index.js';
import { createEchoModel } from './examples/echo-model.js';
import { dir as ferryDir, scenario as ferry } from './examples/ferry-scenario.js';
import { targetHalf } from './examples/half-target-strategy.js';
import { probesCsvReporter } from './examples/probes-csv-reporter.js';
import { fencedBlocks, readDoc } from './markdown.js';

const guide = readDoc('CONTRIBUTING.md');

let dir: string;
/** The ferry scenario's run on the reader, as `run --scenario FILE --json` made them. */
let ferryRuns: { status: number; records: RunRecord[] };
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-contributing-'));
  const file = join(dir, 'ferry.json');
  await writeFile(file, JSON.stringify(ferry));
  const io = bufferIO();
  const argv = ['run', '--scenario', file, '--window', '8192', '--json', '--jobs', '1'];
  const status = await main([...argv, '--out', join(dir, 'ferry')], io);
  ferryRuns = { status, records: io.stdout.map((line) => JSON.parse(line) as RunRecord) };
  // One short run: a second on a quiet machine, longer on a busy one.
}, 300_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('CONTRIBUTING.md', () => {
  const examples = [
    'test/docs/examples/ferry-scenario.ts',
    'test/docs/examples/half-target-strategy.ts',
    'test/docs/examples/echo-model.ts',
    'test/docs/examples/probes-csv-reporter.ts',
  ];

  it.each(examples)('shows %s verbatim, in the block after its marker', (path) => {
    const marker = `<!-- example: ${path} -->`;
    const at = guide.indexOf(marker);
    expect(at, marker).toBeGreaterThanOrEqual(0);
    const block = fencedBlocks(guide.slice(at))[0];
    expect(block?.info).toBe('ts');
    expect(block?.text).toBe(readDoc(path).trimEnd());
  });
});

describe('the worked examples', () => {
  it("a scenario passes the loader's checks and scores on the reader as its expectations say", async () => {
    await checkScenario({ scenario: ferry, dir: ferryDir, source: 'built-in' });
    expect(ferryRuns.status).toBe(0);
    expect(ferryRuns.records).toHaveLength(1);
    expect(ferryRuns.records[0]?.probes.map((p) => [p.id, p.verdict])).toEqual([
      ['first-ferry', 'correct'],
      ['ferry-operator', 'correct'],
    ]);
  });

  it('a scenario with a mistake is refused, naming the step and the field', async () => {
    const file = join(dir, 'ferry-bad.json');
    const bad = {
      ...ferry,
      steps: [...ferry.steps, { ask: 'When?', id: 'first-ferry', expect: { any: ['x'] } }],
    };
    await writeFile(file, JSON.stringify(bad));
    const io = bufferIO();
    expect(await main(['validate', file], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/step 6.*duplicate probe id 'first-ferry'/);
  });

  it('a strategy resolves to its base with its own overrides, and a bad value is refused', () => {
    const registry = new Map([...builtinStrategies, [targetHalf.name, targetHalf]]);
    const half = resolveStrategy('target-half', {}, registry).settings;
    const target = resolveStrategy('target').settings;
    expect(half.context.target).toBe(0.5);
    expect({ ...half, context: { ...half.context, target: target.context.target } }).toEqual(target);
    const typo = { ...targetHalf, name: 'typo', set: { 'context.target': 'half' } };
    expect(() => resolveStrategy('typo', {}, new Map([...registry, ['typo', typo]]))).toThrow(
      /context\.target/,
    );
  });

  it('a model backend answers through the engine, which records the usage it reports', async () => {
    const audit = memorySink();
    const conversation = new Conversation({
      model: createEchoModel(8192),
      clock: steppingClock(Date.UTC(2026, 0, 1), 1000, () => 0),
      ids: sequentialIds(),
      audit,
      tools: [],
      settings: defaultSettings(),
      instructions: 'Answer briefly.',
    });
    const turn = await conversation.turn('When does the first ferry leave?');
    expect(turn.status).toBe('completed');
    expect(turn.reply).toBe('You said: When does the first ferry leave?');
    const responses = audit.events.filter((event) => event.type === 'response');
    expect(responses).toHaveLength(1);
    expect(JSON.stringify(responses[0])).toMatch(/"promptTokens":\d+/);
  });

  it('a reporter presents the records as one file, which is written whole', async () => {
    const files = probesCsvReporter().finish(ferryRuns.records, { dir, env: {} });
    expect(files.map((f) => [f.path, f.mode])).toEqual([[join(dir, 'probes.csv'), 'replace']]);
    for (const file of files) await writeReportFile(file);
    expect((await readFile(join(dir, 'probes.csv'), 'utf8')).split('\n')).toEqual([
      'run,probe,verdict,outcome',
      'ferry.dropping.reader.w8192.r0,first-ferry,correct,delivered-correct',
      'ferry.dropping.reader.w8192.r0,ferry-operator,correct,never-given',
      '',
    ]);
  });
});
