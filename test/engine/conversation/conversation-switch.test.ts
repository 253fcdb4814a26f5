import { describe, expect, it } from 'vitest';
import { Conversation } from '../../../engine/conversation/conversation.js';
import type { AuditEvent } from '../../../engine/audit/events.js';
import type { ModelRequest, ModelResponse } from '../../../engine/model/port.js';
import { toolOutputBudget } from '../../../engine/output/budget.js';
import { sequentialIds, steppingClock } from '../../../engine/ports.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { defaultSettings, type EngineSettings } from '../../../engine/settings.js';
import type { Tool } from '../../../engine/tools/tool.js';
import { MemoryOutputStore } from '../../../runners/recording/output-store/index.js';
import { fakeModel } from '../helpers.js';

/** 10,000 bytes: past the 4 KiB budget of a small window, within the 26 KiB of 53,248 tokens. */
const bigText = Array.from(
  { length: 200 },
  (_, i) => `line ${String(i + 1).padStart(3, '0')} of the log, forty`,
).join('\n');

const readTool: Tool = {
  readOnly: true,
  spec: { name: 'read_file', description: 'read', parameters: {} },
  run: async () => ({ content: bigText, ok: true }),
};

const honestUsage = (r: ModelRequest) => ({
  promptTokens: Math.ceil(JSON.stringify(r.messages).length / 4),
  completionTokens: 5,
});

/** Reads when asked to, then replies; reports usage through `report`. */
function readingModel(
  name: string,
  window: number,
  report: (r: ModelRequest) => ModelResponse['usage'] = honestUsage,
) {
  return fakeModel(
    (r) => {
      const last = r.messages.at(-1);
      const usage = report(r);
      if (last?.role === 'user' && last.content.startsWith('read'))
        return {
          text: '',
          toolCalls: [{ callId: '', tool: 'read_file', arguments: { path: 'log' } }],
          usage,
        };
      return { text: `${name} says ok`, toolCalls: [], ...(usage ? { usage } : {}) };
    },
    { name, window },
  );
}

function conversation(model: ReturnType<typeof fakeModel>, tune: (s: EngineSettings) => void = () => {}) {
  const settings = defaultSettings();
  settings.context.policy = 'condense';
  settings.context.keepTurns = 2;
  settings.facts.enabled = false;
  tune(settings);
  const audit = memorySink();
  const convo = new Conversation({
    model,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit,
    tools: [readTool],
    settings,
    instructions: 'system text',
    outputStore: new MemoryOutputStore(),
  });
  return { convo, audit };
}

const ofType = <T extends AuditEvent['type']>(events: AuditEvent[], type: T) =>
  events.filter((e): e is Extract<AuditEvent, { type: T }> => e.type === type);

describe('a model switch mid-conversation', () => {
  it('bounds tool output by the new window, in both directions', async () => {
    const small = readingModel('small', 4096);
    const large = readingModel('large', 53_248);
    const { convo } = conversation(small);
    expect(convo.toolBudget).toBe(4096);
    await convo.turn('read the log');
    convo.switchModel(large);
    expect(convo.window).toBe(53_248);
    expect(convo.toolBudget).toBe(toolOutputBudget(53_248));
    expect(convo.toolBudget).toBe(26_624);
    await convo.turn('read the log again');
    convo.switchModel(small);
    expect(convo.toolBudget).toBe(4096);
    await convo.turn('read the log once more');
    // Held back on the small window, whole on the large one.
    expect(convo.turns.map((t) => t.heldBack)).toEqual([1, 0, 1]);
    const toolMessage = (r: ModelRequest | undefined) =>
      r?.messages.findLast((m) => m.role === 'tool')?.content;
    expect(toolMessage(large.requests[1])).toBe(bigText);
    expect(toolMessage(small.requests[1])).not.toBe(bigText);
    expect(convo.turns.every((t) => t.status === 'completed')).toBe(true);
  });

  it('takes the window it is given over the one the model states', () => {
    const { convo } = conversation(readingModel('small', 4096));
    convo.switchModel(readingModel('large', 53_248), 16_384);
    expect(convo.window).toBe(16_384);
    expect(convo.toolBudget).toBe(8192);
  });

  it('leaves the window unknown, and the budget at its floor, for a model that states none', () => {
    const { convo } = conversation(readingModel('small', 53_248));
    convo.switchModel(fakeModel(() => ({ text: 'ok', toolCalls: [] }), { name: 'quiet' }));
    expect(convo.window).toBeNull();
    expect(convo.toolBudget).toBe(4096);
  });

  it('sends the same active view to the new model, on a new session, and keeps the store', async () => {
    const first = readingModel('first', 8192);
    const second = readingModel('second', 8192);
    // References off, so that the next turn sends the output as it stood rather than switching it.
    const { convo } = conversation(first, (s) => {
      s.context.references = false;
    });
    await convo.turn('hello');
    await convo.turn('read the log');
    const before = JSON.stringify(convo.store.all());
    const view = convo.composeRequest();
    const sessions = convo.sessionsStarted;
    convo.switchModel(second);
    expect(JSON.stringify(convo.store.all())).toBe(before);
    expect(convo.composeRequest()).toEqual(view);
    expect(convo.model).toBe(second);
    await convo.turn('and now?');
    expect(first.requests).toHaveLength(3);
    expect(second.requests).toHaveLength(1);
    // The first request continues exactly where the old model's view left off.
    expect(second.requests[0]?.messages.slice(0, -1)).toEqual(view.messages);
    expect(convo.turns.at(-1)?.requests[0]?.fresh).toBe(true);
    expect(convo.sessionsStarted).toBe(sessions + 1);
    // Every entry the old model's turns produced is still there, in order.
    expect(convo.store.all().slice(0, JSON.parse(before).length)).toEqual(JSON.parse(before));
  });

  it('forgets the meter’s calibration on the old model’s reported usage', async () => {
    // The old runtime counts four times what the bytes suggest: once calibrated on it, the engine
    // believes the small context is near the window and condenses ahead of the fourth turn.
    const inflated = (r: ModelRequest) => ({
      promptTokens: 3900,
      completionTokens: Math.ceil(JSON.stringify(r.messages).length / 1000),
    });
    const run = async (switchTo: ReturnType<typeof fakeModel> | null) => {
      const { convo, audit } = conversation(readingModel('old', 4096, inflated));
      for (const prompt of ['one', 'two', 'three']) await convo.turn(prompt);
      if (switchTo) convo.switchModel(switchTo);
      await convo.turn('four');
      return ofType(audit.events, 'context.condensation');
    };
    expect(await run(null)).toHaveLength(1);
    expect(await run(readingModel('new', 4096))).toHaveLength(0);
  });

  it('audits the switch with both models, windows and budgets', async () => {
    const { convo, audit } = conversation(readingModel('small', 4096));
    await convo.turn('hello');
    convo.switchModel(readingModel('large', 131_072));
    const [event] = ofType(audit.events, 'model.switch');
    expect(event).toMatchObject({
      turn: 1,
      from: 'small',
      to: 'large',
      windowBefore: 4096,
      windowAfter: 131_072,
      budgetBefore: 4096,
      budgetAfter: 65_536,
    });
  });
});
