import { describe, expect, it } from 'vitest';
import {
  ContextOverflowError,
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
  type AuditEvent,
  type EngineSettings,
  type GuidedRequest,
  type ModelRequest,
} from '../../../engine/index.js';
import { fakeModel } from '../helpers.js';

type EventOf<T extends AuditEvent['type']> = Extract<AuditEvent, { type: T }>;
const eventsOf = <T extends AuditEvent['type']>(events: AuditEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const usage = (r: ModelRequest) => ({
  promptTokens: Math.ceil(JSON.stringify(r.messages).length / 4),
  completionTokens: 5,
});

function conversation(
  settings: EngineSettings,
  window: number,
  options: {
    respond?: (r: ModelRequest, call: number) => ReturnType<Parameters<typeof fakeModel>[0]>;
    generate?: (r: GuidedRequest) => unknown;
  } = {},
) {
  const audit = memorySink();
  const model = fakeModel(options.respond ?? ((r) => ({ text: 'Noted.', toolCalls: [], usage: usage(r) })), {
    generate: async (request) => ({ value: options.generate?.(request) ?? { facts: [], summary: 'S.' } }),
  });
  const convo = new Conversation({
    model,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit,
    tools: [],
    settings,
    instructions: 'system text',
    window,
  });
  return { convo, audit, model };
}

/** Keeps one turn and writes a summary at every condensation: one condensation a turn. */
function everyTurnSummarised(): EngineSettings {
  const s = defaultSettings();
  s.context.policy = 'condense';
  s.context.keepTurns = 1;
  s.facts.summaryBatchTurns = 1;
  return s;
}

describe('the bounds a long conversation keeps', () => {
  it('keeps the last 20 versions of the running summary', async () => {
    const { convo, audit } = conversation(everyTurnSummarised(), 600, {
      generate: (r) => ({ facts: [], summary: `Summary written for a ${r.purpose} call.` }),
    });
    for (let i = 1; i <= 26; i++)
      await convo.turn(`Statement number ${i}: ${'words of padding '.repeat(30)}`);
    const written = eventsOf(audit.events, 'context.summary').filter((e) => e.ok);
    expect(written.length).toBeGreaterThan(20);
    const kept = convo.facts?.summaries ?? [];
    expect(kept).toHaveLength(20);
    // The newest 20, in order: the oldest ones went.
    expect(kept.map((v) => v.version)).toEqual(Array.from({ length: 20 }, (_, i) => written.length - 19 + i));
  });

  it('records at most 12 facts from one distillation, the first 12 of its answer', async () => {
    const names = Array.from({ length: 15 }, (_, i) => `service ${i + 1}`);
    const { convo, audit } = conversation(everyTurnSummarised(), 600, {
      generate: () => ({
        facts: names.map((name) => ({
          subject: 'entity',
          name,
          value: `port ${9000 + names.indexOf(name)}`,
          said: 'person',
        })),
        summary: 'S.',
      }),
    });
    for (let i = 1; i <= 4; i++) await convo.turn(`Statement ${i}: ${'words of padding '.repeat(30)}`);
    const first = eventsOf(audit.events, 'context.distillation')[0];
    expect(first?.facts).toHaveLength(12);
    const recorded = convo.facts?.facts.all().map((f) => f.identity.name) ?? [];
    expect(new Set(recorded)).toEqual(new Set(names.slice(0, 12)));
  });
});

describe('condensing at the floor', () => {
  it('squeezes the earlier block for the turn whose last literal turn is still above the goal', async () => {
    const { convo, audit, model } = conversation(defaultSettings(), 8192);
    // Many facts of the person: the earlier block fills its share once their turns are gone.
    for (let i = 1; i <= 40; i++) {
      await convo.turn(`Fact ${i}.`);
      convo.statePersonFact('entity', `mirror number ${i}`, `the mirror in rack ${i}, row ${i * 3}, hall B`);
    }
    // A prompt too large to bring under the goal with any number of turns dropped.
    await convo.turn(`Please consider this: ${'a long line of pasted text '.repeat(1100)}`);
    const condensation = eventsOf(audit.events, 'context.condensation').at(-1);
    expect(condensation?.floor).toBe(true);
    const squeezed = model.requests.at(-1)?.messages[1]?.content ?? '';
    expect(squeezed.startsWith('Facts recorded earlier')).toBe(true);
    // Its facts fit 1 KiB, where the same store composed for the next turn gives them their whole
    // share, and it says what it left out.
    const unsqueezed = convo.composeRequest(convo.store.active(), 42).messages[1]?.content ?? '';
    expect(unsqueezed.startsWith('Facts recorded earlier')).toBe(true);
    expect(Buffer.byteLength(unsqueezed)).toBeGreaterThan(2048);
    expect(Buffer.byteLength(squeezed)).toBeLessThan(1024 + 200);
    expect(squeezed).toMatch(/^Left out for lack of room: \d+ more facts\.$/m);
  });
});

describe('overflow recovery', () => {
  it('measures the context from the overflow’s own count, not from the bytes', async () => {
    let overflowed = false;
    const { convo, audit } = conversation(defaultSettings(), 100_000, {
      respond: (r) => {
        const last = r.messages.at(-1)?.content ?? '';
        if (last.startsWith('Third') && !overflowed) {
          overflowed = true;
          // The runtime counts far more than four bytes a token would say.
          throw new ContextOverflowError(4000, 6000);
        }
        return { text: 'Noted.', toolCalls: [], usage: usage(r) };
      },
    });
    await convo.turn(`First: ${'some words '.repeat(40)}`);
    await convo.turn(`Second: ${'some words '.repeat(40)}`);
    const third = `Third: ${'some words '.repeat(40)}`;
    expect(await convo.turn(third)).toMatchObject({ status: 'completed', overflowRetries: 1 });
    const [condensation] = eventsOf(audit.events, 'context.condensation');
    expect(condensation?.reason).toBe('overflow');
    // 6,000 counted, less the prompt's ~113 tokens at four bytes a token; the bytes alone say ~300.
    expect(condensation?.fillBefore).toBeGreaterThan(5800);
    expect(condensation?.fillBefore).toBeLessThan(6000);
    expect(convo.window).toBe(4000);
  });
});

describe('the time a turn spends', () => {
  it('counts every model call as the model’s, distillations and summaries too', async () => {
    let now = 0;
    const audit = memorySink();
    const model = fakeModel(
      (r) => {
        now += 10;
        return { text: 'Noted.', toolCalls: [], usage: usage(r) };
      },
      {
        generate: async () => {
          now += 50;
          return { value: { facts: [], summary: 'S.' } };
        },
      },
    );
    const convo = new Conversation({
      model,
      clock: steppingClock(0, 1000, () => now),
      ids: sequentialIds(),
      audit,
      tools: [],
      settings: everyTurnSummarised(),
      instructions: 'system text',
      window: 600,
    });
    let guided = 0;
    for (let i = 1; i <= 6; i++) {
      const figures = await convo.turn(`Statement ${i}: ${'words of padding '.repeat(30)}`);
      // One facts-and-summary call at each condensation, audited as a summary.
      const made = eventsOf(audit.events, 'context.summary').length - guided;
      guided += made;
      // Nothing else advances this clock: the turn's whole time is the model's.
      expect(figures.modelMs).toBe(10 * figures.requests.length + 50 * made);
      expect(figures.engineMs).toBe(0);
    }
    expect(guided).toBeGreaterThan(0);
  });
});
