/**
 * The reference's memory rules, each stated as a test: a recall reads an entry's content from the
 * audit event it refers to, falls back to the store's copy for what the audit does not hold, and says
 * which; `summarise output ID` gives the notable lines of a held-back output and `condense output ID:
 * QUESTION` an answer drawn from all of it, both through the model, one call per page.
 */
import { describe, expect, it } from 'vitest';
import {
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
  type AuditEvent,
  type GuidedRequest,
  type ModelRequest,
  type Tool,
} from '../../../engine/index.js';
import { loadKinds } from '../../../engine/facts/kinds.js';
import { parseMemoryRequest } from '../../../engine/tools/memory/memory-request.js';
import { memoryTool, type MemoryAction } from '../../../engine/tools/memory/memory.js';
import type { MemorySource } from '../../../engine/tools/memory/memory-source.js';
import { ContextStore } from '../../../engine/store/store.js';
import { MemoryOutputStore } from '../../../runners/recording/output-store/memory-store.js';
import { createReaderModel } from '../../../runners/models/reader/index.js';
import { fakeModel } from '../helpers.js';

const memoryEvents = (events: AuditEvent[]) =>
  events.filter((e): e is Extract<AuditEvent, { type: 'context.memory' }> => e.type === 'context.memory');

describe('where a recall reads from', () => {
  function twoTurns(edited: boolean) {
    const audit = memorySink();
    const call = (text: string) => ({ callId: '', tool: 'memory', arguments: { request: text } });
    const model = fakeModel((r: ModelRequest) => {
      const last = r.messages.at(-1);
      if (last?.role === 'tool') return { text: 'Recalled.', toolCalls: [] };
      if (last?.content.includes('said first')) return { text: '', toolCalls: [call('recall entry 2')] };
      if (last?.content.includes('first turn')) return { text: '', toolCalls: [call('recall turn 1')] };
      return { text: 'Noted.', toolCalls: [] };
    });
    const settings = defaultSettings();
    settings.context.memory = true;
    const convo = new Conversation({
      model,
      clock: steppingClock(0, 1000, () => 0),
      ids: sequentialIds(),
      audit,
      auditReader: {
        event: (id) => {
          const found = audit.event(id);
          // An audit that no longer holds the first prompt's event (rotated out).
          return edited && found?.type === 'prompt' ? undefined : found;
        },
      },
      tools: [],
      settings,
      instructions: 'system',
      window: 8192,
    });
    return { convo, audit, model };
  }

  it('reads an entry’s content from the audit event it refers to, and the header and the event say so', async () => {
    const { convo, audit, model } = twoTurns(false);
    await convo.turn('The release codename is BLUE HERON.');
    // The store's copy differs from the audit's: the audit is the verbatim record.
    const prompt = convo.store.all().find((e) => e.kind === 'prompt');
    (prompt as { text: string }).text = 'a copy that drifted';
    await convo.turn('What was said first?');
    const result = model.requests[2]?.messages.at(-1)?.content ?? '';
    expect(result).toMatch(/^\[entry 2: prompt, turn 1, active; text from the audit, event evt-\d+\]/);
    expect(result).toContain('The release codename is BLUE HERON.');
    expect(result).not.toContain('drifted');
    expect(memoryEvents(audit.events)[0]).toMatchObject({
      action: 'recall',
      target: 'entry 2',
      from: 'audit',
    });
  });

  it('falls back to the store’s copy for what the audit does not hold, and says so', async () => {
    const { convo, audit, model } = twoTurns(true);
    await convo.turn('The release codename is BLUE HERON.');
    await convo.turn('What was said first?');
    const entry = model.requests[2]?.messages.at(-1)?.content ?? '';
    expect(entry).toMatch(/text from the store: the audit does not hold it\]/);
    expect(entry).toContain('The release codename is BLUE HERON.');
    await convo.turn('And the whole first turn?');
    const turn = model.requests.at(-1)?.messages.at(-1)?.content ?? '';
    expect(model.requests.at(-1)?.messages.at(-1)?.role).toBe('tool');
    // The reply came from the audit, the prompt from the store.
    expect(turn).toMatch(
      /^\[turn 1: 2 entries \(2-3\), active; text from the audit, entry 2 from the store\]/,
    );
    expect(memoryEvents(audit.events).map((e) => e.from)).toEqual(['store', 'audit and store']);
  });
});

const failingRun = [
  'exit status: 1',
  'stdout:',
  ...Array.from({ length: 300 }, (_, i) =>
    i === 211
      ? 'FAIL test/discounts.test.js: expected rate 0.25, got 0.2'
      : `ok ${i + 1} - case ${i + 1} passes quietly`,
  ),
  '# tests 300, 299 passed, 1 failed',
].join('\n');

function sourceFor(outputs: MemoryOutputStore, digest?: MemorySource['digest']): MemorySource {
  return {
    turn: 2,
    entries: new ContextStore().all(),
    facts: null,
    summaries: [],
    kinds: loadKinds(),
    outputs,
    ...(digest ? { digest } : {}),
  };
}

async function run(tool: Tool, request: string, budget = 4096) {
  return tool.run({ request }, { callId: 'c', turn: 2, budget, memory: true });
}

describe('summarise and condense: a held-back output read whole through the model', () => {
  it('reads “summarise output ID” and “condense output ID: QUESTION”, and refuses them without an id or a question', () => {
    expect(parseMemoryRequest('summarise output 3f9a2c1b')).toEqual({ verb: 'summarise', id: '3f9a2c1b' });
    expect(parseMemoryRequest('summarize output 3f9a2c1b')).toEqual({ verb: 'summarise', id: '3f9a2c1b' });
    expect(parseMemoryRequest('condense output 3f9a2c1b: which test failed?')).toEqual({
      verb: 'condense',
      id: '3f9a2c1b',
      question: 'which test failed?',
    });
    expect(parseMemoryRequest('condense output 3f9a2c1b')).toMatchObject({
      verb: 'condense',
      error: expect.any(String),
    });
    expect(parseMemoryRequest('summarise')).toMatchObject({ verb: 'summarise', error: expect.any(String) });
  });

  it('condense makes one call per page of the output, and gathers the answers of the pages that have one', async () => {
    const outputs = new MemoryOutputStore();
    await outputs.put('run-1', failingRun);
    const calls: { purpose: string; request: Omit<GuidedRequest, 'purpose'> }[] = [];
    const actions: MemoryAction[] = [];
    const tool = memoryTool({
      source: () =>
        sourceFor(outputs, async (purpose, request) => {
          calls.push({ purpose, request });
          const page = request.messages[0]?.content ?? '';
          return page.includes('FAIL')
            ? { found: true, answer: 'test/discounts.test.js failed' }
            : { found: false, answer: '' };
        }),
      pending: { notes: [], task: null },
      onAction: (a) => actions.push(a),
    });
    const result = await run(tool, 'condense output run-1: which test failed?');
    const pages = Math.ceil(Buffer.byteLength(failingRun) / (4096 - 512));
    expect(calls.length).toBeGreaterThanOrEqual(pages);
    expect(calls.every((c) => c.purpose === 'output-condense')).toBe(true);
    // Every line of the output went to some call, once.
    const sent = calls.map((c) => c.request.messages[0]?.content ?? '').join('\n');
    for (const line of failingRun.split('\n')) expect(sent).toContain(line);
    expect(result.ok).toBe(true);
    expect(result.content).toMatch(
      /^\[output run-1 condensed to the question "which test failed\?": all 303 lines read/,
    );
    expect(result.content).toMatch(/\nlines \d+-\d+: test\/discounts\.test\.js failed/);
    expect(Buffer.byteLength(result.content)).toBeLessThanOrEqual(4096);
    expect(actions).toEqual([
      expect.objectContaining({ action: 'condense', target: 'output run-1', ok: true }),
    ]);
  });

  it('summarise shows the lines the model chose, as the store holds them, in order and within the budget', async () => {
    const outputs = new MemoryOutputStore();
    await outputs.put('run-1', failingRun);
    const tool = memoryTool({
      source: () =>
        sourceFor(outputs, async (purpose, request) => {
          expect(purpose).toBe('output-summary');
          const page = request.messages[0]?.content ?? '';
          const numbers = [...page.matchAll(/^(\d+)\t.*(?:FAIL|# tests)/gm)].map((m) => Number(m[1]));
          // A line number outside the page is not the page's to give.
          return { notable: [...numbers, 99_999] };
        }),
      pending: { notes: [], task: null },
    });
    const result = await run(tool, 'summarise output run-1');
    expect(result.content.split('\n').slice(1, 3)).toEqual([
      '214\tFAIL test/discounts.test.js: expected rate 0.25, got 0.2',
      '303\t# tests 300, 299 passed, 1 failed',
    ]);
    expect(result.content).toMatch(/^\[notable lines of output run-1: 2 of 303 lines/);
    expect(result.content).not.toContain('99999');
  });

  it('both are refused, naming recall instead, for a model without guided calls; and for an unknown output', async () => {
    const outputs = new MemoryOutputStore();
    await outputs.put('run-1', failingRun);
    const without = memoryTool({ source: () => sourceFor(outputs), pending: { notes: [], task: null } });
    expect((await run(without, 'summarise output run-1')).content).toMatch(/^error: .*recall output run-1/);
    const withDigest = memoryTool({
      source: () => sourceFor(outputs, async () => ({ notable: [] })),
      pending: { notes: [], task: null },
    });
    expect((await run(withDigest, 'condense output nope: why?')).content).toBe(
      'error: no stored output has the id nope',
    );
  });

  it('on the reader, condense answers from the pages and summarise names the failing line', async () => {
    const outputs = new MemoryOutputStore();
    await outputs.put('run-1', failingRun);
    const reader = createReaderModel({ profile: 'reader', window: 8192 });
    const digest: MemorySource['digest'] = async (purpose, request) =>
      (await reader.generate?.({ purpose, ...request }))?.value;
    const tool = memoryTool({ source: () => sourceFor(outputs, digest), pending: { notes: [], task: null } });
    const condensed = await run(tool, 'condense output run-1: which test failed?');
    expect(condensed.content).toMatch(/lines \d+-\d+: .*discounts\.test\.js/);
    const summarised = await run(tool, 'summarise output run-1');
    expect(summarised.content).toContain('214\tFAIL test/discounts.test.js');
    expect(summarised.content).toContain('303\t# tests 300, 299 passed, 1 failed');
  });
});
