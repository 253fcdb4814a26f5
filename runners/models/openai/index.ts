/**
 * `openai:<model>`: a model an OpenAI-compatible chat-completions server runs (llama.cpp's server,
 * vLLM, LM Studio), through the official `openai` client at `--base-url`. Greedy with a fixed seed
 * unless `--set model.*` says otherwise; tools as functions; guided generation as a `json_schema`
 * response format; `usage.prompt_tokens` as the reported usage; the servers' overflow errors read as
 * the port's typed overflow. Such servers apply their own context size, set when they start: the run
 * cannot send one, so `--window` should match it (an overflow error teaches the engine the real one).
 */
import OpenAI, { APIConnectionError, APIError } from 'openai';
import {
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
import { recogniseServerOverflow } from './overflow.js';
import { fingerprintOf, fromOpenAIResponse, toOpenAIMessage, toOpenAITool } from './wire.js';

export interface OpenAIOptions {
  /** The server's name for the model. */
  model: string;
  window: number;
  /** The API's base URL, e.g. http://127.0.0.1:8080/v1. */
  baseUrl: string;
  /** The API key, for servers that ask for one; local servers take any. */
  apiKey: string;
  settings: ModelSettings;
  policy: CallPolicy;
}

function statusOf(error: unknown): number | null {
  return error instanceof APIError && typeof error.status === 'number' ? error.status : null;
}

/** The server's own words: the error body's message, without the client's status prefix. */
function serverMessage(error: unknown): string {
  if (error instanceof APIError) {
    const body = error.error as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string') return body.message;
    return error.message.replace(/^\d{3}\s+/, '');
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * A fetch for the client that reads no answer past the reply bound, and puts an error body given at
 * the top level (`{"message": ...}`, as some servers answer) under `error`, where the client reads
 * it; otherwise the server's words are lost.
 */
const fetchWithErrorBody =
  (where: string): typeof fetch =>
  async (input, init) => {
    const response = boundReply(await fetch(input, init), where);
    if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
    const wrapped =
      typeof body === 'object' && body !== null && !('error' in body) && 'message' in body
        ? { error: body }
        : body;
    return new Response(wrapped === undefined ? text : JSON.stringify(wrapped), {
      status: response.status,
      statusText: response.statusText,
      headers: { 'content-type': 'application/json' },
    });
  };

function failureReader(model: string, url: string, window: number): FailureReader {
  const where = `the OpenAI-compatible server at ${url}`;
  return {
    status: statusOf,
    retryAfter: (error) =>
      error instanceof APIError ? retryAfterMs(error.headers?.get('retry-after')) : null,
    describe(error) {
      const status = statusOf(error);
      const text = serverMessage(error);
      if (status === null) {
        const problem = connectionProblem(where, error);
        if (problem !== null) return problem;
        if (error instanceof APIConnectionError || connectionCause(error)) {
          const cause = connectionCause(error) ?? text;
          return new ModelFailure(
            `cannot reach the OpenAI-compatible server at ${url}: is it running? (${cause})`,
          );
        }
        return malformed(where, error);
      }
      if (status === 400 || status === 413) {
        const overflow = recogniseServerOverflow(
          text,
          error instanceof APIError ? error.error : undefined,
          window,
        );
        if (overflow) return overflow;
        if (/tool/i.test(text) && /support/i.test(text)) {
          return new ModelFailure(
            `model ${model} at ${url} does not support tools, which every run needs: ${text}`,
          );
        }
      }
      if (status === 404) {
        return new ModelFailure(
          `model ${model} is not served at ${url} (HTTP 404: ${text.slice(0, 200)})${versionHint(url)}`,
        );
      }
      return new ModelFailure(
        `${where} answered HTTP ${status}: ${text.split('\n')[0]?.slice(0, 200) ?? ''}`,
      );
    },
  };
}

/** The context length a /models entry states (vLLM's `max_model_len`), when it does. */
function listedLength(list: unknown, model: string): number | null {
  const data = (list as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return null;
  const entry = (data as { id?: unknown; max_model_len?: unknown }[]).find((m) => m.id === model);
  return typeof entry?.max_model_len === 'number' ? entry.max_model_len : null;
}

/** Opens `openai:<model>`: checks the server answers, and returns the port. */
export async function openOpenAIModel(options: OpenAIOptions): Promise<ServerModel> {
  const { model, window, baseUrl, apiKey, settings, policy } = options;
  const url = baseUrl.replace(/\/$/, '');
  const where = `the OpenAI-compatible server at ${url}`;
  // Retries and deadlines are the harness's own (callServer), counted and the same for every backend.
  const client = new OpenAI({
    baseURL: url,
    apiKey,
    maxRetries: 0,
    logLevel: 'off',
    timeout: policy.timeoutMs * 2,
    fetch: fetchWithErrorBody(where),
  });
  const reader = failureReader(model, url, window);
  const counter = { retries: 0 };
  const call = <T>(attempt: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal) =>
    callServer(attempt, { policy, reader, counter, where, outer });

  let contextLength: number | null = null;
  try {
    contextLength = listedLength(await call((signal) => client.models.list({ signal })), model);
  } catch (error) {
    // A server without /models (HTTP 404) can still run chat completions; one that cannot be reached,
    // drops the connection or redirects in a loop cannot.
    if (
      statusOf(error) === null &&
      error instanceof ModelFailure &&
      /cannot reach|closed the connection|redirected the request/.test(error.message)
    )
      throw error;
    if (error instanceof ModelFailure && /no answer/.test(error.message)) throw error;
  }
  if (contextLength !== null && window > contextLength) {
    throw new ModelFailure(
      `--window ${window} exceeds the ${contextLength} tokens openai:${model} is served with: give --window ${contextLength} or less`,
    );
  }

  const sampling = { temperature: settings.temperature, seed: settings.seed };
  // The model's identity is the fingerprint of the latest answer that carried one: the server gives
  // it with each answer, not before the first.
  let fingerprint: string | null = null;
  const identify = (raw: unknown) => {
    fingerprint = fingerprintOf(raw) ?? fingerprint;
  };

  const respond = async (request: ModelRequest, callOptions?: CallOptions): Promise<ModelResponse> => {
    const raw: unknown = await call(
      (signal) =>
        client.chat.completions.create(
          {
            model,
            messages: request.messages.map(toOpenAIMessage),
            ...(request.tools.length > 0 ? { tools: request.tools.map(toOpenAITool) } : {}),
            ...sampling,
          },
          { signal },
        ),
      callOptions?.signal,
    );
    identify(raw);
    try {
      return fromOpenAIResponse(raw);
    } catch (error) {
      throw malformed(where, error);
    }
  };

  const generate = async (request: GuidedRequest, callOptions?: CallOptions): Promise<GuidedResponse> => {
    const raw: unknown = await call(
      (signal) =>
        client.chat.completions.create(
          {
            model,
            messages: request.messages.map(toOpenAIMessage),
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.purpose.replace(/[^A-Za-z0-9_-]/g, '_'), schema: request.schema },
            },
            max_tokens: request.maxTokens,
            ...sampling,
          },
          { signal },
        ),
      callOptions?.signal,
    );
    identify(raw);
    let answer: ModelResponse;
    let value: unknown;
    try {
      answer = fromOpenAIResponse(raw);
      value = JSON.parse(answer.text) as unknown;
    } catch (error) {
      throw malformed(where, error);
    }
    return { value, ...(answer.usage ? { usage: answer.usage } : {}) };
  };

  const record = (): BackendRecord => ({
    kind: 'openai',
    url,
    model,
    digest: fingerprint,
    contextLength,
    options: { ...sampling, retries: settings.retries },
    retries: counter.retries,
  });

  return {
    name: `openai:${model}`,
    window,
    reportsUsage: true,
    respond,
    generate,
    backendRecord: record,
  };
}

/**
 * A hint for a 404 from a base URL without an API version in its path: OpenAI-compatible servers
 * answer chat completions under /v1, and a base URL without it reaches no route at all.
 */
export function versionHint(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return '';
  }
  if (/\/v\d+\/?$/.test(path)) return '';
  return `; the base URL has no /v1: OpenAI-compatible servers answer under it (try --base-url ${url.replace(/\/+$/, '')}/v1)`;
}
