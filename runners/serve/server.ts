/**
 * The loopback server: the reader behind real HTTP, speaking the Ollama API (/api/chat streaming and
 * not, /api/show, /api/tags) and the OpenAI chat-completions API (/v1/chat/completions, /v1/models),
 * with each runtime's window behaviour: Ollama drops the front of a request past `num_ctx` silently
 * (or refuses it when the request says `truncate: false`), the OpenAI form answers an overflow error.
 * Faults can be switched on while it runs: server errors, slowness, a malformed answer, no tool
 * support, a call to a tool nobody registered. Tests drive the real clients against it, and
 * `wisp-eval serve` starts it for other tools. Each API's wire form is its own module; this one
 * holds the reader behind both, the faults and the routes.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ModelPort, ModelResponse } from '../../engine/index.js';
import { createReaderModel, type ReaderProfile } from '../models/reader/index.js';
import { BadRequest } from '../errors.js';
import { isRecord, readBody, send } from './http-io.js';
import { ollamaChat, ollamaShow, ollamaTags } from './ollama-api.js';
import { openaiChat, openaiModels } from './openai-api.js';
import type { Faults, ServedModels } from './served-models.js';
import { purposeOf } from './wire-in.js';

export type { Faults } from './served-models.js';

export interface LoopbackOptions {
  /** 0 (the default) takes any free port. */
  port?: number;
  /** The models' trained context length, as /api/show reports it. Default 131,072. */
  context?: number;
  /** The OpenAI form's context size, fixed as a server's is when it starts. Default: `context`. */
  openaiContext?: number;
  /** The models served, by name (`reader` is also `reader:latest`). Default: reader. */
  models?: string[];
  faults?: Partial<Faults>;
  /** The longest request body read, in bytes; a longer one is answered 413. Default 16 MiB. */
  maxBodyBytes?: number;
}

/** One request the server received, for tests to check what a client sent. */
export interface ReceivedCall {
  path: string;
  body: unknown;
}

export interface LoopbackServer {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  faults: Faults;
  received: ReceivedCall[];
  close(): Promise<void>;
}

function noFaults(): Faults {
  return {
    errors500: 0,
    slowMs: 0,
    badJson: false,
    noTools: false,
    unknownToolCall: null,
    overflowForm: 'openai',
  };
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The served models over the reader: one reader per profile and window, made at its first call. */
function servedModels(options: LoopbackOptions, faults: Faults): ServedModels {
  const context = options.context ?? 131072;
  const served = options.models ?? ['reader'];
  const readers = new Map<string, ModelPort>();
  const reader = (profile: ReaderProfile, window: number): ModelPort => {
    const key = `${profile}:${window}`;
    let model = readers.get(key);
    if (!model) {
      model = createReaderModel({ profile, window });
      readers.set(key, model);
    }
    return model;
  };
  return {
    served,
    context,
    openaiContext: options.openaiContext ?? context,
    faults,
    known: (name) => {
      if (typeof name !== 'string') return null;
      const bare = name.endsWith(':latest') ? name.slice(0, -':latest'.length) : name;
      return served.includes(bare) ? bare : null;
    },
    digest: (name) => createHash('sha256').update(`wisp-eval loopback ${name}`).digest('hex'),
    answer: async (profile, window, messages, tools, schema): Promise<ModelResponse> => {
      const model = reader(profile, window);
      if (schema !== undefined && schema !== null && schema !== 'json') {
        const purpose = purposeOf(schema);
        if (!purpose) throw new BadRequest('the reader answers only the distil and summary schemas');
        const guided = await model.generate?.({
          purpose,
          messages,
          schema: schema as Record<string, unknown>,
          maxTokens: 0,
        });
        return {
          text: JSON.stringify(guided?.value ?? null),
          toolCalls: [],
          ...(guided?.usage ? { usage: guided.usage } : {}),
        };
      }
      const response = await model.respond({ messages, tools });
      if (faults.unknownToolCall && tools.length > 0) {
        const tool = faults.unknownToolCall;
        faults.unknownToolCall = null;
        return { ...response, text: '', toolCalls: [{ callId: 'call_x', tool, arguments: {} }] };
      }
      return response;
    },
    faulted: async (res, error500) => {
      if (faults.slowMs > 0) await wait(faults.slowMs);
      if (faults.errors500 > 0) {
        faults.errors500 -= 1;
        send(res, 500, error500());
        return true;
      }
      if (faults.badJson) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"model":"reader","message":{"role":"assistant","content":"cut off');
        return true;
      }
      return false;
    },
  };
}

/** Starts the server on 127.0.0.1 and resolves once it listens. */
export async function startLoopbackServer(options: LoopbackOptions = {}): Promise<LoopbackServer> {
  const faults: Faults = { ...noFaults(), ...options.faults };
  const models = servedModels(options, faults);
  const received: ReceivedCall[] = [];

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const body = req.method === 'POST' ? await readBody(req, options.maxBodyBytes) : {};
    received.push({ path, body });
    const fields = isRecord(body) ? body : {};
    const at = `${req.method ?? ''} ${path}`;
    if (at === 'GET /api/tags') return ollamaTags(models, res);
    if (at === 'GET /api/version') return send(res, 200, { version: '0.0.0-loopback' });
    if (at === 'POST /api/show') return ollamaShow(models, fields, res);
    if (at === 'POST /api/chat') return ollamaChat(models, fields, res, started);
    if (at === 'GET /v1/models') return openaiModels(models, res);
    if (at === 'POST /v1/chat/completions') return openaiChat(models, fields, res);
    send(res, 404, { error: `no route ${at}` });
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const status = error instanceof BadRequest ? error.status : 500;
      // A body refused unread is not drained: the connection closes once the answer is sent.
      if (status === 413) res.setHeader('connection', 'close');
      if (!res.headersSent)
        send(res, status, { error: error instanceof Error ? error.message : String(error) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    faults,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
