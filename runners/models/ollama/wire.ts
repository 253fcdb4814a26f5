/**
 * The model port's requests and answers in Ollama's /api/chat wire form: messages with `tool_calls`
 * and `tool_name`, tools as functions, usage from `prompt_eval_count` and `eval_count`, and the
 * runtime's own `total_duration` (nanoseconds) as its time.
 */
import type { ChatResponse, Message as OllamaMessage, Tool as OllamaTool } from 'ollama';
import {
  AnswerError,
  type Message,
  type ModelResponse,
  type ToolCall,
  type ToolSpec,
  type Usage,
} from '../../../engine/index.js';

/** A port message as Ollama takes it. */
export function toOllamaMessage(message: Message): OllamaMessage {
  switch (message.role) {
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.toolCalls && message.toolCalls.length > 0
          ? {
              tool_calls: message.toolCalls.map((c) => ({
                function: { name: c.tool, arguments: c.arguments },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', content: message.content, tool_name: message.tool };
    default:
      return { role: message.role, content: message.content };
  }
}

/** A tool as Ollama takes it. */
export function toOllamaTool(tool: ToolSpec): OllamaTool {
  return {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters as NonNullable<OllamaTool['function']['parameters']>,
    },
  };
}

/** Usage as Ollama reports it; a count it leaves out (Go's omitempty for 0) is 0. */
export function usageOf(response: Partial<ChatResponse>): Usage | undefined {
  const prompt = response.prompt_eval_count;
  const completion = response.eval_count;
  if (typeof prompt !== 'number' && typeof completion !== 'number') return undefined;
  return {
    promptTokens: typeof prompt === 'number' ? prompt : 0,
    completionTokens: typeof completion === 'number' ? completion : 0,
  };
}

/** The runtime's own time for the call, in milliseconds, when it reported it. */
export function serverMsOf(response: Partial<ChatResponse>): number | undefined {
  const ns = response.total_duration;
  return typeof ns === 'number' && Number.isFinite(ns) ? ns / 1e6 : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The tool calls of an answer; `callId` is left empty for the engine to assign. Throws on a bad shape. */
function toolCallsOf(message: Record<string, unknown>): ToolCall[] {
  const calls = message.tool_calls;
  if (calls === undefined || calls === null) return [];
  if (!Array.isArray(calls)) throw new AnswerError('message.tool_calls is not a list');
  return calls.map((call, i) => {
    const fn = isRecord(call) ? call.function : undefined;
    if (!isRecord(fn) || typeof fn.name !== 'string')
      throw new AnswerError(`tool call ${i + 1} has no function name`);
    let args: unknown = fn.arguments ?? {};
    if (typeof args === 'string') args = JSON.parse(args) as unknown;
    if (!isRecord(args))
      throw new AnswerError(`tool call ${i + 1} (${fn.name}) has arguments that are no object`);
    return { callId: '', tool: fn.name, arguments: args };
  });
}

/** A chat answer as the port's response; throws an Error naming what is missing from a bad one. */
export function fromOllamaResponse(response: unknown): ModelResponse {
  if (!isRecord(response) || !isRecord(response.message)) throw new AnswerError('the answer has no message');
  const content = response.message.content ?? '';
  if (typeof content !== 'string') throw new AnswerError('message.content is not text');
  const out: ModelResponse = { text: content, toolCalls: toolCallsOf(response.message) };
  const usage = usageOf(response as Partial<ChatResponse>);
  if (usage) out.usage = usage;
  const serverMs = serverMsOf(response as Partial<ChatResponse>);
  if (serverMs !== undefined) out.serverMs = serverMs;
  return out;
}
