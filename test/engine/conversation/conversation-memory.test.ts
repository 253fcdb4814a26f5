import { describe, expect, it } from 'vitest';
import { Conversation } from '../../../engine/conversation/conversation.js';
import type { ModelRequest, ModelResponse } from '../../../engine/model/port.js';
import { sequentialIds, steppingClock } from '../../../engine/ports.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { defaultSettings } from '../../../engine/settings.js';
import type { Tool } from '../../../engine/tools/tool.js';
import { fakeModel } from '../helpers.js';
import { MEMORY_RULE } from '../../../engine/protocol.js';

const fileText = Array.from(
  { length: 30 },
  (_, i) => `line ${i + 1}: the harbour crane lifts ${i + 1} tonnes`,
).join('\n');
const readTool: Tool = {
  readOnly: true,
  spec: { name: 'read_file', description: 'read', parameters: {} },
  run: async () => ({ content: fileText, ok: true }),
};

function conversation(memory: boolean, answer: (r: ModelRequest, n: number) => ModelResponse) {
  const settings = defaultSettings();
  settings.context.memory = memory;
  const audit = memorySink();
  const model = fakeModel(answer);
  const convo = new Conversation({
    model,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit,
    tools: [readTool],
    settings,
    instructions: 'system',
    window: 8192,
  });
  return { convo, audit, model };
}

const text = (t: string): ModelResponse => ({
  text: t,
  toolCalls: [],
  usage: { promptTokens: 10, completionTokens: 1 },
});
const call = (tool: string, args: Record<string, unknown>): ModelResponse => ({
  text: '',
  toolCalls: [{ callId: '', tool, arguments: args }],
  usage: { promptTokens: 10, completionTokens: 1 },
});

describe('the memory tool in a conversation', () => {
  it('is registered, with its standing rule, only when context.memory is on', async () => {
    const on = conversation(true, () => text('ok'));
    await on.convo.turn('hello');
    expect(on.model.requests[0]?.tools.map((t) => t.name)).toEqual(['read_file', 'memory']);
    expect(on.model.requests[0]?.messages[0]?.content).toBe(`system\n${MEMORY_RULE}`);
    const off = conversation(false, () => text('ok'));
    await off.convo.turn('hello');
    expect(off.model.requests[0]?.tools.map((t) => t.name)).toEqual(['read_file']);
    expect(off.model.requests[0]?.messages[0]?.content).toBe('system');
  });

  it('names the recall in references, and recalls an old output whole for one turn', async () => {
    const { convo, audit, model } = conversation(true, (r, n) => {
      if (n === 1) return call('read_file', { path: 'crane.md' });
      if (n === 3) return call('memory', { request: 'recall entry 4 matching tonnes lines 10-12' });
      return text('done');
    });
    await convo.turn('read crane.md');
    await convo.turn('how much does the crane lift?');
    const reference = model.requests[2]?.messages.find((m) => m.role === 'tool');
    expect(reference?.content).toMatch(/to see it: memory "recall entry 4"/);
    const recalled = convo.store
      .all()
      .filter((e) => e.kind === 'toolOutput')
      .at(-1);
    expect(recalled?.text).toMatch(/^\[entry 4: tool output of read_file/);
    expect(recalled?.text).toContain('11\tline 11: the harbour crane lifts 11 tonnes');
    expect(audit.events.find((e) => e.type === 'context.memory')).toMatchObject({
      action: 'recall',
      target: 'entry 4',
      ok: true,
    });
  });

  it('records a note as the model’s fact when the turn ends', async () => {
    const { convo, audit } = conversation(true, (_r, n) =>
      n === 1 ? call('memory', { request: 'note decision storage = sqlite' }) : text('noted'),
    );
    await convo.turn('remember that we chose sqlite');
    const fact = convo.facts?.facts.current().find((f) => f.identity.subject === 'decision');
    expect(fact).toMatchObject({ value: 'sqlite', source: { kind: 'model', method: 'noted' } });
    const types = audit.events.map((e) => e.type);
    expect(types.indexOf('fact.recorded')).toBeGreaterThan(types.lastIndexOf('context.memory'));
  });

  it('refuses a task proposal when the person set the task', async () => {
    const { convo } = conversation(true, (r) =>
      r.messages.at(-1)?.content === 'change the task?'
        ? call('memory', { request: 'task rewrite everything; objective: DONE' })
        : text('ok'),
    );
    await convo.turn('Record the task: ship the flag.');
    convo.statePersonFact('task', 'task', 'ship the flag; objective: SHIPPED');
    await convo.turn('change the task?');
    const refusal = convo.store
      .all()
      .filter((e) => e.kind === 'toolOutput')
      .at(-1);
    expect(refusal?.text).toMatch(/^error: the person set the task/);
    expect(convo.facts?.facts.current().find((f) => f.identity.subject === 'task')?.value).toBe(
      'ship the flag; objective: SHIPPED',
    );
  });
});
