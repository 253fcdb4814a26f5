import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContextOverflowError, recogniseOverflow, type ModelRequest } from '../../../engine/index.js';
import { defaultModelSettings } from '../../../runners/models/model-settings.js';
import { openOpenAIModel } from '../../../runners/models/openai/index.js';
import { startLoopbackServer, type LoopbackServer } from '../../../runners/serve/server.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer({ openaiContext: 1024 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  Object.assign(server.faults, {
    errors500: 0,
    slowMs: 0,
    badJson: false,
    noTools: false,
    unknownToolCall: null,
    overflowForm: 'openai',
  });
  server.received.length = 0;
});

const policy = { timeoutMs: 5000, retries: 2, backoffMs: 5 };

function open(options: { model?: string; window?: number; baseUrl?: string } = {}) {
  return openOpenAIModel({
    model: options.model ?? 'reader',
    window: options.window ?? 1024,
    baseUrl: options.baseUrl ?? `${server.url}/v1`,
    apiKey: 'none',
    settings: defaultModelSettings(),
    policy,
  });
}

const tools = [
  {
    name: 'read_file',
    description: 'Read a file.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
];

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

const long: ModelRequest = {
  messages: [
    { role: 'system', content: 'Answer briefly.' },
    ...Array.from({ length: 40 }, (_, i) => ({
      role: 'user' as const,
      content: `Note ${i}: ${'word '.repeat(40)}`,
    })),
    { role: 'user', content: 'What is the codename?' },
  ],
  tools: [],
};

describe('openai:<model> against an OpenAI-compatible server', () => {
  it('sends tools, greedy sampling and the seed, and takes usage.prompt_tokens as usage', async () => {
    const model = await open();
    expect(model.backendRecord()).toMatchObject({ kind: 'openai', contextLength: 1024, digest: null });
    const answer = await model.respond({
      messages: [
        { role: 'system', content: 'You read files.' },
        { role: 'user', content: 'Please read notes.md.' },
      ],
      tools,
    });
    expect(answer.toolCalls).toEqual([{ callId: '', tool: 'read_file', arguments: { path: 'notes.md' } }]);
    expect(answer.usage?.promptTokens).toBeGreaterThan(0);
    // The server names the model's build with its answer: the record's digest from then on.
    expect(model.backendRecord().digest).toMatch(/^fp_[0-9a-f]{10}$/);
    const body = server.received.find((c) => c.path === '/v1/chat/completions')?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ model: 'reader', temperature: 0, seed: 42 });
    // A tool result goes back by its call's id.
    const after = await model.respond({
      messages: [
        { role: 'system', content: 'You read files.' },
        { role: 'user', content: 'Please read notes.md.' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ callId: 'call-1', tool: 'read_file', arguments: { path: 'notes.md' } }],
        },
        {
          role: 'tool',
          content: 'The pilot starts on Monday the 15th.',
          callId: 'call-1',
          tool: 'read_file',
        },
      ],
      tools,
    });
    expect(after.toolCalls).toEqual([]);
    const sent = server.received.at(-1)?.body as { messages: { role: string; tool_call_id?: string }[] };
    expect(sent.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call-1' });
  });

  it('asks for guided answers as a json_schema response format', async () => {
    const model = await open();
    const schema = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] };
    const answer = await model.generate?.({
      purpose: 'summary',
      messages: [{ role: 'user', content: 'Turns to add:\nThe release is called BLUE HERON.' }],
      schema,
      maxTokens: 200,
    });
    expect(answer?.value).toHaveProperty('summary');
    const body = server.received.at(-1)?.body as Record<string, unknown>;
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'summary', schema } });
    expect(body.max_tokens).toBe(200);
  });

  it("reads both overflow wordings as the port's typed overflow with limit and count", async () => {
    const model = await open();
    const openai = await failure(model.respond(long));
    expect(openai).toBeInstanceOf(ContextOverflowError);
    expect(recogniseOverflow(openai)).toEqual({ limit: 1024, count: expect.any(Number) });
    expect((openai as ContextOverflowError).count).toBeGreaterThan(1024);
    server.faults.overflowForm = 'llama.cpp';
    const llama = await failure(model.respond(long));
    expect(llama).toBeInstanceOf(ContextOverflowError);
    expect(llama).toMatchObject({ limit: 1024, count: (openai as ContextOverflowError).count });
  });

  it('suggests adding /v1 when a base URL without it is answered 404', async () => {
    const problem = await failure(
      open({ baseUrl: server.url }).then((model) =>
        model.respond({ messages: [{ role: 'user', content: 'Hi.' }], tools: [] }),
      ),
    );
    expect(problem.message).toContain(`(try --base-url ${server.url}/v1)`);
  });

  it('refuses a window above what the server serves, and names an unknown model, a server down and a 500', async () => {
    expect((await failure(open({ window: 4096 }))).message).toMatch(/^--window 4096 exceeds the 1024 tokens/);
    const unknown = await open({ model: 'qwen' });
    expect((await failure(unknown.respond(long))).message).toBe(
      `model qwen is not served at ${server.url}/v1 (HTTP 404: The model \`qwen\` does not exist.)`,
    );
    const gone = await startLoopbackServer();
    const url = gone.url;
    await gone.close();
    expect((await failure(open({ baseUrl: `${url}/v1` }))).message).toMatch(
      new RegExp(`^cannot reach the OpenAI-compatible server at ${url}/v1: is it running\\?`),
    );
    const model = await open();
    server.faults.errors500 = Infinity;
    expect(
      (await failure(model.respond({ messages: [{ role: 'user', content: 'Hi.' }], tools: [] }))).message,
    ).toBe(
      `the OpenAI-compatible server at ${server.url}/v1 answered HTTP 500: internal server error (after 2 retries)`,
    );
    expect(model.backendRecord().retries).toBe(2);
  });

  it('fails on a malformed answer', async () => {
    const model = await open();
    server.faults.badJson = true;
    expect(
      (await failure(model.respond({ messages: [{ role: 'user', content: 'Hi.' }], tools: [] }))).message,
    ).toMatch(/sent a malformed response/);
  });
});
