/**
 * The loopback server's Ollama API: /api/chat (streamed as lines, or one answer), /api/show,
 * /api/tags and /api/version. A request past `num_ctx` loses its front silently, as Ollama does, or
 * is refused when it says `truncate: false`.
 */
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ContextOverflowError, type ModelResponse } from '../../engine/index.js';
import type { ReaderProfile } from '../models/reader/index.js';
import { isRecord, send } from './http-io.js';
import type { ServedModels } from './served-models.js';
import { portMessages, portTools } from './wire-in.js';

/** Ollama's default context when a request gives no num_ctx. */
const OLLAMA_DEFAULT_CTX = 4096;

/** The model details Ollama gives in its lists and in /api/show. */
const DETAILS = {
  format: 'gguf',
  family: 'reader',
  families: ['reader'],
  parameter_size: '0B',
  quantization_level: 'none',
};

/** GET /api/tags: the served models with their digests. */
export function ollamaTags(models: ServedModels, res: ServerResponse): void {
  send(res, 200, {
    models: models.served.map((name) => ({
      name: `${name}:latest`,
      model: `${name}:latest`,
      modified_at: '2026-09-29T09:00:00Z',
      size: 0,
      digest: models.digest(name),
      details: DETAILS,
    })),
  });
}

/** POST /api/show: a model's details, context length and capabilities. */
export function ollamaShow(models: ServedModels, body: Record<string, unknown>, res: ServerResponse): void {
  const name = models.known(body.model);
  if (!name) return send(res, 404, { error: `model '${String(body.model)}' not found` });
  send(res, 200, {
    license: '',
    modelfile: '',
    parameters: '',
    template: '{{ .Prompt }}',
    details: DETAILS,
    model_info: { 'general.architecture': 'reader', 'reader.context_length': models.context },
    capabilities: models.faults.noTools ? ['completion'] : ['completion', 'tools'],
    modified_at: '2026-09-29T09:00:00Z',
  });
}

/** POST /api/chat, streamed unless the request says `stream: false`; `started` times the answer. */
export async function ollamaChat(
  models: ServedModels,
  body: Record<string, unknown>,
  res: ServerResponse,
  started: number,
): Promise<void> {
  const name = models.known(body.model);
  if (!name)
    return send(res, 404, { error: `model "${String(body.model)}" not found, try pulling it first` });
  const tools = portTools(body.tools);
  if (models.faults.noTools && tools.length > 0) {
    return send(res, 400, { error: `registry.ollama.ai/library/${name} does not support tools` });
  }
  if (await models.faulted(res, () => ({ error: 'llama runner process has terminated: exit status 2' })))
    return;
  const options = isRecord(body.options) ? body.options : {};
  const window = typeof options.num_ctx === 'number' ? options.num_ctx : OLLAMA_DEFAULT_CTX;
  const profile: ReaderProfile = body.truncate === false ? 'reader-strict' : 'reader';
  let response: ModelResponse;
  try {
    response = await models.answer(profile, window, portMessages(body.messages), tools, body.format);
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
}
