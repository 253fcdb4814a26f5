/**
 * The reader's token count: a real BPE tokenizer (o200k_base), so the engine's four-bytes-a-token
 * estimate is measured against a count that differs from it, as it does with a real runtime.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Message, ModelRequest, ToolCall } from '../../../engine/index.js';

/** Tokens a chat template adds around each message (role markers and separators). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

// Text that happens to contain `<|endoftext|>` is ordinary text to a model, not a control token.
const ENCODE_OPTIONS = { disallowedSpecial: new Set<string>() };

// Long strings are counted again rather than kept: the cache is for the many short repeats (the
// instructions, prompts, tool specs) that every request of a conversation carries again.
const LONGEST_CACHED = 64 * 1024;

/**
 * A run of this many characters with no space is cut into pieces of this size before counting. BPE
 * merges within one run take time that grows with the square of its length (a 40,000-character word
 * took seconds); no word of a language is this long, and the pieces of such a run (a blob, a hash
 * dump) count within a token or two per piece of what the whole would.
 */
const LONGEST_RUN = 1024;

/** True for a character that `\s` matches, so that a run here is a run of `\S`. */
function isWhiteSpace(code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** True when `text` holds a run of more than `LONGEST_RUN` characters with no space: one pass. */
function hasLongRun(text: string): boolean {
  if (text.length <= LONGEST_RUN) return false;
  let run = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    run = isWhiteSpace(code) ? 0 : run + 1;
    if (run > LONGEST_RUN) return true;
  }
  return false;
}

/** `countTokens(text)`, with runs longer than `LONGEST_RUN` counted piece by piece. */
function countLong(text: string): number {
  if (!hasLongRun(text)) return countTokens(text, ENCODE_OPTIONS);
  let count = 0;
  for (const part of text.split(/(\S+)/)) {
    if (part.length <= LONGEST_RUN) {
      if (part.length > 0) count += countTokens(part, ENCODE_OPTIONS);
      continue;
    }
    for (let at = 0; at < part.length; at += LONGEST_RUN) {
      count += countTokens(part.slice(at, at + LONGEST_RUN), ENCODE_OPTIONS);
    }
  }
  return count;
}

/** The JSON a model is charged for its tool calls: names and arguments, not the engine's ids. */
export function toolCallsJson(calls: readonly ToolCall[]): string {
  return JSON.stringify(calls.map((call) => ({ tool: call.tool, arguments: call.arguments })));
}

/**
 * Counts tokens with a bounded per-instance cache, so two models never share state and a long run
 * does not grow without limit.
 */
export class TokenCounter {
  private readonly cache = new Map<string, number>();

  constructor(private readonly maxEntries = 2048) {}

  /** Tokens of one text. */
  text(text: string): number {
    if (text.length === 0) return 0;
    const known = this.cache.get(text);
    if (known !== undefined) return known;
    const count = countLong(text);
    if (text.length <= LONGEST_CACHED) {
      if (this.cache.size >= this.maxEntries) {
        // Maps iterate in insertion order, so the first key is the oldest.
        const oldest = this.cache.keys().next();
        if (!oldest.done) this.cache.delete(oldest.value);
      }
      this.cache.set(text, count);
    }
    return count;
  }

  /** Tokens of one message: its content, the template's overhead, and any tool calls' JSON. */
  message(message: Message): number {
    let count = this.text(message.content) + MESSAGE_OVERHEAD_TOKENS;
    if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
      count += this.text(toolCallsJson(message.toolCalls));
    }
    return count;
  }

  /** Tokens of the registered tools' specs, which a runtime sends with every request. */
  tools(request: Pick<ModelRequest, 'tools'>): number {
    return request.tools.length === 0 ? 0 : this.text(JSON.stringify(request.tools));
  }

  /** Tokens of a whole request: every message plus the tool specs. */
  request(request: ModelRequest): number {
    let count = this.tools(request);
    for (const message of request.messages) count += this.message(message);
    return count;
  }

  /** Tokens of an answer: its text and the JSON of its tool calls. */
  answer(text: string, calls: readonly ToolCall[]): number {
    return this.text(text) + (calls.length > 0 ? this.text(toolCallsJson(calls)) : 0);
  }

  /** How many distinct texts are cached; for tests of the bound. */
  get cachedTexts(): number {
    return this.cache.size;
  }
}
