import { describe, expect, it } from 'vitest';
import { Conversation } from '../../../engine/conversation/conversation.js';
import type { CondensationEvent } from '../../../engine/audit/events.js';
import { ContextOverflowError, type ModelRequest } from '../../../engine/model/port.js';
import { sequentialIds, steppingClock } from '../../../engine/ports.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { defaultSettings, type EngineSettings } from '../../../engine/settings.js';
import type { Tool } from '../../../engine/tools/tool.js';
import { fakeModel } from '../helpers.js';

function settings(policy: EngineSettings['context']['policy'] = 'condense'): EngineSettings {
  const s = defaultSettings();
  s.context.policy = policy;
  s.context.keepTurns = 2;
  return s;
}

const echoTool: Tool = {
  readOnly: true,
  spec: { name: 'echo', description: 'echo', parameters: {} },
  run: async (args) => ({ content: `echo ${JSON.stringify(args)}`, ok: true }),
};

function conversation(
  model: ReturnType<typeof fakeModel>,
  options: { window?: number; policy?: 'condense' | 'failFast' } = {},
) {
  const audit = memorySink();
  const convo = new Conversation({
    model,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit,
    tools: [echoTool],
    settings: settings(options.policy),
    instructions: 'system text',
    ...(options.window ? { window: options.window } : {}),
  });
  return { convo, audit };
}

const lastUser = (r: ModelRequest) => [...r.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
const usage = (r: ModelRequest) => ({
  promptTokens: Math.ceil(JSON.stringify(r.messages).length / 4),
  completionTokens: 5,
});

describe('Conversation turn loop', () => {
  it('runs tool calls step by step and records every entry and event', async () => {
    const model = fakeModel((r) =>
      r.messages.at(-1)?.role === 'tool'
        ? { text: 'done', toolCalls: [], usage: usage(r) }
        : { text: '', toolCalls: [{ callId: '', tool: 'echo', arguments: { a: 1 } }], usage: usage(r) },
    );
    const { convo, audit } = conversation(model);
    const figures = await convo.turn('please echo');
    expect(figures).toMatchObject({ status: 'completed', reply: 'done', toolCalls: 1 });
    expect(convo.store.all().map((e) => e.kind)).toEqual([
      'instructions',
      'prompt',
      'toolCall',
      'toolOutput',
      'reply',
    ]);
    expect(audit.events.map((e) => e.type)).toEqual([
      'session.start',
      'prompt',
      'response',
      'tool.call',
      'tool.result',
      'response',
      'turn.end',
    ]);
    // Every entry names the events that recorded it.
    const ids = new Set(audit.events.map((e) => e.id));
    for (const entry of convo.store.all()) expect(entry.sources.every((s) => ids.has(s))).toBe(true);
    // The second request continued the first one's session.
    expect(figures.requests.map((r) => r.fresh)).toEqual([true, false]);
  });

  it('gives the model an error result for an unknown tool, and marks a repeated call', async () => {
    const model = fakeModel((r, n) =>
      n < 3
        ? {
            text: '',
            toolCalls: [{ callId: '', tool: n === 1 ? 'nope' : 'echo', arguments: {} }],
            usage: usage(r),
          }
        : n === 3
          ? { text: '', toolCalls: [{ callId: '', tool: 'echo', arguments: {} }], usage: usage(r) }
          : { text: 'ok', toolCalls: [], usage: usage(r) },
    );
    const { convo } = conversation(model);
    await convo.turn('go');
    const outputs = convo.store.all().filter((e) => e.kind === 'toolOutput');
    expect(outputs[0]?.text).toMatch(/^error: there is no tool named "nope"; the tools are: echo/);
    expect(outputs[1]?.text).toBe('echo {}');
    expect(outputs[2]?.text).toMatch(/^\[the same call was already made this turn/);
  });

  it('stops a turn that keeps calling tools past the bound', async () => {
    const model = fakeModel((r) => ({
      text: '',
      toolCalls: [{ callId: '', tool: 'echo', arguments: {} }],
      usage: usage(r),
    }));
    const { convo } = conversation(model);
    const figures = await convo.turn('loop');
    expect(figures.status).toBe('failed');
    expect(figures.error?.code).toBe('TOOL_LOOP_BOUND');
  });

  it('condenses ahead of a known window once the last usage and the prompt reach the budget', async () => {
    const model = fakeModel((r) => ({ text: 'x'.repeat(1200), toolCalls: [], usage: usage(r) }));
    const { convo, audit } = conversation(model, { window: 1000 });
    for (let i = 1; i <= 8; i++) await convo.turn(`prompt number ${i}`);
    const condensations = audit.events.filter(
      (e): e is CondensationEvent => e.type === 'context.condensation',
    );
    expect(condensations.length).toBeGreaterThan(0);
    for (const c of condensations) {
      expect(c.reason).toBe('budget');
      expect(c.turnsKept).toBe(2);
    }
    // After a condensation, the next request starts a new model session.
    const condensedTurn = condensations[0]?.turn ?? 0;
    expect(convo.turns[condensedTurn - 1]?.requests[0]?.fresh).toBe(true);
  });

  it('recovers from a typed overflow by condensing and retrying once on a fresh session', async () => {
    let failed = false;
    const model = fakeModel((r) => {
      if (lastUser(r) === 'four' && !failed) {
        failed = true;
        throw new ContextOverflowError(900, 950);
      }
      return { text: 'reply', toolCalls: [], usage: usage(r) };
    });
    const { convo, audit } = conversation(model);
    for (const p of ['one', 'two', 'three', 'four']) await convo.turn(p);
    const last = convo.turns.at(-1);
    expect(last).toMatchObject({ status: 'completed', overflowRetries: 1, condensations: 1 });
    expect(convo.window).toBe(900);
    const condensation = audit.events.find((e): e is CondensationEvent => e.type === 'context.condensation');
    expect(condensation?.reason).toBe('overflow');
    // The retried request carries the last two earlier turns and the prompt.
    expect(model.requests.at(-1)?.messages.map((m) => m.content)).toEqual([
      'system text',
      'two',
      'reply',
      'three',
      'reply',
      'four',
    ]);
    expect(last?.requests.at(-1)?.fresh).toBe(true);
  });

  it('recognises the "Provided N tokens" message form', async () => {
    let calls = 0;
    const model = fakeModel((r) => {
      calls += 1;
      if (calls === 3) throw new Error('Provided 9100 tokens, but the maximum allowed is 8192');
      return { text: 'r', toolCalls: [], usage: usage(r) };
    });
    const { convo } = conversation(model);
    for (const p of ['a', 'b', 'c']) await convo.turn(p);
    expect(convo.turns.at(-1)).toMatchObject({ status: 'completed', overflowRetries: 1 });
    expect(convo.window).toBe(8192);
  });

  it('fails the turn with does-not-fit figures when the retry overflows too', async () => {
    const model = fakeModel((r) => {
      if (lastUser(r).startsWith('huge')) throw new ContextOverflowError(500, 2000);
      return { text: 'r', toolCalls: [], usage: usage(r) };
    });
    const { convo } = conversation(model);
    await convo.turn('small');
    const figures = await convo.turn('huge prompt');
    expect(figures.status).toBe('failed');
    expect(figures.error?.code).toBe('CONTEXT_DOES_NOT_FIT');
    expect(figures.error?.message).toMatch(/about 2000 of 500 tokens/);
  });

  it('lets the overflow through under failFast', async () => {
    const model = fakeModel(() => {
      throw new ContextOverflowError(100, 200);
    });
    const { convo } = conversation(model, { policy: 'failFast' });
    const figures = await convo.turn('anything');
    expect(figures).toMatchObject({ status: 'failed', overflowRetries: 0 });
    expect(figures.error?.code).toBe('MODEL_FAILED');
    expect(figures.error?.message).toMatch(/context size exceeded/);
  });

  it('reports a model that is down as a failed turn, not a crash', async () => {
    const model = fakeModel(() => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:11434');
    });
    const { convo } = conversation(model);
    const figures = await convo.turn('hello');
    expect(figures.status).toBe('failed');
    expect(figures.error).toEqual({
      code: 'MODEL_FAILED',
      message: 'the model failed: connect ECONNREFUSED 127.0.0.1:11434',
    });
  });
});
