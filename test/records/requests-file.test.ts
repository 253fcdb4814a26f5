import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallsFileError } from '../../records/errors.js';
import { expandStore, expandTranscript, loadCalls, readParts } from '../../records/requests-file.js';
import { builtinModelFactory } from '../../runners/models/index.js';
import { writeRunFiles } from '../../runners/recording/write-run-files.js';
import { runScenario } from '../../runners/run/run-scenario.js';
import { type RunOutcome } from '../../records/run-outcome.js';
import { resolveScenario } from '../../scenarios/index.js';
import { resolveStrategy } from '../../strategies/index.js';

/** One factory for the file's runs: their readers share what they worked out of the same texts. */
const createModel = builtinModelFactory();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-calls-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function written(scenario: string, strategy: string, model: string, window: number) {
  const loaded = await resolveScenario(scenario);
  const outcome: RunOutcome = await runScenario(
    { scenario: loaded, strategy: resolveStrategy(strategy), model, window, run: 0 },
    createModel,
  );
  const runDir = join(dir, outcome.record.id);
  await writeRunFiles(runDir, outcome.files);
  return { outcome, runDir };
}

describe('the compact form of a run’s calls', () => {
  it.each([
    ['reading', 'target', 'reader', 8192],
    ['reading', 'target+memory', 'reader', 8192],
    ['reading', 'target', 'reader-strict', 8192],
    ['codename', 'dropping', 'reader', 32768],
    ['snapshots/scenarios/tools.yaml', 'target', 'scripted', 8192],
    ['snapshots/scenarios/assessment.yaml', 'target+assessment', 'reader', 8192],
  ] as const)(
    'rebuilds every request of %s under %s on %s byte for byte',
    async (scenario, strategy, model, window) => {
      const { outcome, runDir } = await written(scenario, strategy, model, window);
      const rebuilt = await loadCalls(runDir);
      expect(rebuilt).toHaveLength(outcome.files.requests.length);
      rebuilt.forEach((call, i) => {
        const original = outcome.files.requests[i];
        expect(JSON.stringify(call.request)).toBe(JSON.stringify(original?.request));
        expect(JSON.stringify({ ...call, durationMs: 0 })).toBe(
          JSON.stringify({ ...original, durationMs: 0 }),
        );
      });
    },
  );

  it('writes each message once, a tool result’s text only in the audit, and the store’s text back whole', async () => {
    const { outcome, runDir } = await written('reading', 'dropping', 'reader', 32768);
    const messages = await readFile(join(runDir, 'messages.jsonl'), 'utf8');
    const lines = messages.trim().split('\n');
    expect(new Set(lines).size).toBe(lines.length);
    // A document read whole is in the audit's tool result, and named from messages.jsonl.
    const result = outcome.files.audit.find((e) => e.type === 'tool.result');
    expect(result && 'content' in result ? messages.includes(JSON.stringify(result.content)) : true).toBe(
      false,
    );
    expect(messages).toContain(`"contentFrom":"${result?.id}"`);
    const store = JSON.parse(await readFile(join(runDir, 'store.json'), 'utf8')) as {
      version: number;
      entries: Record<string, unknown>[];
    };
    expect(store.version).toBe(2);
    const audit = (await readFile(join(runDir, 'audit.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(expandStore(store, audit).entries).toEqual(
      JSON.parse(JSON.stringify(outcome.files.store.entries)),
    );
    // The first request is far smaller written than whole; a long conversation's requests even more so.
    const requests = await readFile(join(runDir, 'requests.jsonl'), 'utf8');
    const whole = outcome.files.requests.map((c) => JSON.stringify(c)).join('\n').length;
    expect(requests.length + messages.length).toBeLessThan(whole / 10);
  });

  it('keeps a condensation’s contexts as message numbers and reads them back', async () => {
    const { outcome, runDir } = await written('reading', 'target', 'reader', 8192);
    const [name, kept] = [...outcome.files.transcripts].find(([n]) => n.includes('before')) ?? [];
    expect(name).toBeDefined();
    const compact: unknown = JSON.parse(await readFile(join(runDir, name ?? ''), 'utf8'));
    expect((compact as { version: number }).version).toBe(2);
    const audit = (await readFile(join(runDir, 'audit.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as object);
    const parts = readParts(await readFile(join(runDir, 'messages.jsonl'), 'utf8'), audit);
    expect(expandTranscript(compact, parts)).toEqual(kept);
  });

  it('names the file and line of a request that refers to a message the table lacks', async () => {
    const bad = join(dir, 'bad');
    await writeRunFiles(bad, {
      audit: [],
      requests: [],
      timeline: [],
      store: { version: 1, entries: [] },
      transcripts: new Map(),
    });
    await writeFile(
      join(bad, 'requests.jsonl'),
      '{"call":1,"kind":"respond","request":{"messages":[7],"tools":0}}\n',
    );
    await expect(loadCalls(bad)).rejects.toThrow(
      new CallsFileError(join(bad, 'requests.jsonl'), 1, 'names 7, which messages.jsonl lacks'),
    );
    await expect(loadCalls(bad)).rejects.toMatchObject({
      code: 'CALLS_FILE_INVALID',
      kind: 'input',
      line: 1,
    });
    await writeFile(join(bad, 'requests.jsonl'), 'not json\n');
    await expect(loadCalls(bad)).rejects.toThrow(`${join(bad, 'requests.jsonl')}: line 1: not a JSON object`);
  });
});
