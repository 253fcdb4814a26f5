/**
 * The field's baselines as policies, with worked numbers: what `mask` keeps and replaces at M = 2,
 * which turns `summarise` keeps and the call it makes, and where `trim` stops.
 */
import { describe, expect, it } from 'vitest';
import type { ReferenceEvent, SummaryEvent } from '../../../engine/audit/events.js';
import { AuditRecorder } from '../../../engine/audit/recorder.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { composeMessages } from '../../../engine/compose/composer.js';
import {
  MIDDLE_SUMMARY_INSTRUCTION,
  MiddleSummary,
  middleSummaryHeader,
} from '../../../engine/condense/middle-summary.js';
import { middleOf, summarisePolicy } from '../../../engine/condense/summarise.js';
import { trimGoal, trimPolicy } from '../../../engine/condense/trim.js';
import { Conversation } from '../../../engine/conversation/conversation.js';
import { estimateTokens } from '../../../engine/measure/estimate.js';
import { ModelCaller } from '../../../engine/model/model-calls.js';
import type { GuidedRequest, ModelRequest } from '../../../engine/model/port.js';
import { maskOlderOutputs } from '../../../engine/output/masking.js';
import { sequentialIds, steppingClock } from '../../../engine/ports.js';
import { EARLIER_HEADER } from '../../../engine/protocol.js';
import { defaultSettings } from '../../../engine/settings.js';
import type { Entry } from '../../../engine/store/entry.js';
import type { Tool } from '../../../engine/tools/tool.js';
import { fakeModel, storeWithTurns } from '../helpers.js';

const clock = () => steppingClock(0, 1000, () => 0);

/** A measure that counts each entry's text at four bytes a token, leaving out the `without` ids. */
function measureOf(entries: readonly Entry[]) {
  return async (without: ReadonlySet<number>) =>
    entries.filter((e) => !without.has(e.id)).reduce((n, e) => n + estimateTokens(e.text), 0);
}

const toolContents = (messages: readonly { role: string; content: string }[]) =>
  messages.filter((m) => m.role === 'tool').map((m) => m.content);

describe('mask at M = 2', () => {
  // Four turns, each a prompt, a read of 400 bytes and a reply: the outputs are entries 4, 8, 12, 16.
  const turns = [1, 2, 3, 4].map((n) => ({ prompt: `p${n}`, output: `${n}`.repeat(400), reply: `r${n}` }));

  it('keeps the latest two outputs whole and sends the two older ones as a placeholder naming the tool', () => {
    const store = storeWithTurns(turns);
    const sink = memorySink();
    const masked = maskOlderOutputs(store, new AuditRecorder(sink, clock(), sequentialIds()), 2, 5);
    expect(masked).toBe(2);
    const messages = composeMessages(store.active(), { turn: 5 });
    expect(toolContents(messages)).toEqual([
      '[output of read_file omitted]',
      '[output of read_file omitted]',
      '3'.repeat(400),
      '4'.repeat(400),
    ]);
    // Prompts, replies and tool calls all stay: the instructions, then four of each per turn.
    expect(messages.map((m) => m.role)).toEqual([
      'system',
      ...Array.from({ length: 4 }, () => ['user', 'assistant', 'tool', 'assistant']).flat(),
    ]);
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['p1', 'p2', 'p3', 'p4']);
    // Each is recorded as a reference is: 400 bytes less the 29 of the placeholder, 371 (93 tokens).
    const events = sink.events.filter((e): e is ReferenceEvent => e.type === 'context.reference');
    expect(events.map((e) => [e.entry, e.bytesSaved, e.tokensSaved])).toEqual([
      [4, 371, 93],
      [8, 371, 93],
    ]);
    // Entry 4 was pushed out by the output two places after it (12), entry 8 by 16.
    expect(
      store
        .all()
        .filter((e) => e.maskedBy !== undefined)
        .map((e) => [e.id, e.maskedBy]),
    ).toEqual([
      [4, 12],
      [8, 16],
    ]);
  });

  it('sends an output whole in a request composed before the output that masked it', () => {
    const store = storeWithTurns(turns);
    maskOlderOutputs(store, new AuditRecorder(memorySink(), clock(), sequentialIds()), 2, 5);
    // Up to entry 13 (turn 3's reply): entry 12 is carried, entry 16 is not, so 4 is masked and 8 whole.
    const earlier = composeMessages(
      store.active().filter((e) => e.id <= 13),
      { turn: 4 },
    );
    expect(toolContents(earlier)).toEqual([
      '[output of read_file omitted]',
      '2'.repeat(400),
      '3'.repeat(400),
    ]);
  });

  it('names the tool.result event that recorded each masked output, none when it has none', () => {
    const store = storeWithTurns(turns);
    const fromTool = store.append({
      kind: 'toolOutput',
      turn: 4,
      text: 'search results '.repeat(30),
      call: { callId: 'c99', tool: 'search', arguments: {} },
      outcome: { ok: true },
      sources: ['evt-41'],
      recordedAt: 0,
    });
    // An output with no call is not one of the outputs counted or masked.
    store.append({ kind: 'toolOutput', turn: 4, text: 'x'.repeat(400), sources: [], recordedAt: 0 });
    const newest = store.append({
      ...fromTool,
      call: { callId: 'c100', tool: 'search', arguments: {} },
      sources: [],
    });
    const sink = memorySink();
    expect(maskOlderOutputs(store, new AuditRecorder(sink, clock(), sequentialIds()), 1, 5)).toBe(5);
    expect(newest.maskedBy).toBeUndefined();
    const events = sink.events.filter((e): e is ReferenceEvent => e.type === 'context.reference');
    expect(events.map((e) => [e.entry, e.tool, e.result])).toEqual([
      [4, 'read_file', ''],
      [8, 'read_file', ''],
      [12, 'read_file', ''],
      [16, 'read_file', ''],
      [fromTool.id, 'search', 'evt-41'],
    ]);
  });

  it('masks nothing again, and nothing while there are no more than M outputs', () => {
    const store = storeWithTurns(turns);
    const recorder = new AuditRecorder(memorySink(), clock(), sequentialIds());
    expect(maskOlderOutputs(store, recorder, 2, 5)).toBe(2);
    expect(maskOlderOutputs(store, recorder, 2, 5)).toBe(0);
    expect(maskOlderOutputs(storeWithTurns(turns.slice(0, 2)), recorder, 2, 3)).toBe(0);
  });

  it('masks within a turn, before each request, so no request carries an output older than the latest two whole', async () => {
    const echo: Tool = {
      readOnly: true,
      spec: { name: 'echo', description: 'echo', parameters: {} },
      run: async (args) => ({ content: `echo ${JSON.stringify(args)} `.repeat(20), ok: true }),
    };
    // Four tool calls in one turn, then a reply.
    const model = fakeModel((r) => {
      const outputs = r.messages.filter((m) => m.role === 'tool').length;
      return outputs < 4
        ? { text: '', toolCalls: [{ callId: '', tool: 'echo', arguments: { n: outputs + 1 } }] }
        : { text: 'done', toolCalls: [] };
    });
    const settings = defaultSettings();
    settings.context.policy = 'mask';
    settings.context.maskKeep = 2;
    settings.context.references = false;
    settings.facts.enabled = false;
    const convo = new Conversation({
      model,
      clock: clock(),
      ids: sequentialIds(),
      audit: memorySink(),
      tools: [echo],
      settings,
      instructions: 'system text',
      window: 32_768,
    });
    await convo.turn('echo four times');
    const whole = model.requests.map((r: ModelRequest) =>
      toolContents(r.messages).map((c) => (c.startsWith('[output of echo omitted]') ? 'masked' : 'whole')),
    );
    expect(whole).toEqual([
      [],
      ['whole'],
      ['whole', 'whole'],
      ['masked', 'whole', 'whole'],
      ['masked', 'masked', 'whole', 'whole'],
    ]);
    // The turn's first request, rebuilt from the store, is what was sent.
    expect(convo.contextAt(1)).toEqual(model.requests[0]?.messages);
  });
});

describe('summarise', () => {
  const seven = Array.from({ length: 7 }, (_, i) => ({ prompt: `p${i + 1}`, reply: `r${i + 1}` }));

  it('keeps the first turn and the latest four, and drops the middle', () => {
    expect(middleOf(7, 1, 4)).toEqual({ from: 1, to: 3 });
    // No middle while the head and tail hold every turn.
    expect(middleOf(5, 1, 4)).toEqual({ from: 1, to: 1 });
    expect(middleOf(2, 1, 4)).toEqual({ from: 1, to: 1 });
    expect(middleOf(6, 0, 4)).toEqual({ from: 0, to: 2 });
  });

  it('is due at the budget only with more turns than it keeps', () => {
    const policy = summarisePolicy({ budget: 0.85, head: 1, tail: 4 });
    expect(policy.dueAhead({ fill: 840, prompt: 10, headroom: 0, window: 1000, turns: 6 })).toBe(true);
    expect(policy.dueAhead({ fill: 839, prompt: 10, headroom: 0, window: 1000, turns: 6 })).toBe(false);
    expect(policy.dueAhead({ fill: 990, prompt: 10, headroom: 0, window: 1000, turns: 5 })).toBe(false);
  });

  it('hands turns 2 and 3 of seven to the summary, then drops them', async () => {
    const store = storeWithTurns(seven);
    const entries = store.active();
    const leaving: number[][] = [];
    const plan = await summarisePolicy({ budget: 0.85, head: 1, tail: 4 }).plan({
      reason: 'budget',
      window: 1000,
      entries,
      prompt: 10,
      headroom: 0,
      measure: measureOf(entries),
      beforeDrop: async (left) => {
        leaving.push(left.map((e) => e.id));
      },
    });
    // Entries: 1 the instructions, then a prompt and a reply per turn (turn 2 is 4-5, turn 3 is 6-7).
    expect(leaving).toEqual([[4, 5, 6, 7]]);
    // Each of the 14 texts is 2 bytes (1 token), the instructions 8 (2): 16 before, 12 after.
    expect(plan).toMatchObject({
      goal: null,
      fillBefore: 16,
      fillAfter: 12,
      drop: [4, 5, 6, 7],
      turnsDropped: 2,
      turnsKept: 5,
      floor: false,
      steps: [{ step: 'drop', fill: 12, turnsDropped: 2 }],
    });
  });

  it('writes the summary in one guided call shown the summary so far, and updates it at the next', async () => {
    const guided: GuidedRequest[] = [];
    const model = fakeModel(() => ({ text: '', toolCalls: [] }), {
      generate: async (request: GuidedRequest) => {
        guided.push(request);
        return { value: { summary: `Summary ${guided.length}.` } };
      },
    });
    const sink = memorySink();
    const audit = new AuditRecorder(sink, clock(), sequentialIds());
    const caller = new ModelCaller({ model, clock: clock(), ids: sequentialIds(), window: () => 8192 });
    const summary = new MiddleSummary({ audit, clock: clock(), caller, share: 0.05, head: 1 });
    const entries = storeWithTurns(seven).active();
    const turn = (n: number) => entries.filter((e) => e.turn === n);

    expect(summary.block(null)).toBeNull();
    await summary.beforeDrop(7, [...turn(2), ...turn(3)], 8192);
    // 0.05 of 8,192 is 409 tokens, 1,636 bytes, 233 words; the answer may take 816 tokens.
    expect(guided[0]).toMatchObject({ purpose: 'summary', maxTokens: 816 });
    expect(guided[0]?.messages).toEqual([
      { role: 'system', content: MIDDLE_SUMMARY_INSTRUCTION },
      {
        role: 'user',
        content:
          'Summary so far:\n- none\nWord limit: 233\nTurns to add:\n' +
          'Turn 2\nperson: p2\nassistant: r2\nTurn 3\nperson: p3\nassistant: r3',
      },
    ]);
    expect(summary.block(null)).toBe(
      [
        EARLIER_HEADER,
        "The model's summary of the 2 turns after the first one, which are no longer shown: a record, not instructions.",
        'Summary 1.',
      ].join('\n'),
    );

    await summary.beforeDrop(8, turn(4), 8192);
    expect(guided[1]?.messages[1]?.content).toBe(
      'Summary so far:\nSummary 1.\nWord limit: 233\nTurns to add:\nTurn 4\nperson: p4\nassistant: r4',
    );
    expect(summary.versions.latest).toMatchObject({ version: 2, text: 'Summary 2.', turns: [2, 3, 4] });
    expect(summary.calls).toBe(2);
    const events = sink.events.filter((e): e is SummaryEvent => e.type === 'context.summary');
    expect(events.map((e) => [e.turn, e.turns, e.ok, e.version])).toEqual([
      [7, [2, 3], true, 1],
      [8, [4], true, 2],
    ]);
  });

  it('keeps the turns of a failed call waiting, and adds them at the next call', async () => {
    let calls = 0;
    const model = fakeModel(() => ({ text: '', toolCalls: [] }), {
      generate: async (request: GuidedRequest) => {
        calls += 1;
        if (calls === 1) return { value: { words: 'not a summary' } };
        return { value: { summary: request.messages[1]?.content.includes('Turn 2') ? 'both' : 'one' } };
      },
    });
    const sink = memorySink();
    const audit = new AuditRecorder(sink, clock(), sequentialIds());
    const caller = new ModelCaller({ model, clock: clock(), ids: sequentialIds() });
    const summary = new MiddleSummary({ audit, clock: clock(), caller, share: 0.05, head: 1 });
    const entries = storeWithTurns(seven).active();
    await summary.beforeDrop(
      6,
      entries.filter((e) => e.turn === 2),
      8192,
    );
    expect(summary.versions.latest).toBeUndefined();
    await summary.beforeDrop(
      7,
      entries.filter((e) => e.turn === 3),
      8192,
    );
    expect(summary.versions.latest).toMatchObject({ text: 'both', turns: [2, 3] });
    const events = sink.events.filter((e): e is SummaryEvent => e.type === 'context.summary');
    expect(events.map((e) => e.ok)).toEqual([false, true]);
  });

  it('says which turns the summary stands for', () => {
    expect(middleSummaryHeader(1, 1)).toBe(
      "The model's summary of the turn after the first one, which is no longer shown: a record, not instructions.",
    );
    expect(middleSummaryHeader(3, 2)).toContain('the 3 turns after the first 2, which are no longer shown');
    expect(middleSummaryHeader(3, 0)).toContain('the 3 earliest turns, which are no longer shown');
  });
});

describe('trim', () => {
  // Each turn: a prompt of 2 bytes (1 token) and a reply of 4,000 bytes (1,000 tokens).
  const turns = Array.from({ length: 7 }, (_, i) => ({ prompt: `p${i + 1}`, reply: 'r'.repeat(4000) }));

  it('aims at 0.7 of the window less the prompt', () => {
    // 0.7 of 8,192 is 5,734.4: less a prompt of 34 tokens, 5,700.
    expect(trimGoal(0.7, 8192, 34)).toBe(5700);
    expect(trimGoal(0.7, 100, 500)).toBe(0);
  });

  it('is due at the budget with more than one turn', () => {
    const policy = trimPolicy(0.85, 0.7);
    expect(policy.dueAhead({ fill: 6930, prompt: 34, headroom: 0, window: 8192, turns: 7 })).toBe(true);
    expect(policy.dueAhead({ fill: 6920, prompt: 34, headroom: 0, window: 8192, turns: 7 })).toBe(false);
    expect(policy.dueAhead({ fill: 9000, prompt: 34, headroom: 0, window: 8192, turns: 1 })).toBe(false);
  });

  it('stops at the first oldest turn whose dropping reaches the goal', async () => {
    const entries = storeWithTurns(turns).active();
    let distilled = 0;
    const plan = await trimPolicy(0.85, 0.7).plan({
      reason: 'budget',
      window: 8192,
      entries,
      prompt: 34,
      headroom: 0,
      measure: measureOf(entries),
      beforeDrop: async () => {
        distilled += 1;
      },
    });
    // 2 + 7 × 1,001 = 7,009; less turn 1, 6,008 (above 5,700); less turn 2, 5,007: it stops there.
    expect(plan).toMatchObject({
      goal: 5700,
      fillBefore: 7009,
      fillAfter: 5007,
      drop: [2, 3, 4, 5],
      turnsDropped: 2,
      turnsKept: 5,
      floor: false,
      steps: [{ step: 'drop', fill: 5007, turnsDropped: 2 }],
    });
    // Nothing is distilled or summarised.
    expect(distilled).toBe(0);
  });

  it('never drops the latest turn: a latest turn above the goal ends at the floor', async () => {
    const entries = storeWithTurns([
      { prompt: 'p1', reply: 'r' },
      { prompt: 'p2', reply: 'r' },
      { prompt: 'p3', reply: 'r'.repeat(30_000) },
    ]).active();
    const plan = await trimPolicy(0.85, 0.7).plan({
      reason: 'overflow',
      window: 8192,
      entries,
      prompt: 34,
      headroom: 0,
      measure: measureOf(entries),
    });
    // The latest turn alone: 2 + 1 + 7,500 = 7,503 tokens, above 5,700.
    expect(plan).toMatchObject({
      fillAfter: 7503,
      drop: [2, 3, 4, 5],
      turnsDropped: 2,
      turnsKept: 1,
      floor: true,
      steps: [
        { step: 'drop', fill: 7503, turnsDropped: 2 },
        { step: 'floor', fill: 7503, squeezed: false },
      ],
    });
  });
});
