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

describe("the loopback server's request bound", () => {
  it('answers 413 naming the bound for a body past it, declared or streamed, and serves the next request', async () => {
    const small = await startLoopbackServer({ maxBodyBytes: 1000 });
    try {
      const body = JSON.stringify({
        model: 'reader',
        messages: [{ role: 'user', content: 'x'.repeat(5000) }],
      });
      const declared = await fetch(`${small.url}/api/chat`, { method: 'POST', body });
      expect(declared.status).toBe(413);
      expect(await declared.json()).toEqual({
        error: 'the request body is over 1,000 bytes, the most this server reads',
      });
      // Without a content-length, the bytes are counted as they arrive.
      const streamed = await fetch(`${small.url}/v1/chat/completions`, {
        method: 'POST',
        body: new Blob([body]).stream(),
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(small.received).toEqual([]);
      const fits = await fetch(`${small.url}/api/show`, { method: 'POST', body: '{"model":"reader"}' });
      expect(fits.status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('reads bodies up to 16 MiB by default and refuses one past it', async () => {
    const past = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      body: `{"model":"reader","pad":"${'x'.repeat(16 * 1024 * 1024)}"}`,
    });
    expect(past.status).toBe(413);
    expect(await past.text()).toMatch(/over 16,777,216 bytes/);
  });
});
