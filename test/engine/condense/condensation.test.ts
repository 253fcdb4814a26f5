/**
 * One condensation as a caller of the conversation sees it: the transcript kept before and after
 * under the event's id, the facts layer given the leaving turns before they go, the references step
 * audited with its count, and the floor's note with or without a goal.
 */
import { describe, expect, it } from 'vitest';
import { floorNote } from '../../../engine/condense/condensation.js';
import {
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
  type AuditEvent,
  type Message,
  type ModelRequest,
} from '../../../engine/index.js';
import type { Tool } from '../../../engine/tools/tool.js';
import { fakeModel } from '../helpers.js';

type EventOf<T extends AuditEvent['type']> = Extract<AuditEvent, { type: T }>;
const eventsOf = <T extends AuditEvent['type']>(events: AuditEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const usage = (r: ModelRequest) => ({
  promptTokens: Math.ceil(JSON.stringify(r.messages).length / 4),
  completionTokens: 5,
});

const textOf = (messages: readonly Message[]) => messages.map((m) => m.content).join('\n');

function conversation(options: { saved?: Map<string, readonly Message[]>; summary?: boolean } = {}) {
  const audit = memorySink();
  const guided: string[] = [];
  const model = fakeModel((r) => ({ text: 'Noted.', toolCalls: [], usage: usage(r) }), {
    generate: async (request) => {
      guided.push(textOf(request.messages));
      return { value: { facts: [], summary: 'The person counted turns one to three.' } };
    },
  });
  const settings = defaultSettings();
  const saved = options.saved;
  const convo = new Conversation({
    model,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit,
    tools: [],
    settings: { ...settings, facts: { ...settings.facts, summary: options.summary ?? true } },
    instructions: 'Answer briefly.',
    window: 4096,
    ...(saved
      ? {
          saveTranscript: (name: string, messages: readonly Message[]) => {
            saved.set(name, messages);
            return `transcripts/${name}.json`;
          },
        }
      : {}),
  });
  return { convo, audit, model, guided };
}

async function turns(convo: Conversation, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) await convo.turn(`Turn ${i}: ${'words of the prompt '.repeat(80)}`);
}

describe('a condensation', () => {
  it('keeps the transcript before and after under its event id, and the event names what was kept', async () => {
    const saved = new Map<string, readonly Message[]>();
    const { convo, audit } = conversation({ saved });
    await turns(convo, 12);
    const condensations = eventsOf(audit.events, 'context.condensation');
    expect(condensations.length).toBeGreaterThan(0);
    const first = condensations[0];
    if (first === undefined) return;
    const id = first.id;
    expect(first.savedBefore).toBe(`transcripts/${id}-before.json`);
    expect(first.savedAfter).toBe(`transcripts/${id}-after.json`);
    const before = saved.get(`${id}-before`) ?? [];
    const after = saved.get(`${id}-after`) ?? [];
    // Turn 1 is in the transcript before the condensation and gone from the one after.
    expect(textOf(before)).toContain('Turn 1: ');
    expect(textOf(after)).not.toContain('Turn 1: ');
    expect(after.length).toBeLessThan(before.length);
    expect(before[0]?.content).toContain('Answer briefly.');
    expect(after[0]?.content).toContain('Answer briefly.');
  });

  it('records no transcript names when the conversation keeps no transcripts, and no note when it reached its goal', async () => {
    const { convo, audit } = conversation();
    await turns(convo, 12);
    const condensations = eventsOf(audit.events, 'context.condensation');
    expect(condensations.length).toBeGreaterThan(0);
    for (const c of condensations) {
      expect(c).not.toHaveProperty('savedBefore');
      expect(c).not.toHaveProperty('savedAfter');
      // A condensation that reached its goal has no note for the person, in the audit or the figures.
      expect(c.floor).toBe(false);
      expect(c).not.toHaveProperty('note');
    }
    expect(convo.condensations.length).toBe(condensations.length);
    for (const figures of convo.condensations) expect(figures).not.toHaveProperty('note');
  });

  it('hands the leaving turns to the facts layer before they go, so the summary covers them', async () => {
    const { convo, model, guided } = conversation();
    await turns(convo, 12);
    // The turns dropped were read by a distillation or summary call before they went.
    expect(guided.some((text) => text.includes('Turn 1: '))).toBe(true);
    // The kept turns are shown as context, the instructions are not among them.
    expect(guided.every((text) => !text.includes('Answer briefly.'))).toBe(true);
    // The leaving turns are not shown again among the later ones, which the call reads for the latest values.
    const first = guided[0] ?? '';
    const later = first.slice(first.indexOf('Later turns, for the latest values:'));
    expect(first).toContain('Turns leaving the context:\nTurn 1\nperson: Turn 1: ');
    expect(later).not.toContain('Turn 1: ');
    expect(later).toMatch(/\nTurn \d+\nperson: Turn \d+: /);
    const last = model.requests.at(-1);
    expect(textOf(last?.messages ?? [])).toContain('The person counted turns one to three.');
  });

  it('measures the context without the turns it would drop, stopping at the fewest that reach the goal', async () => {
    const { convo, audit } = conversation();
    await turns(convo, 12);
    const condensation = eventsOf(audit.events, 'context.condensation')[0];
    expect(condensation?.floor).toBe(false);
    expect(condensation?.fillAfter).toBeLessThan(condensation?.fillBefore ?? 0);
    expect(condensation?.fillAfter).toBeLessThanOrEqual(condensation?.goal ?? 0);
    expect(condensation?.turnsKept).toBeGreaterThan(1);
    // The target policy keeps room for what the next turn adds beyond its prompt (here, a short reply).
    expect(condensation?.headroom).toBeGreaterThan(0);
    const drops = condensation?.steps.filter((s) => s.step === 'drop') ?? [];
    expect(drops.at(-1)?.fill).toBe(condensation?.fillAfter);
  });

  it('audits its references step with how many earlier outputs it switched', async () => {
    const { convo, audit } = conversation();
    await turns(convo, 12);
    const condensation = eventsOf(audit.events, 'context.condensation')[0];
    // The turn's start already sent every earlier output as its reference: none is left to switch.
    expect(condensation?.steps[0]).toEqual({ step: 'references', fill: expect.any(Number), referenced: 0 });
  });
});

describe('the floor note', () => {
  it('names the goal it missed when there is one, and no goal when there is none', () => {
    expect(floorNote(3000, 2400, 4096)).toBe(
      'The context is at its floor: the instructions and the latest turn alone need about 3000 of the ' +
        '4096-token window, more than the goal of 2400. This turn may not fit; only a new conversation ' +
        'gives the room back.',
    );
    expect(floorNote(3000, null, 4096)).toBe(
      'The context is at its floor: the instructions and the latest turn alone need about 3000 of the ' +
        '4096-token window. This turn may not fit; only a new conversation gives the room back.',
    );
  });
});

describe('the squeeze at the floor', () => {
  // Each turn reads one file, which gives a file fact tied to that turn's output.
  const readTool: Tool = {
    readOnly: true,
    spec: { name: 'read_file', description: 'read', parameters: {} },
    run: async () => ({ content: '1\tone line\n[end of file]', ok: true }),
  };

  function floorConversation() {
    const audit = memorySink();
    const model = fakeModel(
      (r) => {
        const usage = { promptTokens: Math.ceil(JSON.stringify(r.messages).length / 4), completionTokens: 5 };
        const last = r.messages.at(-1);
        const paths =
          /^Read (.+)\.$/.exec(last?.role === 'user' ? last.content : '')?.[1]?.split(' and ') ?? [];
        if (paths.length > 0)
          return {
            text: '',
            toolCalls: paths.map((path) => ({ callId: '', tool: 'read_file', arguments: { path } })),
            usage,
          };
        return { text: 'Noted.', toolCalls: [], usage };
      },
      { generate: async () => ({ value: { facts: [], summary: '' } }) },
    );
    const settings = defaultSettings();
    const convo = new Conversation({
      model,
      clock: steppingClock(0, 1000, () => 0),
      ids: sequentialIds(),
      audit,
      tools: [readTool],
      settings: { ...settings, facts: { ...settings.facts, summary: false, distil: false } },
      instructions: 'Answer briefly.',
      window: 8192,
    });
    const floorStep = async () => {
      await convo.turn(`Please consider this: ${'a long line of pasted text '.repeat(1100)}`);
      const condensation = eventsOf(audit.events, 'context.condensation').at(-1);
      expect(condensation?.floor).toBe(true);
      return condensation?.steps.find((s) => s.step === 'floor');
    };
    return { convo, floorStep };
  }

  const file = (i: number) => `docs/chapter-${i}/section-${i}-of-the-guide.md`;

  it('weighs the earlier block of the turns kept: the file facts of dropped turns are in it', async () => {
    const { convo, floorStep } = floorConversation();
    for (let i = 1; i <= 30; i++) await convo.turn(`Read ${file(i)}.`);
    // More than 1 KiB of file facts from the dropped turns: the squeezed block is smaller.
    expect(await floorStep()).toMatchObject({ squeezed: true });
  });

  it('weighs the earlier block of the turns kept: the file facts of the kept turn are not', async () => {
    const { convo, floorStep } = floorConversation();
    for (let i = 1; i <= 29; i++) await convo.turn(`Turn ${i}.`);
    await convo.turn(`Read ${Array.from({ length: 25 }, (_, i) => file(i + 1)).join(' and ')}.`);
    // The kept turn shows its own file facts, so the earlier block holds none and cannot get smaller.
    expect(await floorStep()).toMatchObject({ squeezed: false });
  });
});

describe('the check ahead of a turn', () => {
  it('counts no request ahead of a turn under a policy that never condenses, or without a known window', async () => {
    for (const [policy, window] of [
      ['failFast', 4096],
      ['target', undefined],
    ] as const) {
      let counted = 0;
      const model = {
        ...fakeModel(() => ({ text: 'Noted.', toolCalls: [] })),
        reportsUsage: false,
        countTokens: async (r: ModelRequest) => {
          counted += 1;
          return Math.ceil(JSON.stringify(r.messages).length / 4);
        },
      };
      const settings = defaultSettings();
      const convo = new Conversation({
        model,
        clock: steppingClock(0, 1000, () => 0),
        ids: sequentialIds(),
        audit: memorySink(),
        tools: [],
        settings: { ...settings, context: { ...settings.context, policy } },
        instructions: 'Answer briefly.',
        ...(window !== undefined ? { window } : {}),
      });
      await convo.turn('One.');
      await convo.turn('Two.');
      // Each request sent is counted once for its figures; nothing is counted ahead of a turn.
      expect(model.requests).toHaveLength(2);
      expect(counted).toBe(2);
    }
  });
});
