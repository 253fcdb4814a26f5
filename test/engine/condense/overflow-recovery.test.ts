/**
 * Recovering from an overflow once, as a conversation's caller sees it: the overflow audited with
 * what the model said, the attempt's entries kept dropped as a record, the turn run again after a
 * condensation, and a second overflow or another failure ending the turn with the engine's error.
 */
import { describe, expect, it } from 'vitest';
import {
  ContextOverflowError,
  Conversation,
  DoesNotFitError,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
  type AuditEvent,
  type ModelRequest,
  type ModelResponse,
} from '../../../engine/index.js';
import { RETRIED_PREFIX } from '../../../engine/condense/target.js';
import type { Tool } from '../../../engine/tools/tool.js';
import { fakeModel } from '../helpers.js';

type EventOf<T extends AuditEvent['type']> = Extract<AuditEvent, { type: T }>;
const eventsOf = <T extends AuditEvent['type']>(events: AuditEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const echoTool: Tool = {
  readOnly: true,
  spec: { name: 'echo', description: 'echo', parameters: {} },
  run: async (args) => ({ content: `echo ${JSON.stringify(args)}`, ok: true }),
};

const usage = (r: ModelRequest) => ({
  promptTokens: Math.ceil(JSON.stringify(r.messages).length / 4),
  completionTokens: 5,
});
const lastUser = (r: ModelRequest) => r.messages.findLast((m) => m.role === 'user')?.content ?? '';

/**
 * A model that answers plainly, except on the prompt 'four': there it calls echo, and the step after
 * the tool's result meets `failures` in turn (then answers).
 */
function model(failures: unknown[]) {
  return fakeModel((r): ModelResponse => {
    if (lastUser(r) === 'four' && r.messages.at(-1)?.role === 'tool') {
      const failure = failures.shift();
      if (failure !== undefined) throw failure;
      return { text: 'reply four', toolCalls: [], usage: usage(r) };
    }
    if (lastUser(r) === 'four')
      return { text: '', toolCalls: [{ callId: '', tool: 'echo', arguments: { n: 4 } }], usage: usage(r) };
    return { text: 'reply', toolCalls: [], usage: usage(r) };
  });
}

function conversation(failures: unknown[], window?: number) {
  const audit = memorySink();
  const settings = defaultSettings();
  settings.context.policy = 'condense';
  settings.context.keepTurns = 2;
  const port = model(failures);
  const convo = new Conversation({
    model: port,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit,
    tools: [echoTool],
    settings,
    instructions: 'system text',
    ...(window !== undefined ? { window } : {}),
  });
  return { convo, audit, port };
}

async function upToFour(convo: Conversation) {
  for (const p of ['one', 'two', 'three']) await convo.turn(p);
  return convo.turn('four');
}

describe('an overflow', () => {
  it("is audited with the session, the model's limit and count and its message, and retried", async () => {
    const { convo, audit } = conversation([new ContextOverflowError(900, 950)]);
    const figures = await upToFour(convo);
    expect(figures).toMatchObject({ status: 'completed', reply: 'reply four', overflowRetries: 1 });
    const [overflow] = eventsOf(audit.events, 'context.overflow');
    expect(overflow).toMatchObject({
      type: 'context.overflow',
      turn: 4,
      limit: 900,
      count: 950,
      message: 'context size exceeded: 950 tokens for a window of 900',
      retried: true,
    });
    expect(overflow?.session).toMatch(/^ses-/);
    // The attempt's tool call and result stay in the store, dropped as retried; the retry's are active.
    const attempt = convo.store.all().filter((e) => e.droppedBy === `${RETRIED_PREFIX}${overflow?.id}`);
    expect(attempt.map((e) => [e.kind, e.turn, e.active])).toEqual([
      ['toolCall', 4, false],
      ['toolOutput', 4, false],
    ]);
    expect(
      convo.store
        .active()
        .filter((e) => e.turn === 4)
        .map((e) => e.kind),
    ).toEqual(['prompt', 'toolCall', 'toolOutput', 'reply']);
  });

  it('without a count, is measured again from the context rather than anchored on a count', async () => {
    const { convo, audit } = conversation([new ContextOverflowError(900, null)]);
    await upToFour(convo);
    const condensation = eventsOf(audit.events, 'context.condensation').find((c) => c.reason === 'overflow');
    expect(Number.isFinite(condensation?.fillBefore)).toBe(true);
    expect(condensation?.fillBefore).toBeGreaterThan(0);
    // Only the target policy keeps headroom for the next turn; this conversation keeps turns.
    expect(condensation?.headroom).toBe(0);
    expect(eventsOf(audit.events, 'context.overflow')[0]).toMatchObject({ count: null, retried: true });
  });

  it('with no window known or stated, is audited as not retried and fails the turn as the model’s', async () => {
    const { convo, audit } = conversation([new ContextOverflowError(0, null)]);
    for (const p of ['one', 'two', 'three']) await convo.turn(p);
    expect((await convo.turn('four')).error).toEqual({
      code: 'MODEL_FAILED',
      message: 'the model failed: context size exceeded: the request does not fit a window of 0',
    });
    expect(eventsOf(audit.events, 'context.overflow')).toMatchObject([{ retried: false, limit: 0 }]);
    expect(eventsOf(audit.events, 'context.condensation')).toEqual([]);
  });
});

describe('a second overflow', () => {
  it("does not fit: the error gives the model's count and the window it stated last", async () => {
    const { convo } = conversation([new ContextOverflowError(900, 950), new ContextOverflowError(850, 960)]);
    const { status, error } = await upToFour(convo);
    expect(status).toBe('failed');
    expect(error).toEqual({ code: 'CONTEXT_DOES_NOT_FIT', message: new DoesNotFitError(960, 850).message });
  });

  it('without a count, gives what the engine measures of the last request', async () => {
    const { convo, port } = conversation([
      new ContextOverflowError(900, 950),
      new ContextOverflowError(900, null),
    ]);
    const { error } = await upToFour(convo);
    expect(error?.code).toBe('CONTEXT_DOES_NOT_FIT');
    const needed = Number(/take about (\d+) of 900 tokens/.exec(error?.message ?? '')?.[1]);
    // The estimate of the retried request, near what the model reports for requests that size.
    const reported = usage(port.requests.at(-1)!).promptTokens;
    expect(needed).toBeGreaterThan(reported / 2);
    expect(needed).toBeLessThan(reported * 2);
  });
});

describe('another failure after the retry', () => {
  it('is the model’s failure, not an overflow', async () => {
    const { convo } = conversation([new ContextOverflowError(900, 950), new Error('connection reset')]);
    expect((await upToFour(convo)).error).toEqual({
      code: 'MODEL_FAILED',
      message: 'the model failed: connection reset',
    });
  });
});
