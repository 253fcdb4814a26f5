import { describe, expect, it } from 'vitest';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { isQuestion, readIntent } from '../../../../runners/models/reader/acts.js';
import { TOOLS, exchange, request, user } from './conversation-fixtures.js';

const reader = () => createReaderModel({ profile: 'reader', window: 32_768 });

describe('reader acts on a new prompt', () => {
  it('asks to read the one file a prompt names', async () => {
    const response = await reader().respond(request([user('Could you read garden/soil-report.txt for me?')]));
    expect(response.text).toBe('');
    expect(response.toolCalls).toEqual([
      { callId: expect.any(String), tool: 'read_file', arguments: { path: 'garden/soil-report.txt' } },
    ]);
  });

  it('asks to read two files in the order the prompt names them', async () => {
    const response = await reader().respond(
      request([user('Summarise `CHANGELOG.md` and then config/pond.toml, please.')]),
    );
    expect(response.toolCalls.map((call) => call.arguments)).toEqual([
      { path: 'CHANGELOG.md' },
      { path: 'config/pond.toml' },
    ]);
    const ids = response.toolCalls.map((call) => call.callId);
    expect(new Set(ids).size).toBe(2);
  });

  it('runs a command given in backticks, not reading the paths inside it', async () => {
    const response = await reader().respond(request([user('Run `cat logs/pump.log | tail -n 5` now.')]));
    expect(response.toolCalls).toEqual([
      {
        callId: expect.any(String),
        tool: 'run_command',
        arguments: { command: 'cat logs/pump.log | tail -n 5' },
      },
    ]);
  });

  it('does not call a tool the request does not register', async () => {
    const onlyRun = TOOLS.filter((tool) => tool.name === 'run_command');
    const response = await reader().respond(request([user('Open notes/recipes.md')], onlyRun));
    expect(response.toolCalls).toEqual([]);
    expect(response.text).toMatch(/no tool to read files/);
  });

  it('acknowledges a statement briefly without repeating it', async () => {
    const response = await reader().respond(request([user('The compost bin is collected on Thursdays.')]));
    expect(response).toMatchObject({ text: 'Noted.', toolCalls: [] });
  });

  it('treats "remember that?" after a statement as a statement', async () => {
    const response = await reader().respond(request([user('The shed key hangs by the door. Got it?')]));
    expect(response.text).toBe('Noted.');
  });

  it('numbers its calls per instance', async () => {
    const model = reader();
    const first = await model.respond(request([user('Read a/one.md')]));
    const second = await model.respond(request([user('Read b/two.md')]));
    expect(first.toolCalls[0]?.callId).toBe('call_1');
    expect(second.toolCalls[0]?.callId).toBe('call_2');
    const fresh = await reader().respond(request([user('Read c/three.md')]));
    expect(fresh.toolCalls[0]?.callId).toBe('call_1');
  });
});

describe('readIntent', () => {
  it('tells showing from summarising', () => {
    expect(readIntent('Show me docs/setup.md').show).toBe(true);
    expect(readIntent('Please paste the whole of src/main.ts here').show).toBe(true);
    expect(readIntent('Summarise docs/setup.md and show the main points').show).toBe(false);
    expect(readIntent('Open docs/setup.md').show).toBe(false);
  });

  it('does not take prose for paths', () => {
    expect(readIntent('Read the notes and/or the plan, e.g. the short one.').reads).toEqual([]);
    expect(readIntent('Read https://example.org/page.html').reads).toEqual([]);
  });

  it('leaves a question about past reads to be answered', () => {
    const intent = readIntent('Did you read docs/setup.md before docs/usage.md?');
    expect(intent.reads).toEqual([]);
    expect(isQuestion('Did you read docs/setup.md before docs/usage.md?')).toBe(true);
  });
});

describe('other ways of asking for a read', () => {
  it('reads a file the person asks to go through or to have a look at, but answers "have you read"', () => {
    expect(readIntent('Can you go through README.md for me?').reads.map((m) => m.path)).toEqual([
      'README.md',
    ]);
    expect(readIntent('Have a look at src/main.py.').reads.map((m) => m.path)).toEqual(['src/main.py']);
    expect(readIntent('Have you read src/main.py?').reads).toEqual([]);
  });
});

describe('reading what the person names', () => {
  const read = exchange(
    'c1',
    'read_file',
    { path: 'garden/soil.txt' },
    '1\tLoam, slightly acid.\n[end of file]',
  );

  it('reads a named file however the request is worded', async () => {
    for (const prompt of ['garden/soil.txt after that.', 'On to garden/soil.txt, then.']) {
      const response = await reader().respond(request([user(prompt)]));
      expect(
        response.toolCalls.map((call) => call.arguments),
        prompt,
      ).toEqual([{ path: 'garden/soil.txt' }]);
    }
  });

  it('does not read a file again that is already read in view, and answers from it', async () => {
    const response = await reader().respond(
      request([user('Read garden/soil.txt'), ...read, user('What does garden/soil.txt say about loam?')]),
    );
    expect(response.toolCalls).toEqual([]);
    expect(response.text).toMatch(/Loam/);
  });

  it('reads nothing for a message that refers back, declines or states', async () => {
    for (const prompt of [
      'Thanks, garden/soil.txt cleared it up.',
      'Never open garden/soil.txt.',
      'The soil notes live in garden/soil.txt.',
    ]) {
      const response = await reader().respond(request([user(prompt)]));
      expect(response.toolCalls, prompt).toEqual([]);
    }
  });

  it('acknowledges an empty message and asks for no tool', async () => {
    const response = await reader().respond(request([user('')]));
    expect(response).toMatchObject({ text: 'Noted.', toolCalls: [] });
  });

  it('says why a named file could not be read when it does not exist', async () => {
    const missing = exchange('c1', 'read_file', { path: 'garden/none.txt' }, 'error: no such file');
    const response = await reader().respond(request([user('Open garden/none.txt'), ...missing]));
    expect(response.text).toBe('Reading garden/none.txt failed: no such file.');
  });

  it('answers a question put as a need with nothing in view by abstaining', async () => {
    const response = await reader().respond(request([user('I still need the port that the pump uses.')]));
    expect(response.text).toMatch(/^I don't know/);
  });
});
