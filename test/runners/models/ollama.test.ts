import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContextOverflowError, ModelFailure, type ModelRequest } from '../../../engine/index.js';
import { defaultModelSettings, type ModelSettings } from '../../../runners/models/model-settings.js';
import { openOllamaModel } from '../../../runners/models/ollama/index.js';
import { startLoopbackServer, type LoopbackServer } from '../../../runners/serve/server.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer({ context: 32768 });
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
  });
  server.received.length = 0;
});

const policy = { timeoutMs: 5000, retries: 2, backoffMs: 5 };
const tools = [
  { name: 'read_file', description: 'Read a file.', parameters: { type: 'object', properties: {} } },
];

function open(
  options: { model?: string; window?: number; host?: string; settings?: Partial<ModelSettings> } = {},
) {
  return openOllamaModel({
    model: options.model ?? 'reader',
    window: options.window ?? 8192,
    host: options.host ?? server.url,
    settings: { ...defaultModelSettings(), ...options.settings },
    policy,
  });
}

const ask: ModelRequest = {
  messages: [
    { role: 'system', content: 'Answer briefly.' },
    { role: 'user', content: 'The codename is BLUE HERON.' },
    { role: 'assistant', content: 'Noted.' },
    { role: 'user', content: 'What is the codename?' },
  ],
  tools,
};

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('ollama:<model> against an Ollama server', () => {
  it('records the digest and trained length, and sends num_ctx, greedy sampling and the seed', async () => {
    const model = await open();
    expect(model.window).toBe(8192);
    const answer = await model.respond(ask);
    expect(answer.text).toContain('BLUE HERON');
    expect(answer.usage?.promptTokens).toBeGreaterThan(0);
    expect(answer.serverMs).toBeGreaterThanOrEqual(0);
    const chat = server.received.find((c) => c.path === '/api/chat')?.body as Record<string, unknown>;
    expect(chat.options).toEqual({ num_ctx: 8192, temperature: 0, seed: 42 });
    expect(chat.stream).toBe(false);
    expect((chat.tools as unknown[]).length).toBe(1);
    expect(model.backendRecord()).toMatchObject({
      kind: 'ollama',
      model: 'reader',
      contextLength: 32768,
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      retries: 0,
    });
  });

  it('sends a guided call as format with the JSON schema and a token bound', async () => {
    const model = await open({ settings: { temperature: 0.5, seed: 9 } });
    const schema = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] };
    const answer = await model.generate?.({
      purpose: 'summary',
      messages: [
        { role: 'system', content: 'Summarise.' },
        { role: 'user', content: 'Turns to add:\nThe person said the release is called BLUE HERON.' },
      ],
      schema,
      maxTokens: 300,
    });
    expect(answer?.value).toHaveProperty('summary');
    const chat = server.received.find((c) => c.path === '/api/chat')?.body as Record<string, unknown>;
    expect(chat.format).toEqual(schema);
    expect(chat.options).toEqual({ num_ctx: 8192, temperature: 0.5, seed: 9, num_predict: 300 });
  });

  it('refuses a window above the trained length, and an unknown model as not pulled', async () => {
    expect((await failure(open({ window: 65536 }))).message).toBe(
      '--window 65536 exceeds the 32768 tokens ollama:reader was trained for: give --window 32768 or less',
    );
    const missing = await failure(open({ model: 'granite4.1:8b' }));
    expect(missing).toBeInstanceOf(ModelFailure);
    expect(missing.message).toBe(
      `model granite4.1:8b is not pulled at ${server.url}: run \`ollama pull granite4.1:8b\``,
    );
  });

  it('says when nothing listens at the host', async () => {
    const gone = await startLoopbackServer();
    const url = gone.url;
    await gone.close();
    const error = await failure(open({ host: url }));
    expect(error.message).toMatch(
      new RegExp(
        `^cannot reach Ollama at ${url}: is \`ollama serve\` running\\? \\(ECONNREFUSED\\) \\(after 2 retries\\)$`,
      ),
    );
  });

  it('retries a server error with backoff, counting each retry, and fails after the bound', async () => {
    const model = await open();
    server.faults.errors500 = 1;
    await model.respond(ask);
    expect(model.backendRecord().retries).toBe(1);
    server.faults.errors500 = Infinity;
    const error = await failure(model.respond(ask));
    expect(error.message).toBe(
      `Ollama at ${server.url} answered HTTP 500: llama runner process has terminated: exit status 2 (after 2 retries)`,
    );
    expect(model.backendRecord().retries).toBe(3);
  });

  it('fails on a malformed answer, and on a call past its deadline, which it aborts', async () => {
    const model = await open();
    server.faults.badJson = true;
    expect((await failure(model.respond(ask))).message).toMatch(
      new RegExp(`^Ollama at ${server.url} sent a malformed response: `),
    );
    server.faults.badJson = false;
    server.faults.slowMs = 5000;
    const slow = await openOllamaModel({
      model: 'reader',
      window: 8192,
      host: server.url,
      settings: defaultModelSettings(),
      policy: { ...policy, timeoutMs: 300 },
    });
    expect((await failure(slow.respond(ask))).message).toBe(
      `no answer from Ollama at ${server.url} within 0.3 s (--timeout): the call was aborted`,
    );
  });

  it('refuses a model without tool support', async () => {
    server.faults.noTools = true;
    expect((await failure(open())).message).toMatch(/^model reader does not support tools/);
  });

  it('drops the front silently past num_ctx, and with truncate off answers an overflow', async () => {
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
    const truncating = await open({ window: 1024 });
    const answer = await truncating.respond(long);
    expect(answer.usage?.promptTokens).toBeLessThanOrEqual(1024);
    const refusing = await open({ window: 1024, settings: { truncate: false } });
    const error = await failure(refusing.respond(long));
    expect(error).toBeInstanceOf(ContextOverflowError);
    expect(error).toMatchObject({ limit: 1024, count: null });
    const chat = server.received.filter((c) => c.path === '/api/chat').at(-1)?.body as Record<
      string,
      unknown
    >;
    expect(chat.truncate).toBe(false);
  });

  it("aborts a call when the caller's signal fires", async () => {
    const model = await open();
    server.faults.slowMs = 5000;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await failure(model.respond(ask, { signal: controller.signal }))).message).toBe(
      `the call to Ollama at ${server.url} was stopped`,
    );
  });
});
