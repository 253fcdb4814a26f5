import { describe, expect, it } from 'vitest';
import { Conversation } from '../../../engine/conversation/conversation.js';
import type { AssessmentEvent } from '../../../engine/audit/events.js';
import type { GuidedRequest, ModelRequest, ModelResponse } from '../../../engine/model/port.js';
import { sequentialIds, steppingClock } from '../../../engine/ports.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { defaultSettings, type EngineSettings } from '../../../engine/settings.js';
import type { Tool } from '../../../engine/tools/tool.js';
import { fakeModel } from '../helpers.js';
import { CATALOGUE_HEADER } from '../../../engine/protocol.js';

function tool(name: string, description: string): Tool {
  return {
    readOnly: name === 'read_file',
    spec: { name, description, parameters: { type: 'object', properties: { x: { type: 'string' } } } },
    run: async (args) => ({ content: `${name} ran with ${JSON.stringify(args)}`, ok: true }),
  };
}

const TOOLS = [
  tool('read_file', 'Read a text file of the workspace, a page at a time.'),
  tool('edit_file', 'Write, append to, or change a text file.'),
  tool('run_command', 'Run a shell command in the workspace.'),
  tool('current_date', 'The date and time now.'),
];

type Answer = Record<string, unknown> | Error;

function settings(over: Partial<EngineSettings['assessment']> = {}, facts = true): EngineSettings {
  const s = defaultSettings();
  s.assessment = { enabled: true, taskChanges: 'restated', tools: 'request', ...over };
  s.facts.enabled = facts;
  return s;
}

const latestPrompt = (r: ModelRequest) => r.messages.findLast((m) => m.role === 'user')?.content ?? '';

/**
 * A model that answers the assessment with `assess(request text)` and each turn request with
 * `respond`; it records every guided request.
 */
function model(
  respond: (request: ModelRequest) => ModelResponse,
  assess: (request: string) => Answer = () => ({ intent: '', tools: [], task: '', objective: '', facts: [] }),
) {
  const guided: GuidedRequest[] = [];
  const port = fakeModel((request) => respond(request), {
    generate: async (request) => {
      guided.push(request);
      const text = request.messages.at(-1)?.content ?? '';
      const answer = assess(text.slice(text.indexOf('Request:\n') + 'Request:\n'.length));
      if (answer instanceof Error) throw answer;
      return { value: answer };
    },
  });
  return Object.assign(port, { guided });
}

function start(port: ReturnType<typeof fakeModel>, s: EngineSettings) {
  const audit = memorySink();
  const convo = new Conversation({
    model: port,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit,
    tools: TOOLS,
    settings: s,
    instructions: 'Be brief.',
    window: 8192,
  });
  const assessments = () => audit.events.filter((e): e is AssessmentEvent => e.type === 'context.assessment');
  return { convo, audit, assessments };
}

const reply = (text = 'ok'): ModelResponse => ({ text, toolCalls: [] });
const names = (r: ModelRequest | undefined) => r?.tools.map((t) => t.name);

describe('the assessment per request under restated', () => {
  it('calls the model when the rules leave the task open, then settles by the rules while the task holds', async () => {
    const port = model(
      () => reply(),
      (request) => ({
        intent: 'review',
        tools: ['current_date'],
        task: request.startsWith('Task:') ? request.slice(6) : 'review the docs',
        objective: request.startsWith('Task:') ? '' : 'a list of questions',
        facts: [],
      }),
    );
    const { convo, assessments } = start(port, settings());
    await convo.turn('Please read docs/a.md for me.');
    await convo.turn('Read docs/b.md as well.');
    await convo.turn('What do both files say about the pilot?');
    await convo.turn('Task: write the release notes.');

    expect(assessments().map((e) => e.method)).toEqual(['model', 'rules', 'model', 'model']);
    expect(port.guided).toHaveLength(3);
    // The first task is inferred from any request; then only the restating request changes it.
    expect(assessments().map((e) => e.taskAfter)).toEqual([
      'review the docs; objective: a list of questions',
      'review the docs; objective: a list of questions',
      'review the docs; objective: a list of questions',
      'write the release notes.',
    ]);
    expect(assessments().map((e) => e.taskFixed)).toEqual([false, true, true, false]);
    // The third call was told the task is fixed; the model's task answer was not taken.
    expect(port.guided[1]?.messages.at(-1)?.content).toMatch(
      /^Current task \(fixed: this request does not change it\): review the docs/m,
    );
    const task = convo.facts?.facts.current().filter((f) => f.identity.subject === 'task');
    expect(task?.map((f) => [f.value, f.source])).toEqual([
      ['write the release notes.', { kind: 'model', method: 'inferred' }],
    ]);
    expect(convo.assessment).toMatchObject({
      assessed: 4,
      rulesSettled: 1,
      calls: 3,
      fallbacks: 0,
      taskChanges: 2,
    });
  });

  it("registers the rules' tools and the model's, never one outside the conversation's", async () => {
    const port = model(
      () => reply(),
      () => ({ intent: 'x', tools: ['current_date', 'launch_rockets'], task: '', objective: '', facts: [] }),
    );
    const { convo } = start(port, settings());
    await convo.turn('Please read docs/a.md for me.');
    expect(names(port.requests[0])).toEqual(['read_file', 'run_command', 'current_date']);
  });

  it('never lets an inferred task replace the one the person set', async () => {
    const port = model(
      () => reply(),
      () => ({ intent: 'x', tools: [], task: 'something else', objective: '', facts: [] }),
    );
    const { convo, assessments } = start(port, settings({ taskChanges: 'any' }));
    await convo.turn('We are starting.');
    convo.statePersonFact('task', 'task', 'ship the installer');
    await convo.turn('New task: something else entirely, please.');
    expect(assessments().at(-1)).toMatchObject({
      taskBefore: 'ship the installer',
      taskAfter: 'ship the installer',
      taskFixed: true,
    });
  });
});

describe('the assessment under any', () => {
  it('lets every request the rules leave to the model revise the task, and counts the changes', async () => {
    const script = [
      'Read docs/a.md.',
      'Now look into the failing build please.',
      'And check the date today for me please.',
    ];
    const run = async (taskChanges: 'any' | 'restated') => {
      const port = model(
        () => reply(),
        (request) => ({ intent: request, tools: [], task: request, objective: '', facts: [] }),
      );
      const { convo } = start(port, settings({ taskChanges }));
      for (const prompt of script) await convo.turn(prompt);
      return convo.assessment;
    };
    const any = await run('any');
    const restated = await run('restated');
    expect(any?.taskChanges).toBe(3);
    expect(restated?.taskChanges).toBe(1);
    expect(any?.calls).toBe(3);
  });
});

describe('tools per request', () => {
  it('sends fewer tool definitions than registering every tool, under the same instructions on every request', async () => {
    const respond = (r: ModelRequest): ModelResponse =>
      r.messages.at(-1)?.role === 'tool'
        ? reply('done')
        : latestPrompt(r).includes('read')
          ? { text: '', toolCalls: [{ callId: '', tool: 'read_file', arguments: { path: 'a.md' } }] }
          : reply();
    const perRequest = async (tools: 'request' | 'all') => {
      const port = model(respond);
      const { convo } = start(port, settings({ tools }));
      const figures = [];
      for (const prompt of ['Please read a.md.', 'Who wrote it, do you think?', 'Please read a.md again.'])
        figures.push(await convo.turn(prompt));
      return { port, figures };
    };
    const request = await perRequest('request');
    const all = await perRequest('all');
    const mean = (f: typeof request.figures) => {
      const requests = f.flatMap((t) => t.requests);
      return requests.reduce((n, r) => n + r.toolTokens, 0) / requests.length;
    };
    expect(mean(request.figures)).toBeLessThan(mean(all.figures));
    // The catalogue is a segment of the instructions: the same on every request, and only with `request`.
    const systems = new Set(request.port.requests.map((r) => r.messages[0]?.content));
    expect(systems.size).toBe(1);
    expect([...systems][0]).toContain(`Be brief.\n\n${CATALOGUE_HEADER}\n- read_file: read a text file`);
    expect(all.port.requests[0]?.messages[0]?.content).toBe('Be brief.');
    // Within a turn the catalogue starts no session: the tool step continues the request's.
    expect(request.figures[0]?.requests.map((r) => r.fresh)).toEqual([true, false]);
    expect(request.figures[2]?.requests.map((r) => r.fresh)).toEqual([true, false]);
  });

  it('under task, grows the registered set within a task and resets it when the task changes', async () => {
    const port = model(
      () => reply(),
      (request) => ({
        intent: 'x',
        tools: request.includes('date') ? ['current_date'] : [],
        task: request.startsWith('Task:') ? request : '',
        objective: '',
        facts: [],
      }),
    );
    const { convo } = start(port, settings({ tools: 'task' }));
    await convo.turn('Task: first one.');
    await convo.turn('What is the date, do you know it?');
    await convo.turn('Please read a.md now.');
    await convo.turn('Task: second one.');
    expect(port.requests.map(names)).toEqual([
      ['run_command'],
      ['run_command', 'current_date'],
      ['read_file', 'run_command', 'current_date'],
      ['run_command'],
    ]);
  });
});

describe('the now block under the assessment', () => {
  it('carries the relevant facts, the model’s choice first, and the tools line', async () => {
    const port = model(
      () => reply(),
      () => ({ intent: 'x', tools: [], task: '', objective: '', facts: ['fact-2'] }),
    );
    const { convo } = start(port, settings());
    await convo.turn('Hello there, we begin now.');
    convo.statePersonFact('entity', 'release codename', 'BLUE HERON');
    convo.statePersonFact('entity', 'pilot team', 'the platform group');
    await convo.turn('Who is on the pilot team, and what about the codename?');
    const now = port.requests.at(-1)?.messages.at(-2)?.content ?? '';
    const lines = now.split('\n');
    expect(lines.slice(-4)).toEqual([
      'Relevant to this request:',
      '- entity pilot team: the platform group — from the person',
      '- entity release codename: BLUE HERON — from the person',
      'Tools for this request: run_command.',
    ]);
  });

  it('still carries the tools line in a conversation that keeps no facts', async () => {
    const port = model(() => reply());
    const { convo } = start(port, settings({}, false));
    await convo.turn('Please read a.md for me.');
    const now = port.requests[0]?.messages.at(-2)?.content ?? '';
    expect(now.split('\n').at(-1)).toBe('Tools for this request: read_file, run_command.');
  });
});

describe('when the assessment call fails', () => {
  it.each([
    ['an error', new Error('model down')],
    ['an answer off the schema', { intent: 'x', tools: 'read_file', task: '', objective: '', facts: [] }],
    ['no answer object', 'just words'],
  ] as const)('falls back to every allowed tool with the task unchanged after %s', async (_what, answer) => {
    const port = model(
      () => reply(),
      () => answer as Answer,
    );
    const { convo, assessments } = start(port, settings());
    const figures = await convo.turn('Who owns the mirror these days, would you say?');
    expect(figures.status).toBe('completed');
    expect(assessments()[0]).toMatchObject({ method: 'fallback', taskBefore: null, taskAfter: null });
    expect(assessments()[0]?.error).toBeTruthy();
    expect(names(port.requests[0])).toEqual(TOOLS.map((t) => t.spec.name));
    expect(convo.assessment?.fallbacks).toBe(1);
  });

  it('falls back, with no call counted, on a model without guided generation', async () => {
    const port = fakeModel(() => reply());
    const { convo, assessments } = start(port, settings());
    await convo.turn('Who owns the mirror these days, would you say?');
    expect(assessments()[0]?.method).toBe('fallback');
    expect(convo.assessment).toMatchObject({ calls: 0, fallbacks: 1 });
  });
});

describe('a call to a tool the request did not register', () => {
  it('is retried once on a fresh session with every allowed tool, audited as a retry', async () => {
    let attempts = 0;
    const port = model((r) => {
      if (r.messages.at(-1)?.role === 'tool') return reply('edited');
      attempts += 1;
      return { text: '', toolCalls: [{ callId: '', tool: 'edit_file', arguments: { x: 'y' } }] };
    });
    const { convo, audit, assessments } = start(port, settings());
    const figures = await convo.turn('Who owns the mirror these days, would you say?');
    expect(figures).toMatchObject({ status: 'completed', reply: 'edited', toolRetries: 1 });
    expect(attempts).toBe(2);
    expect(assessments().map((e) => e.method)).toEqual(['model', 'retry']);
    expect(assessments()[1]?.tools).toEqual(TOOLS.map((t) => t.spec.name));
    // The refused attempt ran no tool; the retry started a new session.
    expect(audit.events.filter((e) => e.type === 'tool.call')).toHaveLength(1);
    expect(figures.requests.map((r) => r.fresh)).toEqual([true, true, false]);
    expect(names(port.requests[0])).toEqual(['run_command']);
    expect(names(port.requests[1])).toEqual(TOOLS.map((t) => t.spec.name));
    expect(convo.assessment?.misses).toBe(1);
  });

  it('drops what the refused attempt added and runs its earlier tool calls again', async () => {
    const port = model((r) => {
      const last = r.messages.at(-1);
      if (last?.role === 'user')
        return { text: '', toolCalls: [{ callId: '', tool: 'run_command', arguments: { x: 'ls' } }] };
      if (last?.role === 'tool' && last.tool === 'run_command')
        return { text: '', toolCalls: [{ callId: '', tool: 'edit_file', arguments: { x: 'y' } }] };
      return reply('done');
    });
    const { convo } = start(port, settings());
    await convo.turn('Who owns the mirror these days, would you say?');
    const dropped = convo.store
      .all()
      .filter((e) => !e.active)
      .map((e) => e.kind);
    expect(dropped).toEqual(['toolCall', 'toolOutput']);
    const active = convo.store.active().map((e) => e.kind);
    expect(active).toEqual([
      'instructions',
      'prompt',
      'toolCall',
      'toolOutput',
      'toolCall',
      'toolOutput',
      'reply',
    ]);
  });

  it('fails the turn clearly when the retry calls an unregistered tool again', async () => {
    const port = model(() => ({
      text: '',
      toolCalls: [{ callId: '', tool: 'launch_rockets', arguments: {} }],
    }));
    const { convo } = start(port, settings());
    const figures = await convo.turn('Who owns the mirror these days, would you say?');
    expect(figures.status).toBe('failed');
    expect(figures.error?.code).toBe('TOOL_NOT_REGISTERED');
    expect(figures.error?.message).toMatch(
      /^the model called the tool "launch_rockets", which this request does not register even after the retry with every allowed tool \(read_file, edit_file, run_command, current_date\)/,
    );
    expect(figures.toolRetries).toBe(1);
  });
});

describe('the assessment call', () => {
  it('runs in a session of its own, given the catalogue, the task, fact ids without values and the request cut', async () => {
    const port = model(() => reply());
    const { convo } = start(port, settings());
    await convo.turn('Hello, we begin.');
    convo.statePersonFact('entity', 'release codename', 'BLUE HERON');
    await convo.turn(`Tell me a story about ${'x '.repeat(1000)}`);
    const call = port.guided.at(-1);
    expect(call).toMatchObject({ purpose: 'assessment', maxTokens: 256 });
    const text = call?.messages.at(-1)?.content ?? '';
    expect(text).toContain(CATALOGUE_HEADER);
    expect(text).toMatch(/- fact-\d+: entity release codename/);
    expect(text).not.toContain('BLUE HERON');
    const request = text.slice(text.indexOf('Request:\n') + 'Request:\n'.length);
    expect(request).toHaveLength(1500);
    // The conversation's requests never carry the assessment's material.
    expect(port.requests.every((r) => r.messages.every((m) => !m.content.includes('Facts (ids')))).toBe(true);
  });
});
