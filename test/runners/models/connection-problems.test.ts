/**
 * A server that drops the connection, redirects in a loop or answers with a body that is not JSON:
 * each failure says what happened, never "is it running?" for a server that answered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultModelSettings } from '../../../runners/models/model-settings.js';
import { openOpenAIModel } from '../../../runners/models/openai/index.js';

let server: Server;
let url: string;
let mode: 'reset' | 'redirect' | 'garbage' = 'reset';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (!/chat|generate/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not here"}');
        return;
      }
      if (mode === 'reset') req.socket.destroy();
      else if (mode === 'redirect') res.writeHead(302, { location: req.url ?? '/' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('<html>gateway says hello</html>');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const policy = { timeoutMs: 5000, retries: 0, backoffMs: 1 };
const request = { messages: [{ role: 'user' as const, content: 'Hi.' }], tools: [] };

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new TypeError('expected a failure');
}

function openai() {
  return openOpenAIModel({
    model: 'm',
    window: 1024,
    baseUrl: `${url}/v1`,
    apiKey: 'none',
    settings: defaultModelSettings(),
    policy,
  });
}

describe('an OpenAI-compatible server that answers badly', () => {
  it('names a connection closed mid-answer', async () => {
    mode = 'reset';
    const message = await failure((await openai()).respond(request));
    expect(message).toMatch(
      /closed the connection before its answer was whole \((ECONNRESET|UND_ERR_SOCKET|EPIPE)\)/,
    );
    expect(message).not.toMatch(/is it running/);
  });

  it('names a redirect loop', async () => {
    mode = 'redirect';
    const message = await failure((await openai()).respond(request));
    expect(message).toMatch(/redirected the request too many times \(a redirect loop\)/);
  });

  it('names a body that is not JSON and quotes its start', async () => {
    mode = 'garbage';
    const message = await failure((await openai()).respond(request));
    expect(message).toMatch(
      /sent a malformed response: the answer is not JSON: it begins "<html>gateway says hello/,
    );
  });
});
