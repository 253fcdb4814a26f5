/**
 * The engine's own token estimate: four bytes a token. It is deliberately rough and free; where a
 * model counts or reports usage, those figures anchor it (see the condensing measurement).
 */
import type { Message, ModelRequest } from '../model/port.js';

const encoder = new TextEncoder();
// Nothing outside ASCII: a character above U+007F is the only kind UTF-8 spends more bytes on.
const NON_ASCII = /[\u0080-\uffff]/;

/** UTF-8 length of a string. Most text is ASCII, whose length is its UTF-8 length, and a scan is cheap. */
export function byteLength(text: string): number {
  return NON_ASCII.test(text) ? encoder.encode(text).length : text.length;
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

// Texts shorter than this are measured each time; remembering them would cost more than it saves.
const REMEMBERED_FROM_CHARS = 64;
// When this many texts are remembered, the memory starts afresh: a bound, not an eviction policy.
const MAX_REMEMBERED = 20_000;

/**
 * The same measures as {@link requestBytes}, for one conversation: each text's size is remembered,
 * since every request carries again most of what the last one did (the instructions, earlier turns,
 * references), and the same string is looked up far faster than it is measured again.
 */
export class RequestSizer {
  readonly #texts = new Map<string, number>();
  readonly #json = new WeakMap<object, number>();

  /** UTF-8 length of `text`. */
  text(text: string): number {
    if (text.length < REMEMBERED_FROM_CHARS) return byteLength(text);
    let size = this.#texts.get(text);
    if (size === undefined) {
      if (this.#texts.size >= MAX_REMEMBERED) this.#texts.clear();
      size = byteLength(text);
      this.#texts.set(text, size);
    }
    return size;
  }

  /** UTF-8 length of an object's JSON; objects are the engine's own and never change once made. */
  json(value: object): number {
    let size = this.#json.get(value);
    if (size === undefined) {
      size = byteLength(JSON.stringify(value));
      this.#json.set(value, size);
    }
    return size;
  }

  /** Bytes a message carries: its content plus the JSON of any tool calls. */
  message(message: Message): number {
    let bytes = this.text(message.content);
    if (message.role === 'assistant' && message.toolCalls) {
      for (const call of message.toolCalls) bytes += byteLength(call.tool) + this.json(call.arguments);
    }
    return bytes;
  }

  /** Bytes of a whole request: every message and the registered tools' specs. */
  request(request: ModelRequest): number {
    let bytes = 0;
    for (const message of request.messages) bytes += this.message(message);
    for (const tool of request.tools) bytes += this.json(tool);
    return bytes;
  }
}
