/**
 * What a snapshot writes once and refers to after: messages (`m1`, `m2`, ...), tool sets (`t1`) and
 * guided-generation schemas (`s1`), each numbered by first appearance and identified by its exact
 * content. A definition stands in the block that first needs it:
 *
 *     + m5 user                      a message: its role ...
 *     + m6 tool read_file call-2     ... a tool message's tool and call id
 *     + m7 assistant
 *     | text line                    each content line after `| ` (a blank line is a bare `|`)
 *     call {"callId":...}            an assistant message's tool calls, one JSON line each
 *     calls: none                    an assistant message whose tool-call list is present but empty
 *     + t1 tools                     a tool set: one JSON line per tool spec
 *     tool {"name":...}
 *     + s1 schema                    a schema: pretty JSON, as `| ` lines
 *
 * and is referred to as `messages: m1-m4 m7` (ranges for three or more in a row), `tools: t1`,
 * `schema: s1`. A conversation's snapshot so grows with the conversation, not with its square.
 */
import type { Message, ToolSpec } from '../../engine/index.js';

/** `| ` lines for a text; the text is the lines joined by newlines. */
export function textLines(text: string): string[] {
  return text.split('\n').map((line) => (line === '' ? '|' : `| ${line}`));
}

/** The text a run of `| ` lines stands for. */
export function textOf(lines: readonly string[]): string {
  return lines.map((line) => (line === '|' ? '' : line.slice(2))).join('\n');
}

/** True for a line of text content. */
export function isTextLine(line: string): boolean {
  return line === '|' || line.startsWith('| ');
}

/** `m1-m4 m7 m8`: numbers as a reference list, runs of three or more as ranges. */
export function refList(prefix: string, numbers: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] ?? 0) + 1) j++;
    const [first, last] = [numbers[i], numbers[j]];
    if (j - i >= 2) parts.push(`${prefix}${first}-${prefix}${last}`);
    else for (let k = i; k <= j; k++) parts.push(`${prefix}${numbers[k]}`);
    i = j + 1;
  }
  return parts.length === 0 ? 'none' : parts.join(' ');
}

/** The ids a reference list names, ranges expanded: `m1-m3 m7` is m1, m2, m3, m7. */
export function expandRefList(list: string): string[] {
  if (list.trim() === 'none') return [];
  return list
    .trim()
    .split(/\s+/)
    .flatMap((part) => {
      const range = /^([a-z])(\d+)-\1(\d+)$/.exec(part);
      if (!range) return [part];
      const [, prefix, from, to] = range;
      return Array.from({ length: Number(to) - Number(from) + 1 }, (_, k) => `${prefix}${Number(from) + k}`);
    });
}

/** A message's identity: its role, content, and tool calls or tool and call id. */
function messageKey(message: Message): string {
  const calls = message.role === 'assistant' ? (message.toolCalls ?? null) : null;
  const tool = message.role === 'tool' ? [message.tool, message.callId] : null;
  return JSON.stringify([message.role, message.content, calls, tool]);
}

/** The lines that define a message under `id`. */
export function messageDefinition(id: string, message: Message): string[] {
  const head =
    message.role === 'tool' ? `+ ${id} tool ${message.tool} ${message.callId}` : `+ ${id} ${message.role}`;
  const lines = [head, ...textLines(message.content)];
  if (message.role === 'assistant' && message.toolCalls) {
    if (message.toolCalls.length === 0) lines.push('calls: none');
    for (const call of message.toolCalls) lines.push(`call ${JSON.stringify(call)}`);
  }
  return lines;
}

/** Strings at least this long that repeat a defined message's content are written as `@mN`. */
export const CONTENT_REFERENCE_CHARS = 64;

/** Numbers definitions for one snapshot as it is rendered, in order of first appearance. */
export class Definitions {
  readonly #messages = new Map<string, number>();
  readonly #byContent = new Map<string, string>();
  readonly #tools = new Map<string, string>();
  readonly #schemas = new Map<string, string>();

  /** The reference list for `messages`; each message not seen before is defined into `out`. */
  messages(messages: readonly Message[], out: string[]): string {
    return refList(
      'm',
      messages.map((message) => this.#message(message, out)),
    );
  }

  /** The id of one message (`m5`), defining it into `out` when it is new. */
  message(message: Message, out: string[]): string {
    return `m${this.#message(message, out)}`;
  }

  #message(message: Message, out: string[]): number {
    const key = messageKey(message);
    let n = this.#messages.get(key);
    if (n === undefined) {
      n = this.#messages.size + 1;
      this.#messages.set(key, n);
      if (!this.#byContent.has(message.content)) this.#byContent.set(message.content, `m${n}`);
      out.push(...messageDefinition(`m${n}`, message));
    }
    return n;
  }

  /** The reference for a tool set; a set not seen before is defined into `out`. */
  tools(tools: readonly ToolSpec[], out: string[]): string {
    if (tools.length === 0) return 'none';
    return this.#define(this.#tools, 't', JSON.stringify(tools), out, (id) => [
      `+ ${id} tools`,
      ...tools.map((tool) => `tool ${JSON.stringify(tool)}`),
    ]);
  }

  /** The reference for a schema; a schema not seen before is defined into `out`. */
  schema(schema: Record<string, unknown>, out: string[]): string {
    const pretty = JSON.stringify(schema, null, 2);
    return this.#define(this.#schemas, 's', pretty, out, (id) => [`+ ${id} schema`, ...textLines(pretty)]);
  }

  /** `@m5` for a long string that is the content of a message already defined. */
  contentReference(text: string): string | undefined {
    if (text.length < CONTENT_REFERENCE_CHARS) return undefined;
    const id = this.#byContent.get(text);
    return id === undefined ? undefined : `@${id}`;
  }

  #define(
    table: Map<string, string>,
    prefix: string,
    key: string,
    out: string[],
    lines: (id: string) => string[],
  ): string {
    let id = table.get(key);
    if (id === undefined) {
      id = `${prefix}${table.size + 1}`;
      table.set(key, id);
      out.push(...lines(id));
    }
    return id;
  }
}
