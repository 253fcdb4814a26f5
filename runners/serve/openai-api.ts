/**
 * The loopback server's OpenAI chat-completions API: /v1/chat/completions and /v1/models. Its
 * context is fixed when the server starts, as a vLLM or llama.cpp server's is, and a request past it
 * is answered with the overflow error of OpenAI's form or of llama.cpp's.
 */
import type { ServerResponse } from 'node:http';
import { ContextOverflowError, type ModelResponse } from '../../engine/index.js';
import { isRecord, send } from './http-io.js';
import type { ServedModels } from './served-models.js';
import { portMessages, portTools } from './wire-in.js';

/** GET /v1/models: the served models with the context they take. */
export function openaiModels(models: ServedModels, res: ServerResponse): void {
  send(res, 200, {
    object: 'list',
    data: models.served.map((id) => ({
      id,
      object: 'model',
      owned_by: 'wisp-eval',
      max_model_len: models.openaiContext,
    })),
  });
}

/** The body of the 400 a request past the context gets, in the form the faults ask for. */
function overflowError(models: ServedModels, error: ContextOverflowError): Record<string, unknown> {
  if (models.faults.overflowForm === 'llama.cpp')
    return {
      code: 400,
      message: 'the request exceeds the available context size, try increasing it',
      type: 'exceed_context_size_error',
      n_prompt_tokens: error.count,
      n_ctx: error.limit,
    };
  return {
    message:
      `This model's maximum context length is ${error.limit} tokens. However, you requested ` +
      `${error.count} tokens in the messages. Please reduce the length of the messages.`,
    type: 'invalid_request_error',
    param: 'messages',
    code: 'context_length_exceeded',
  };
}

/** POST /v1/chat/completions: one answer, with a system fingerprint naming the model's build. */
export async function openaiChat(
  models: ServedModels,
  body: Record<string, unknown>,
  res: ServerResponse,
): Promise<void> {
  const name = models.known(body.model);
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
  if (models.faults.noTools && tools.length > 0) {
    return send(res, 400, {
      error: { message: 'tools are not supported by this model', type: 'invalid_request_error' },
    });
  }
  if (
    await models.faulted(res, () => ({ error: { message: 'internal server error', type: 'server_error' } }))
  )
    return;
  const format = isRecord(body.response_format) ? body.response_format : undefined;
  const schema =
    format?.type === 'json_schema' && isRecord(format.json_schema) ? format.json_schema.schema : undefined;
  let response: ModelResponse;
  try {
    response = await models.answer(
      'reader-strict',
      models.openaiContext,
      portMessages(body.messages),
      tools,
      schema,
    );
  } catch (error) {
    if (!(error instanceof ContextOverflowError)) throw error;
    return send(res, 400, { error: overflowError(models, error) });
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
    system_fingerprint: `fp_${models.digest(name).slice(0, 10)}`,
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
}
