import { describe, expect, it } from 'vitest';
import { Conversation } from '../../../engine/conversation/conversation.js';
import type { AuditEvent } from '../../../engine/audit/events.js';
import type { ModelRequest } from '../../../engine/model/port.js';
import { sequentialIds, steppingClock } from '../../../engine/ports.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { defaultSettings } from '../../../engine/settings.js';
import type { Tool } from '../../../engine/tools/tool.js';
import { MemoryOutputStore } from '../../../runners/recording/output-store/index.js';
import { fakeModel } from '../helpers.js';

const fileText = Array.from(
  { length: 40 },
  (_, i) => `line ${i + 1} of the notes says something useful here`,
).join('\n');

const readTool: Tool = {
  readOnly: true,
  spec: { name: 'read_file', description: 'read', parameters: {} },
  run: async (args) => ({ content: args.path === 'big' ? 'x\n'.repeat(20_000) : fileText, ok: true }),
};

/** Asks to read on the first request of each turn, then retypes the output (a "show"). */
function showingModel() {
  return fakeModel((r: ModelRequest) => {
    const last = r.messages.at(-1);
    const usage = { promptTokens: 100, completionTokens: 10 };
    if (last?.role === 'tool') return { text: `Here it is:\n\n${last.content}`, toolCalls: [], usage };
    const path = last?.content.includes('big') ? 'big' : 'notes.md';
    return { text: '', toolCalls: [{ callId: '', tool: 'read_file', arguments: { path } }], usage };
  });
}

function conversation(options: { cuts: boolean; references: boolean }) {
  const settings = defaultSettings();
  settings.context.policy = 'condense';
  settings.context.cuts = options.cuts;
  settings.context.references = options.references;
  const audit = memorySink();
  const store = new MemoryOutputStore();
  const model = showingModel();
  const convo = new Conversation({
    model,
    clock: steppingClock(Date.UTC(2026, 8, 29, 14, 5, 0), 1000, () => 0),
    ids: sequentialIds(),
    audit,
    tools: [readTool],
    settings,
    instructions: 'system',
    outputStore: store,
  });
  return { convo, audit, store, model };
}

const ofType = <T extends AuditEvent['type']>(events: AuditEvent[], type: T) =>
  events.filter((e): e is Extract<AuditEvent, { type: T }> => e.type === type);

describe('output handling in the turn loop', () => {
  it('cuts a reply that retyped its turn’s output, keeping the store whole', async () => {
    const { convo, audit, model } = conversation({ cuts: true, references: false });
    await convo.turn('show notes.md');
    await convo.turn('show notes.md again');
    const reply = convo.store.all().find((e) => e.kind === 'reply');
    expect(reply?.text).toContain('line 40 of the notes');
    expect(reply?.cutText).toBe('Here it is:\n\n(showed the person the read_file output, entry 4)');
    const cuts = ofType(audit.events, 'context.cut');
    expect(cuts[0]).toMatchObject({ reply: reply?.id, output: 4, tool: 'read_file' });
    // The next turn's request carries the marker, not the copy.
    const second = model.requests[2]?.messages.map((m) => m.content) ?? [];
    expect(second).toContain('Here it is:\n\n(showed the person the read_file output, entry 4)');
    expect(convo.turns[0]?.saved.cuts).toBe(1);
  });

  it('keeps every reply whole when cuts are off', async () => {
    const { convo, audit } = conversation({ cuts: false, references: false });
    await convo.turn('show notes.md');
    expect(ofType(audit.events, 'context.cut')).toEqual([]);
    expect(convo.store.all().find((e) => e.kind === 'reply')?.cutText).toBeUndefined();
  });

  it('sends an output as its reference from the next turn on, and starts a new session then', async () => {
    const { convo, audit, model } = conversation({ cuts: false, references: true });
    await convo.turn('read notes.md');
    await convo.turn('read notes.md again');
    const references = ofType(audit.events, 'context.reference');
    expect(references).toHaveLength(1);
    expect(references[0]).toMatchObject({ entry: 4, tool: 'read_file', turn: 2 });
    expect(references[0]?.bytesSaved).toBeGreaterThan(1000);
    const secondTurnFirst = model.requests[2]?.messages ?? [];
    const tool = secondTurnFirst.find((m) => m.role === 'tool');
    expect(tool?.content).toMatch(/^\[output of entry 4 not repeated: read_file at 14:05:0\d, ok, 40 lines/);
    expect(convo.turns[1]?.requests[0]?.fresh).toBe(true);
    // The store still holds the output whole.
    expect(convo.store.get(4)?.text).toBe(fileText);
  });

  it('keeps a result larger than the budget in the output store and shows its head and tail', async () => {
    const { convo, audit, store } = conversation({ cuts: false, references: false });
    await convo.turn('read big');
    const kept = ofType(audit.events, 'output.kept');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ tool: 'read_file', bytes: 40_000, lines: 20_000, truncated: false });
    const output = convo.store.all().find((e) => e.kind === 'toolOutput');
    expect(new TextEncoder().encode(output?.text ?? '').length).toBeLessThanOrEqual(convo.toolBudget);
    expect(output?.text).toMatch(/held back/);
    expect(await store.read(kept[0]?.output ?? '')).toBe('x\n'.repeat(20_000));
    expect(convo.turns[0]?.heldBack).toBe(1);
  });
});
