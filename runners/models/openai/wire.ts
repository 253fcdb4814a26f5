/**
 * The model port's requests and answers in the OpenAI chat-completions wire form: tool calls with
 * ids and JSON-text arguments, tool results by `tool_call_id`, usage from `usage.prompt_tokens`.
 */
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions/completions';
import {
  AnswerError,
  type Message,
  type ModelResponse,
  type ToolCall,
  type ToolSpec,
} from '../../../engine/index.js';

/** A port message as the chat-completions API takes it. */
export function toOpenAIMessage(message: Message): ChatCompletionMessageParam {
  switch (message.role) {
    case 'assistant':
      return message.toolCalls && message.toolCalls.length > 0
        ? {
            role: 'assistant',
            content: message.content,
            tool_calls: message.toolCalls.map((c) => ({
              id: c.callId,
              type: 'function' as const,
              function: { name: c.tool, arguments: JSON.stringify(c.arguments) },
            })),
          }
        : { role: 'assistant', content: message.content };
    case 'tool':
      return { role: 'tool', content: message.content, tool_call_id: message.callId };
    default:
      return { role: message.role, content: message.content };
  }
}

/** A tool as the chat-completions API takes it. */
export function toOpenAITool(tool: ToolSpec): ChatCompletionTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toolCallsOf(message: Record<string, unknown>): ToolCall[] {
  const calls = message.tool_calls;
  if (calls === undefined || calls === null) return [];
  if (!Array.isArray(calls)) throw new AnswerError('message.tool_calls is not a list');
  return calls.map((call, i) => {
    const fn = isRecord(call) ? call.function : undefined;
    if (!isRecord(fn) || typeof fn.name !== 'string')
      throw new AnswerError(`tool call ${i + 1} has no function name`);
    const raw = fn.arguments ?? '{}';
    let args: unknown = raw;
    if (typeof raw === 'string') {
      try {
        args = raw.trim() === '' ? {} : (JSON.parse(raw) as unknown);
      } catch {
        throw new AnswerError(
          `tool call ${i + 1} (${fn.name}) has arguments that are not JSON: ${raw.slice(0, 80)}`,
        );
      }
    }
    if (!isRecord(args))
      throw new AnswerError(`tool call ${i + 1} (${fn.name}) has arguments that are no object`);
    return { callId: '', tool: fn.name, arguments: args };
  });
}

/** A completion as the port's response; throws an Error naming what is missing from a bad one. */
/**
 * The build of the model that gave the answer, as the server names it (`system_fingerprint`: OpenAI's
 * and llama.cpp's servers send it); null when it sends none.
 */
export function fingerprintOf(completion: unknown): string | null {
  const value = isRecord(completion) ? completion.system_fingerprint : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}

export function fromOpenAIResponse(completion: unknown): ModelResponse {
  // A body that is not JSON reaches here as its text.
  if (typeof completion === 'string')
    throw new AnswerError(`the answer is not JSON: it begins ${JSON.stringify(completion.slice(0, 60))}`);
  if (!isRecord(completion)) throw new AnswerError('the answer is not a JSON object');
  if (!Array.isArray(completion.choices)) throw new AnswerError('the answer has no choices');
  const choice: unknown = completion.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) throw new AnswerError('the answer has no message');
  const content = choice.message.content ?? '';
  if (typeof content !== 'string') throw new AnswerError('message.content is not text');
  const out: ModelResponse = { text: content, toolCalls: toolCallsOf(choice.message) };
  const usage = completion.usage;
  if (isRecord(usage) && typeof usage.prompt_tokens === 'number') {
    out.usage = {
      promptTokens: usage.prompt_tokens,
      completionTokens: typeof usage.completion_tokens === 'number' ? usage.completion_tokens : 0,
    };
  }
  return out;
}
