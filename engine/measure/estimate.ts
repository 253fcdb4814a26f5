/**
 * The engine's own token estimate: four bytes a token. It is deliberately rough and free; where a
 * model counts or reports usage, those figures anchor it (see the condensing measurement).
 */
import type { Message, ModelRequest } from '../model/port.js';

const encoder = new TextEncoder();

/** UTF-8 length of a string. */
export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** Tokens for `bytes` bytes at four bytes a token, rounded up. */
export function tokensForBytes(bytes: number): number {
  return Math.ceil(bytes / 4);
}

/** Estimated tokens of a text. */
export function estimateTokens(text: string): number {
  return tokensForBytes(byteLength(text));
}

/** Bytes a message carries: its content plus the JSON of any tool calls. */
export function messageBytes(message: Message): number {
  let bytes = byteLength(message.content);
  if (message.role === 'assistant' && message.toolCalls) {
    for (const call of message.toolCalls)
      bytes += byteLength(call.tool) + byteLength(JSON.stringify(call.arguments));
  }
  return bytes;
}

/** Bytes of a whole request: every message and the registered tools' specs. */
export function requestBytes(request: ModelRequest): number {
  let bytes = 0;
  for (const message of request.messages) bytes += messageBytes(message);
  for (const tool of request.tools) bytes += byteLength(JSON.stringify(tool));
  return bytes;
}
