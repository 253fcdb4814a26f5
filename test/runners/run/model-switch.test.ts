import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../engine/index.js';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { createModel, serverModelFactory } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { type CallRecord } from '../../../records/run-outcome.js';
import { startLoopbackServer, type LoopbackServer } from '../../../runners/serve/server.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

const switchFile = join(import.meta.dirname, '../../../snapshots/scenarios/switch.yaml');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-switch-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const switches = (events: readonly AuditEvent[]) =>
  events.filter((e): e is Extract<AuditEvent, { type: 'model.switch' }> => e.type === 'model.switch');

/** The turn requests of `turn` that carried a whole or paged read_file result. */
const readsOf = (requests: readonly CallRecord[], turn: number) =>
  requests.filter(
    (c) =>
      c.purpose === 'turn' &&
      c.turn === turn &&
      c.kind === 'respond' &&
      c.request.messages.at(-1)?.role === 'tool',
  ).length;

describe('a model switch in a scenario', () => {
  it('runs on the reader from 4,096 tokens to 16,384 and back without failing or overflowing', async () => {
    const scenario = await resolveScenario(switchFile);
    const { record, files } = await runScenario(
      { scenario, strategy: resolveStrategy('target'), model: 'reader', window: 4096, run: 0 },
      createModel,
    );
    expect(record.status).toBe('completed');
    expect(record.truncated).toBe(0);
    expect(record.retries.overflow).toBe(0);
    expect(record.models).toEqual([
      { model: 'reader', window: 4096, step: null, turns: { first: 1, last: 5 } },
      { model: 'reader', window: 16_384, step: 6, turns: { first: 6, last: 12 } },
      { model: 'reader', window: 4096, step: 14, turns: { first: 13, last: 17 } },
    ]);
    expect(
      switches(files.audit).map((e) => [e.windowBefore, e.windowAfter, e.budgetBefore, e.budgetAfter]),
    ).toEqual([
      [4096, 16_384, 4096, 8192],
      [16_384, 4096, 8192, 4096],
    ]);
    // The tool-output budget follows the window: a document is read in two pages at 4 KiB (turn 3),
    // whole at 8 KiB (turn 6), and in two pages again once back (turn 13).
    expect([3, 6, 13].map((turn) => readsOf(files.requests, turn))).toEqual([2, 1, 2]);
    // The first request after each switch starts a new model session.
    const firstAfter = (turn: number) => record.perTurn.find((t) => t.turn === turn)?.newSessions;
    expect([firstAfter(6), firstAfter(13)]).toEqual([1, 1]);
    // Back on the small window, the context built on the large one is condensed ahead of the first request.
    expect(record.condensations[0]).toMatchObject({ turn: 13, reason: 'budget' });
  });

  it('keeps a run without a switch free of the models field', async () => {
    const scenario = await resolveScenario('showing');
    const { record } = await runScenario(
      { scenario, strategy: resolveStrategy('cutting'), model: 'reader', window: 8192, run: 0 },
      createModel,
    );
    expect(record.models).toBeUndefined();
  });

  it('opens the scripted model again in a scripted run, which replays the rest of the script', async () => {
    const file = join(dir, 'scripted.yaml');
    await writeFile(
      file,
      [
        'name: scripted-switch',
        'description: a scripted conversation that switches models twice',
        'steps:',
        '  - say: The codename is BLUE HERON.',
        '    script: { reply: Noted. }',
        '  - model: ollama:granite4.1:8b',
        '    window: 53248',
        '  - say: The codename is BLUE HERON.',
        "    script: { reply: 'Noted again, on the larger window.' }",
        '  - model: reader',
        '  - ask: What is the codename?',
        '    id: codename',
        '    expect: { any: [BLUE HERON] }',
        '    script: { reply: It is BLUE HERON. }',
        '',
      ].join('\n'),
    );
    const scenario = await resolveScenario(file);
    const opened: [string, number][] = [];
    const { record, files } = await runScenario(
      { scenario, strategy: resolveStrategy('target'), model: 'scripted', window: 8192, run: 0 },
      (name, window, s) => {
        opened.push([name, window]);
        return createModel(name, window, s);
      },
    );
    expect(record.status).toBe('completed');
    expect(opened).toEqual([
      ['scripted', 8192],
      ['scripted', 53_248],
      ['scripted', 8192],
    ]);
    // The repeated prompt gets the reply of the step after the switch, not the first step's.
    expect(record.perTurn).toHaveLength(3);
    expect(record.probes[0]?.reply).toBe('It is BLUE HERON.');
    const replies = files.audit.flatMap((e) => (e.type === 'response' ? [e.text] : []));
    expect(replies).toEqual(['Noted.', 'Noted again, on the larger window.', 'It is BLUE HERON.']);
    expect(switches(files.audit).map((e) => [e.from, e.to, e.windowAfter])).toEqual([
      ['scripted', 'scripted', 53_248],
      ['scripted', 'scripted', 8192],
    ]);
  });
});

describe('a model switch step refused at load', () => {
  const bad = (model: string) =>
    [
      'name: bad-switch',
      'description: switches to a model nobody knows',
      'steps:',
      '  - say: Hello there.',
      `  - model: ${model}`,
      '  - say: Hello again.',
      '',
    ].join('\n');

  it('refuses a model no backend knows with one line naming the scenario, the step and the field', async () => {
    const file = join(dir, 'bad-switch.yaml');
    await writeFile(file, bad('gpt-9'));
    const out = join(dir, 'never-written');
    const io = bufferIO();
    expect(await main(['run', '--scenario', file, '--out', out], io)).toBe(2);
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toHaveLength(1);
    expect(io.stderr[0]).toMatch(
      /scenario bad-switch: step 2 \(model\): model: unknown model "gpt-9"; known models: reader/,
    );
    const validated = bufferIO();
    expect(await main(['validate', file], validated)).toBe(2);
    expect(validated.stderr[0]).toContain(`${file}: step 2 (model): model: unknown model "gpt-9"`);
  });

  it('refuses an openai: model without a base URL before anything runs', async () => {
    const file = join(dir, 'openai-switch.yaml');
    await writeFile(file, bad('openai:qwen2.5-7b'));
    const io = bufferIO();
    expect(await main(['run', '--scenario', file, '--out', join(dir, 'not-either')], io)).toBe(2);
    expect(io.stderr[0]).toMatch(/--model openai:qwen2\.5-7b: give the server's address with --base-url/);
    // A scripted run opens the scripted model at the switch, so it needs no server.
    const scripted = bufferIO();
    const args = ['run', '--scenario', file, '--model', 'scripted', '--out', join(dir, 'scripted-out')];
    expect(await main(args, scripted)).toBe(0);
  });

  it('refuses a window below 256 tokens in the schema', async () => {
    const file = join(dir, 'small-window.yaml');
    await writeFile(file, bad('reader\n    window: 100'));
    const io = bufferIO();
    expect(await main(['validate', file], io)).toBe(2);
    expect(io.stderr[0]).toContain('step 2 (model): window: expected at least 256');
  });
});

describe('a model switch to a model behind a server', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startLoopbackServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('goes on through the Ollama client at the new window, and records the backend', async () => {
    const file = join(dir, 'to-ollama.yaml');
    await writeFile(
      file,
      [
        'name: to-ollama',
        'description: from the embedded reader to the reader behind Ollama',
        'steps:',
        '  - say: The codename for the next release is BLUE HERON.',
        '  - model: ollama:reader',
        '    window: 16384',
        '  - ask: What is the codename for the next release?',
        '    id: codename',
        '    expect: { any: [BLUE HERON] }',
        '',
      ].join('\n'),
    );
    const scenario = await resolveScenario(file);
    const { record } = await runScenario(
      { scenario, strategy: resolveStrategy('target'), model: 'reader', window: 4096, run: 0 },
      serverModelFactory({ host: server.url, timeoutMs: 10_000 }),
    );
    expect(record.status).toBe('completed');
    expect(record.score.correct).toBe(1);
    const chats = server.received.filter((c) => c.path === '/api/chat');
    expect(chats.length).toBeGreaterThan(0);
    expect(chats.map((c) => (c.body as { options?: { num_ctx?: number } }).options?.num_ctx)).toEqual(
      chats.map(() => 16_384),
    );
    expect(record.models?.map((m) => [m.model, m.window, m.backend?.kind ?? null])).toEqual([
      ['reader', 4096, null],
      ['ollama:reader', 16_384, 'ollama'],
    ]);
  });
});
