/**
 * The loopback server: the reader behind real HTTP, speaking the Ollama API (/api/chat streaming and
 * not, /api/show, /api/tags) and the OpenAI chat-completions API (/v1/chat/completions, /v1/models),
 * with each runtime's window behaviour: Ollama drops the front of a request past `num_ctx` silently
 * (or refuses it when the request says `truncate: false`), the OpenAI form answers an overflow error.
 * Faults can be switched on while it runs: server errors, slowness, a malformed answer, no tool
 * support, a call to a tool nobody registered. Tests drive the real clients against it, and
 * `wisp-eval serve` starts it for other tools.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  ContextOverflowError,
  type Message,
  type ModelPort,
  type ModelResponse,
  type ToolSpec,
} from '../../engine/index.js';
import { createReaderModel, type ReaderProfile } from '../models/reader/index.js';
import { BadRequest } from '../errors.js';
import { portMessages, portTools, purposeOf } from './wire-in.js';

/** Faults to switch on and off while the server runs. */
export interface Faults {
  /** Chat calls answered with HTTP 500 before the next one is served; Infinity for all of them. */
  errors500: number;
  /** Milliseconds every chat answer is held back. */
  slowMs: number;
  /** Chat calls answered with a body cut off in the middle of its JSON. */
  badJson: boolean;
  /** The models do not support tools: /api/show says so and a chat with tools is refused. */
  noTools: boolean;
  /** The next answer to a request with tools calls this tool instead, whatever the reader would do. */
  unknownToolCall: string | null;
  /** The wording of the OpenAI form's overflow error: OpenAI's and vLLM's, or llama.cpp's server's. */
  overflowForm: 'openai' | 'llama.cpp';
}

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

/** Ollama's default context when a request gives no num_ctx. */
const OLLAMA_DEFAULT_CTX = 4096;

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest('the body is not JSON');
  }
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts the server on 127.0.0.1 and resolves once it listens. */
export async function startLoopbackServer(options: LoopbackOptions = {}): Promise<LoopbackServer> {
  const context = options.context ?? 131072;
  const openaiContext = options.openaiContext ?? context;
  const served = options.models ?? ['reader'];
  const faults: Faults = { ...noFaults(), ...options.faults };
  const received: ReceivedCall[] = [];
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
  const known = (name: unknown): string | null => {
    if (typeof name !== 'string') return null;
    const bare = name.endsWith(':latest') ? name.slice(0, -':latest'.length) : name;
    return served.includes(bare) ? bare : null;
  };
  const digest = (name: string) => createHash('sha256').update(`wisp-eval loopback ${name}`).digest('hex');

  /** The reader's answer to a chat, or its guided value as JSON text; throws ContextOverflowError. */
  const answer = async (
    profile: ReaderProfile,
    window: number,
    messages: Message[],
    tools: ToolSpec[],
    schema: unknown,
  ): Promise<ModelResponse> => {
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
  };

  /** A fault that answers before the reader is asked: a 500, or a body cut off. True when it answered. */
  const faulted = async (res: ServerResponse, error500: () => unknown): Promise<boolean> => {
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
  };

  const ollamaChat = async (body: Record<string, unknown>, res: ServerResponse, started: number) => {
    const name = known(body.model);
    if (!name)
      return send(res, 404, { error: `model "${String(body.model)}" not found, try pulling it first` });
    const tools = portTools(body.tools);
    if (faults.noTools && tools.length > 0) {
      return send(res, 400, { error: `registry.ollama.ai/library/${name} does not support tools` });
    }
    if (await faulted(res, () => ({ error: 'llama runner process has terminated: exit status 2' }))) return;
    const options = isRecord(body.options) ? body.options : {};
    const window = typeof options.num_ctx === 'number' ? options.num_ctx : OLLAMA_DEFAULT_CTX;
    const profile: ReaderProfile = body.truncate === false ? 'reader-strict' : 'reader';
    let response: ModelResponse;
    try {
      response = await answer(profile, window, portMessages(body.messages), tools, body.format);
    } catch (error) {
      if (error instanceof ContextOverflowError)
        return send(res, 400, { error: 'input length exceeds the context length' });
      throw error;
    }
    const message = {
      role: 'assistant',
      content: response.text,
      ...(response.toolCalls.length > 0
        ? {
            tool_calls: response.toolCalls.map((c) => ({
              function: { name: c.tool, arguments: c.arguments },
            })),
          }
        : {}),
    };
    const ns = Math.round((performance.now() - started) * 1e6);
    const stats = {
      done: true,
      done_reason: 'stop',
      total_duration: ns,
      load_duration: 0,
      prompt_eval_count: response.usage?.promptTokens ?? 0,
      prompt_eval_duration: Math.round(ns / 2),
      eval_count: response.usage?.completionTokens ?? 0,
      eval_duration: Math.round(ns / 2),
    };
    const created_at = new Date().toISOString();
    if (body.stream === false)
      return send(res, 200, { model: String(body.model), created_at, message, ...stats });
    // Streaming, as Ollama does it: one JSON object a line, the last with done and the counts.
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.write(JSON.stringify({ model: String(body.model), created_at, message, done: false }) + '\n');
    res.end(
      JSON.stringify({
        model: String(body.model),
        created_at,
        message: { role: 'assistant', content: '' },
        ...stats,
      }) + '\n',
    );
  };

  const openaiChat = async (body: Record<string, unknown>, res: ServerResponse) => {
    const name = known(body.model);
    if (!name) {
      return send(res, 404, {
        error: {
          message: `The model \`${String(body.model)}\` does not exist.`,
          type: 'invalid_request_error',
          code: 'model_not_found',
        },
      });
    }
    const tools = portTools(body.tools);
    if (faults.noTools && tools.length > 0) {
      return send(res, 400, {
        error: { message: 'tools are not supported by this model', type: 'invalid_request_error' },
      });
    }
    if (await faulted(res, () => ({ error: { message: 'internal server error', type: 'server_error' } })))
      return;
    const format = isRecord(body.response_format) ? body.response_format : undefined;
    const schema =
      format?.type === 'json_schema' && isRecord(format.json_schema) ? format.json_schema.schema : undefined;
    let response: ModelResponse;
    try {
      response = await answer('reader-strict', openaiContext, portMessages(body.messages), tools, schema);
    } catch (error) {
      if (!(error instanceof ContextOverflowError)) throw error;
      const error400 =
        faults.overflowForm === 'llama.cpp'
          ? {
              code: 400,
              message: 'the request exceeds the available context size, try increasing it',
              type: 'exceed_context_size_error',
              n_prompt_tokens: error.count,
              n_ctx: error.limit,
            }
          : {
              message:
                `This model's maximum context length is ${error.limit} tokens. However, you requested ` +
                `${error.count} tokens in the messages. Please reduce the length of the messages.`,
              type: 'invalid_request_error',
              param: 'messages',
              code: 'context_length_exceeded',
            };
      return send(res, 400, { error: error400 });
    }
    const toolCalls = response.toolCalls.map((c, i) => ({
      id: `call_${i + 1}`,
      type: 'function',
      function: { name: c.tool, arguments: JSON.stringify(c.arguments) },
    }));
    send(res, 200, {
      id: 'chatcmpl-loopback',
      object: 'chat.completion',
      // The build of the model, as OpenAI's and llama.cpp's servers name it with each answer.
      system_fingerprint: `fp_${digest(name).slice(0, 10)}`,
      created: Math.floor(Date.now() / 1000),
      model: String(body.model),
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: response.text,
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
          finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: response.usage?.promptTokens ?? 0,
        completion_tokens: response.usage?.completionTokens ?? 0,
        total_tokens: (response.usage?.promptTokens ?? 0) + (response.usage?.completionTokens ?? 0),
      },
    });
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const body = req.method === 'POST' ? await readBody(req) : {};
    received.push({ path, body });
    const fields = isRecord(body) ? body : {};
    if (req.method === 'GET' && path === '/api/tags') {
      return send(res, 200, {
        models: served.map((name) => ({
          name: `${name}:latest`,
          model: `${name}:latest`,
          modified_at: '2026-09-29T09:00:00Z',
          size: 0,
          digest: digest(name),
          details: {
            format: 'gguf',
            family: 'reader',
            families: ['reader'],
            parameter_size: '0B',
            quantization_level: 'none',
          },
        })),
      });
    }
    if (req.method === 'GET' && path === '/api/version') return send(res, 200, { version: '0.0.0-loopback' });
    if (req.method === 'POST' && path === '/api/show') {
      const name = known(fields.model);
      if (!name) return send(res, 404, { error: `model '${String(fields.model)}' not found` });
      return send(res, 200, {
        license: '',
        modelfile: '',
        parameters: '',
        template: '{{ .Prompt }}',
        details: {
          format: 'gguf',
          family: 'reader',
          families: ['reader'],
          parameter_size: '0B',
          quantization_level: 'none',
        },
        model_info: { 'general.architecture': 'reader', 'reader.context_length': context },
        capabilities: faults.noTools ? ['completion'] : ['completion', 'tools'],
        modified_at: '2026-09-29T09:00:00Z',
      });
    }
    if (req.method === 'POST' && path === '/api/chat') return ollamaChat(fields, res, started);
    if (req.method === 'GET' && path === '/v1/models') {
      return send(res, 200, {
        object: 'list',
        data: served.map((id) => ({
          id,
          object: 'model',
          owned_by: 'wisp-eval',
          max_model_len: openaiContext,
        })),
      });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') return openaiChat(fields, res);
    send(res, 404, { error: `no route ${req.method ?? ''} ${path}` });
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const status = error instanceof BadRequest ? 400 : 500;
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
