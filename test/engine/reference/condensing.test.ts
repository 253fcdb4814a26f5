/**
 * The reference's condensing rules (design rule 6), each stated as a test: the floor of one literal
 * turn, the squeeze of the earlier block there, the note to the person, and the overflow path measured
 * from the overflow's own count.
 */
import { describe, expect, it } from 'vitest';
import { floorNote } from '../../../engine/condense/condensation.js';
import {
  ContextOverflowError,
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
  type AuditEvent,
  type ModelRequest,
} from '../../../engine/index.js';
import { targetPolicy } from '../../../engine/condense/target.js';
import { storeWithTurns, fakeModel } from '../helpers.js';

type EventOf<T extends AuditEvent['type']> = Extract<AuditEvent, { type: T }>;
const eventsOf = <T extends AuditEvent['type']>(events: AuditEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const usage = (r: ModelRequest) => ({
  promptTokens: Math.ceil(JSON.stringify(r.messages).length / 4),
  completionTokens: 5,
});

function conversation(
  window: number,
  instructions: string,
  respond?: Parameters<typeof fakeModel>[0],
  summary = true,
) {
  const audit = memorySink();
  const model = fakeModel(respond ?? ((r) => ({ text: 'Noted.', toolCalls: [], usage: usage(r) })), {
    generate: async () => ({ value: { facts: [], summary: 'S.' } }),
  });
  const convo = new Conversation({
    model,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit,
    tools: [],
    settings: { ...defaultSettings(), facts: { ...defaultSettings().facts, summary } },
    instructions,
    window,
  });
  return { convo, audit, model };
}

describe('condensing to a target: the floor', () => {
  it('a condensation that ends above its goal with one literal turn left says so to the person, in the audit and the figures', async () => {
    // Instructions alone above the goal (60% of 4,096): no number of turns dropped reaches it.
    const { convo, audit } = conversation(4096, 'Rule. '.repeat(1700));
    for (let i = 1; i <= 12; i++) await convo.turn(`Turn ${i}: ${'words of the prompt '.repeat(20)}`);
    const condensation = eventsOf(audit.events, 'context.condensation').find((c) => c.floor);
    expect(condensation).toBeDefined();
    expect(condensation?.turnsKept).toBe(1);
    expect(condensation?.note).toBe(
      floorNote(condensation?.fillAfter ?? 0, condensation?.goal ?? null, 4096),
    );
    expect(condensation?.note).toMatch(/^The context is at its floor: .* about \d+ of the 4096-token window/);
    const figures = convo.condensations.find((c) => c.floor);
    expect(figures?.note).toBe(condensation?.note);
    // A condensation that reaches its goal carries no note.
    expect(convo.condensations.filter((c) => !c.floor).every((c) => c.note === undefined)).toBe(true);
  });

  it('the squeeze reports a change only when the earlier block got smaller: with no facts or summary it reports none', async () => {
    const { convo, audit } = conversation(4096, 'Rule. '.repeat(1700), undefined, false);
    for (let i = 1; i <= 12; i++) await convo.turn(`Turn ${i}: ${'words of the prompt '.repeat(20)}`);
    const floor = eventsOf(audit.events, 'context.condensation')
      .find((c) => c.floor)
      ?.steps.find((s) => s.step === 'floor');
    expect(floor).toMatchObject({ step: 'floor', squeezed: false });
  });

  it('at the floor the earlier block is squeezed for that turn, and the step says it was', async () => {
    const { convo, audit, model } = conversation(8192, 'system text');
    for (let i = 1; i <= 40; i++) {
      await convo.turn(`Fact ${i}.`);
      convo.statePersonFact('entity', `mirror number ${i}`, `the mirror in rack ${i}, row ${i * 3}, hall B`);
    }
    await convo.turn(`Please consider this: ${'a long line of pasted text '.repeat(1100)}`);
    const condensation = eventsOf(audit.events, 'context.condensation').at(-1);
    expect(condensation?.steps.find((s) => s.step === 'floor')).toMatchObject({ squeezed: true });
    const sent = model.requests.at(-1)?.messages[1]?.content ?? '';
    expect(Buffer.byteLength(sent)).toBeLessThan(1024 + 200);
    expect(sent).toMatch(/^Left out for lack of room: \d+ more facts\.$/m);
  });

  it('a policy whose squeeze changes nothing does not measure again, and the floor is still reported', async () => {
    const store = storeWithTurns([
      { prompt: 'one '.repeat(400), reply: 'ok' },
      { prompt: 'two '.repeat(400), reply: 'ok' },
    ]);
    let measured = 0;
    const plan = await targetPolicy({ budget: 0.85, target: 0.6, targetMargin: 0.2 }).plan({
      reason: 'budget',
      window: 1000,
      entries: store.active(),
      prompt: 10,
      headroom: 0,
      measure: async () => {
        measured += 1;
        return 900;
      },
      squeeze: () => false,
    });
    expect(plan.floor).toBe(true);
    expect(plan.steps.at(-1)).toEqual({ step: 'floor', fill: 900, squeezed: false });
    // Before, after the one drop: no third measurement for a squeeze that changed nothing.
    expect(measured).toBe(2);
  });
});

describe('condensing on overflow', () => {
  it('is measured from the overflow’s own count less the prompt, not from the bytes', async () => {
    let overflowed = false;
    const { convo, audit } = conversation(100_000, 'system text', (r) => {
      const last = r.messages.at(-1)?.content ?? '';
      if (last.startsWith('Third') && !overflowed) {
        overflowed = true;
        throw new ContextOverflowError(4000, 6000);
      }
      return { text: 'Noted.', toolCalls: [], usage: usage(r) };
    });
    await convo.turn(`First: ${'some words '.repeat(40)}`);
    await convo.turn(`Second: ${'some words '.repeat(40)}`);
    const third = `Third: ${'some words '.repeat(40)}`;
    expect(await convo.turn(third)).toMatchObject({ status: 'completed', overflowRetries: 1 });
    const [condensation] = eventsOf(audit.events, 'context.condensation');
    // 6,000 counted, less the prompt (~112 tokens at four bytes a token).
    expect(condensation?.fillBefore).toBeGreaterThan(5850);
    expect(condensation?.fillBefore).toBeLessThan(5900);
  });
});
