import { Ollama } from 'ollama';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../../runners/serve/server.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(async () => {
  await server.close();
});

describe('the loopback server', () => {
  it('streams an Ollama chat as lines, the last with done and the counts', async () => {
    const client = new Ollama({ host: server.url });
    const parts = [];
    for await (const part of await client.chat({
      model: 'reader',
      stream: true,
      messages: [
        { role: 'user', content: 'The codename is BLUE HERON.' },
        { role: 'user', content: 'What is the codename?' },
      ],
    })) {
      parts.push(part);
    }
    expect(parts.map((p) => p.message.content).join('')).toContain('BLUE HERON');
    expect(parts.at(-1)).toMatchObject({ done: true, prompt_eval_count: expect.any(Number) });
  });

  it('lists its models with digests and shows their context length', async () => {
    const client = new Ollama({ host: server.url });
    const list = await client.list();
    expect(list.models.map((m) => m.name)).toEqual(['reader:latest']);
    const shown = await client.show({ model: 'reader:latest' });
    expect(shown.capabilities).toContain('tools');
    expect(shown.model_info).toMatchObject({ 'reader.context_length': 131072 });
  });
});
