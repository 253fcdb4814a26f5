import { describe, expect, it } from 'vitest';
import type { Message } from '../../../engine/model/port.js';
import { createScriptedModel } from '../../../runners/models/scripted.js';
import type { ScriptedStep } from '../../../runners/models/scripted.js';
import { TokenCounter } from '../../../runners/models/reader/tokens.js';
import { exchange, request, user } from './reader/conversation-fixtures.js';

const steps: ScriptedStep[] = [
  { prompt: 'Our mooring is at pontoon C.', reply: 'Understood, pontoon C.' },
  {
    prompt: 'Check the tide table.',
    toolCalls: [{ tool: 'read_file', arguments: { path: 'sailing/tides.txt' } }],
    reply: 'High tide is at 14:10.',
  },
  { prompt: 'Thanks.' },
];

describe('scripted model', () => {
  it('replies to a statement with its scripted reply', async () => {
    const model = createScriptedModel({ steps });
    const response = await model.respond(request([user('Our mooring is at pontoon C.')]));
    expect(response).toMatchObject({ text: 'Understood, pontoon C.', toolCalls: [] });
  });

  it('replays tool calls first, then the reply after the tool result', async () => {
    const model = createScriptedModel({ steps });
    await model.respond(request([user('Our mooring is at pontoon C.')]));
    const first = await model.respond(request([user('Check the tide table.')]));
    expect(first.text).toBe('');
    expect(first.toolCalls).toEqual([
      { callId: 'call_1', tool: 'read_file', arguments: { path: 'sailing/tides.txt' } },
    ]);
    const loop: Message[] = [
      user('Check the tide table.'),
      ...exchange('call_1', 'read_file', { path: 'sailing/tides.txt' }, '1\thigh 14:10\n[end of file]'),
    ];
    const second = await model.respond(request(loop));
    expect(second).toMatchObject({ text: 'High tide is at 14:10.', toolCalls: [] });
    const third = await model.respond(request([user('Thanks.')]));
    expect(third.text).toBe('ok');
  });

  it('replays the same step when a turn is retried', async () => {
    const model = createScriptedModel({ steps });
    const first = await model.respond(request([user('Check the tide table.')]));
    const retry = await model.respond(request([user('Check the tide table.')]));
    expect(retry.toolCalls.map(({ tool, arguments: args }) => ({ tool, args }))).toEqual(
      first.toolCalls.map(({ tool, arguments: args }) => ({ tool, args })),
    );
    expect(retry.toolCalls[0]?.callId).not.toBe(first.toolCalls[0]?.callId);
  });

  it('moves on to the next step with the same prompt once a turn has ended', async () => {
    const model = createScriptedModel({
      steps: [
        { prompt: 'Status?', reply: 'Sails down.' },
        { prompt: 'Status?', reply: 'Sails up.' },
      ],
    });
    expect((await model.respond(request([user('Status?')]))).text).toBe('Sails down.');
    expect((await model.respond(request([user('Status?')]))).text).toBe('Sails up.');
  });

  it('fails clearly on a prompt no step has', async () => {
    const model = createScriptedModel({ steps });
    await expect(model.respond(request([user('Where is the anchor?')]))).rejects.toThrow(
      /no step has the prompt "Where is the anchor\?"/,
    );
  });

  it('does not search backwards past the steps it has played', async () => {
    const model = createScriptedModel({ steps });
    await model.respond(request([user('Thanks.')]));
    await expect(model.respond(request([user('Our mooring is at pontoon C.')]))).rejects.toThrow(/pontoon C/);
  });

  it('reports usage with the BPE counter and states a window only when given one', async () => {
    const req = request([user('Our mooring is at pontoon C.')]);
    const model = createScriptedModel({ steps, window: 2048, name: 'scripted:harbour' });
    const response = await model.respond(req);
    const counter = new TokenCounter();
    expect(response.usage).toEqual({
      promptTokens: counter.request(req),
      completionTokens: counter.text('Understood, pontoon C.'),
    });
    expect(model).toMatchObject({ name: 'scripted:harbour', window: 2048, reportsUsage: true });
    expect(createScriptedModel({ steps }).window).toBeUndefined();
    expect(createScriptedModel({ steps }).name).toBe('scripted');
  });
});
