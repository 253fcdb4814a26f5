/**
 * `ollama:<model>`: a model an Ollama server runs, through the `ollama` client. Every call is sent
 * with `num_ctx` set to the window under test, so the server's default can never differ from what the
 * engine condenses against; greedy, with a fixed seed, unless `--set model.*` says otherwise. Tools go
 * as Ollama's native tools; guided generation as `format` with the JSON schema; `prompt_eval_count` is
 * the reported usage. Opening the model asks the server about it first (/api/show, /api/tags): it
 * must be pulled, call tools, and have been trained for at least the window; its digest is recorded.
 */
import { Ollama } from 'ollama';
import {
  ContextOverflowError,
  ModelFailure,
  type CallOptions,
  type GuidedRequest,
  type GuidedResponse,
  type ModelRequest,
  type ModelResponse,
} from '../../../engine/index.js';
import type { BackendRecord } from '../../../records/run-record.js';
import type { ModelSettings } from '../model-settings.js';
import {
  callServer,
  connectionCause,
  connectionProblem,
  malformed,
  type CallPolicy,
  type FailureReader,
  retryAfterMs,
} from '../server-calls.js';
import { boundReply } from '../reply-bound.js';
import type { ServerModel } from '../server-model.js';
import { ollamaUrl } from './host.js';
import { fromOllamaResponse, serverMsOf, toOllamaMessage, toOllamaTool, usageOf } from './wire.js';

export interface OllamaOptions {
  /** The server's name for the model (`granite4.1:8b`). */
  model: string;
  window: number;
  host: string;
  settings: ModelSettings;
  policy: CallPolicy;
}

function statusOf(error: unknown): number | null {
  const status = (error as { status_code?: unknown } | null)?.status_code;
  return typeof status === 'number' ? status : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Ollama's refusal of a request past the window when truncation is off. */
const REFUSED_OVERFLOW = /exceeds the (?:context length|available context)|context length exceeded/i;

/** The `Retry-After` of the last answer that was not ok: the client's errors do not carry headers. */
interface LastAnswer {
  retryAfter: number | null;
}

/** How the Ollama backend reads a failed call. */
function failureReader(model: string, url: string, window: number, last: LastAnswer): FailureReader {
  const where = `Ollama at ${url}`;
  return {
    retryAfter: () => last.retryAfter,
    status: statusOf,
    describe(error) {
      const status = statusOf(error);
      const text = messageOf(error);
      if (status === null) {
        const problem = connectionProblem(where, error);
        if (problem !== null) return problem;
        const cause = connectionCause(error);
        if (cause || /fetch failed/i.test(text)) {
          return new ModelFailure(
            `cannot reach Ollama at ${url}: is \`ollama serve\` running? (${cause ?? text})`,
          );
        }
        return malformed(where, error);
      }
      if (status === 404 && /not found|no such model|pull/i.test(text)) {
        return new ModelFailure(`model ${model} is not pulled at ${url}: run \`ollama pull ${model}\``);
      }
      if (status === 400 && /does not support tools/i.test(text)) return noTools(model);
      if (status === 400 && REFUSED_OVERFLOW.test(text)) return new ContextOverflowError(window, null);
      return new ModelFailure(
        `${where} answered HTTP ${status}: ${text.split('\n')[0]?.slice(0, 200) ?? ''}`,
      );
    },
  };
}

function noTools(model: string): ModelFailure {
  return new ModelFailure(
    `model ${model} does not support tools, which every run needs: choose a model whose capabilities include tools`,
  );
}

/**
 * A fetch for the client that aborts with the call's own signal, reads no answer past the reply bound,
 * and turns an error body that is not
 * JSON into Ollama's `{"error": ...}` form (the client would otherwise print to stdout while reading it).
 */
function fetchWith(current: () => AbortSignal | undefined, last: LastAnswer, where: string): typeof fetch {
  return async (input, init) => {
    const signal = current();
    const response = boundReply(await fetch(input, { ...init, ...(signal ? { signal } : {}) }), where);
    last.retryAfter = response.ok ? null : retryAfterMs(response.headers.get('retry-after'));
    if (response.ok || response.headers.get('content-type')?.includes('application/json')) return response;
    const text = await response.text();
    return new Response(JSON.stringify({ error: text.trim() || response.statusText }), {
      status: response.status,
      statusText: response.statusText,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** The context length an /api/show answer gives in `model_info` (`<architecture>.context_length`). */
export function trainedLength(show: unknown): number | null {
  const info = (show as { model_info?: unknown } | null)?.model_info;
  const entries =
    info instanceof Map
      ? [...(info as Map<string, unknown>).entries()]
      : typeof info === 'object' && info !== null
        ? Object.entries(info)
        : [];
  for (const [key, value] of entries) {
    if (key.endsWith('.context_length') && typeof value === 'number' && value > 0) return value;
  }
  return null;
}

/** The digest /api/tags lists for the model (a name without a tag is `:latest`). */
function digestOf(list: unknown, model: string): string | null {
  const models = (list as { models?: unknown } | null)?.models;
  if (!Array.isArray(models)) return null;
  const names = model.includes(':') ? [model] : [model, `${model}:latest`];
  for (const entry of models as { name?: unknown; model?: unknown; digest?: unknown }[]) {
    if (
      (names.includes(String(entry.name)) || names.includes(String(entry.model))) &&
      typeof entry.digest === 'string'
    ) {
      return entry.digest;
    }
  }
  return null;
}

/** Opens `ollama:<model>`: asks the server about the model, refuses what cannot run, and returns the port. */
export async function openOllamaModel(options: OllamaOptions): Promise<ServerModel> {
  const { model, window, host, settings, policy } = options;
  const url = ollamaUrl(host);
  let signal: AbortSignal | undefined;
  const last: LastAnswer = { retryAfter: null };
  const where = `Ollama at ${url}`;
  const client = new Ollama({ host: url, fetch: fetchWith(() => signal, last, where) });
  const reader = failureReader(model, url, window, last);
  const counter = { retries: 0 };
  const call = <T>(attempt: () => Promise<T>, outer?: AbortSignal) =>
    callServer(
      (s) => {
        signal = s;
        return attempt();
      },
      { policy, reader, counter, where, outer },
    );

  const shown = await call(() => client.show({ model }));
  const contextLength = trainedLength(shown);
  if (contextLength !== null && window > contextLength) {
    throw new ModelFailure(
      `--window ${window} exceeds the ${contextLength} tokens ollama:${model} was trained for: give --window ${contextLength} or less`,
    );
  }
  const capabilities = (shown as { capabilities?: unknown }).capabilities;
  if (Array.isArray(capabilities) && !capabilities.includes('tools')) throw noTools(model);
  let digest: string | null = null;
  try {
    digest = digestOf(await call(() => client.list()), model);
  } catch {
    // The digest is a record's detail; a server that will not list its models can still run them.
  }

  const sent = {
    num_ctx: window,
    temperature: settings.temperature,
    seed: settings.seed,
  };
  // Ollama's `truncate` field is newer than this client's types: it is sent as it is, and a server
  // that knows it refuses an over-long request with a 400 instead of dropping its front.
  const truncate = settings.truncate ? {} : { truncate: false };

  const respond = async (request: ModelRequest, callOptions?: CallOptions): Promise<ModelResponse> => {
    const raw = await call(
      () =>
        client.chat({
          model,
          messages: request.messages.map(toOllamaMessage),
          tools: request.tools.map(toOllamaTool),
          stream: false,
          options: sent,
          ...truncate,
        }),
      callOptions?.signal,
    );
    try {
      return fromOllamaResponse(raw);
    } catch (error) {
      throw malformed(where, error);
    }
  };

  const generate = async (request: GuidedRequest, callOptions?: CallOptions): Promise<GuidedResponse> => {
    const raw = await call(
      () =>
        client.chat({
          model,
          messages: request.messages.map(toOllamaMessage),
          format: request.schema,
          stream: false,
          options: { ...sent, num_predict: request.maxTokens },
          ...truncate,
        }),
      callOptions?.signal,
    );
    let value: unknown;
    try {
      value = JSON.parse(fromOllamaResponse(raw).text) as unknown;
    } catch (error) {
      throw malformed(where, error);
    }
    const response: GuidedResponse = { value };
    const usage = usageOf(raw);
    if (usage) response.usage = usage;
    const serverMs = serverMsOf(raw);
    if (serverMs !== undefined) response.serverMs = serverMs;
    return response;
  };

  const record = (): BackendRecord => ({
    kind: 'ollama',
    url,
    model,
    digest,
    contextLength,
    options: { ...sent, truncate: settings.truncate, retries: settings.retries },
    retries: counter.retries,
  });

  return {
    name: `ollama:${model}`,
    window,
    reportsUsage: true,
    respond,
    generate,
    backendRecord: record,
  };
}
