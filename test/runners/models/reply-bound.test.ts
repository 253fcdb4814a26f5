/**
 * A model server that answers without end: the answer is read up to the reply bound and no further,
 * and the call fails once, naming the bound, whichever backend and whether the server declared the
 * length or streamed it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCode } from '../../../runners/errors.js';
import { defaultModelSettings } from '../../../runners/models/model-settings.js';
import { openOllamaModel } from '../../../runners/models/ollama/index.js';
import { openOpenAIModel } from '../../../runners/models/openai/index.js';
import { MAX_REPLY_BYTES } from '../../../runners/models/reply-bound.js';

let server: Server;
let url: string;
let declared = true;
let chats = 0;
/** Bytes the server managed to hand over for the last chat. */
let written = 0;

const MIB = 1024 * 1024;
const chunk = Buffer.alloc(MIB, 'a');

beforeAll(async () => {
  server = createServer((req, res) => {
    res.on('error', () => {});
    req.resume();
    req.on('end', () => {
      if (req.url === '/api/show') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ capabilities: ['completion', 'tools'], model_info: {} }));
        return;
      }
      if (req.url === '/api/tags') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"models":[]}');
        return;
      }
      if (!/chat/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not here"}');
        return;
      }
      chats += 1;
      written = 0;
      // Sixteen times the bound, declared or not: the reading must stop long before the end.
      const total = 16 * MAX_REPLY_BYTES;
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(total) } : {}),
      });
      // Written as the client reads, so what it took is what it read.
      const pump = (): void => {
        while (written < total && !res.destroyed) {
          written += chunk.byteLength;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

beforeEach(() => {
  chats = 0;
});

const policy = { timeoutMs: 20_000, retries: 2, backoffMs: 1 };
const request = { messages: [{ role: 'user' as const, content: 'Hi.' }], tools: [] };

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new TypeError('expected a failure');
}

const backends = {
  ollama: () =>
    openOllamaModel({ model: 'm', window: 1024, host: url, settings: defaultModelSettings(), policy }),
  openai: () =>
    openOpenAIModel({
      model: 'm',
      window: 1024,
      baseUrl: `${url}/v1`,
      apiKey: 'none',
      settings: defaultModelSettings(),
      policy,
    }),
};

describe.each(Object.entries(backends))('a reply past the bound, from %s', (_name, open) => {
  it.each([
    ['declares its length', true],
    ['streams without a length', false],
  ])('fails once, naming the bound, when the server %s', async (_how, declares) => {
    declared = declares;
    const error = await failure((await open()).respond(request));
    expect((error as Error).message).toMatch(
      /sent an answer of more than 16,777,216 bytes, the most a model's reply may take/,
    );
    // A model failure, so the run is recorded as one that could not be carried out.
    expect(errorCode(error)).toBe('MODEL_FAILED');
    expect(chats).toBe(1);
    expect(written).toBeLessThan(4 * MAX_REPLY_BYTES);
  });
});
