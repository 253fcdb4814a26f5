/**
 * The compact form of a run's model calls. A conversation's requests repeat almost everything the
 * request before them held, so writing each whole grows with the square of the conversation. Instead
 * each distinct message (and each distinct tool list or answer schema) is written once to
 * `messages.jsonl` (found again by its JSON) under a number counted from 0 in order of
 * first use, and each call in `requests.jsonl` names its messages by those numbers. A tool message whose content is its tool result's, as the audit log records
 * it, names that event instead of repeating the text. `readCalls` rebuilds every call byte for byte.
 *
 *   messages.jsonl   {"id":0,"message":{...}}   or   {"id":1,"tools":[...]}   or   {"id":2,"schema":{...}}
 *                    or {"id":3,"message":{"role":"tool",...},"contentFrom":"<event id>"}
 *   requests.jsonl   the call as logged, with request.messages a list of numbers and request.tools
 *                    (or request.schema) one number
 */
import { join } from 'node:path';
import { toError, type ModelCall } from '../engine/index.js';
import { z } from 'zod';
import { parseAuditEvents } from './audit-event.js';
import { CallsFileError } from './errors.js';
import { answerSchemaSchema, loggedCallSchema, messageSchema, toolSpecSchema } from './model-call.js';
import { firstIssue } from './runs-file.js';
import { readRegularText } from './regular-file.js';

/** The version of the results' file formats; the results folder's plan.json records it. */
export const RESULTS_FORMAT = 2;

/** One logged model call: the engine's record of it, numbered from 1 in the order made. */
export type LoggedCall = ModelCall & { call: number };

/** The kinds of part messages.jsonl holds, each with its schema and its name in messages. */
const PART_FIELDS = ['message', 'tools', 'schema'] as const;
const PART_SCHEMAS = {
  message: messageSchema,
  tools: z.array(toolSpecSchema),
  schema: answerSchemaSchema,
} as const;
const PART_NAMES = { message: 'message', tools: 'tool list', schema: 'answer schema' } as const;

/**
 * The table of distinct parts a run's files refer to: messages, tool lists and answer schemas, each
 * written once, found again by its JSON. Its text is messages.jsonl.
 */
export class PartTable {
  /** Each part's number by its kind and JSON. */
  readonly #seen = new Map<string, number>();

  #text = '';
  /** Tool results by call id: a tool message whose content is its result's names the event instead. */
  readonly #results = new Map<string, { id: string; content: string }>();

  constructor(audit: readonly object[] = []) {
    for (const event of audit as readonly Record<string, unknown>[]) {
      const { id, callId, content } = event;
      if (event['type'] === 'tool.result' && typeof callId === 'string' && typeof content === 'string')
        this.#results.set(callId, { id: id as string, content });
    }
  }

  /**
   * Message parts by their content, then by the JSON of the rest (the content's place kept): the
   * requests of a run repeat the same content strings, whose hash a Map computes once, so a repeated
   * message is found without writing its whole JSON again.
   */
  readonly #byContent = new Map<string, Map<string, number>>();

  /** The number of `value` as a part of kind `field`, adding it when new. */
  add(field: 'message' | 'tools' | 'schema', value: unknown): number {
    const content = (value as { content?: unknown } | null)?.content;
    if (field !== 'message' || typeof content !== 'string') return this.#added(field, value);
    const rest = JSON.stringify({ ...(value as object), content: 0 });
    let shapes = this.#byContent.get(content);
    const known = shapes?.get(rest);
    if (known !== undefined) return known;
    const id = this.#added(field, value);
    if (shapes === undefined) this.#byContent.set(content, (shapes = new Map()));
    shapes.set(rest, id);
    return id;
  }

  #added(field: 'message' | 'tools' | 'schema', value: unknown): number {
    const json = JSON.stringify(value);
    const key = `${field}:${json}`;
    let id = this.#seen.get(key);
    if (id === undefined) {
      id = this.#seen.size;
      this.#seen.set(key, id);
      this.#text += `{"id":${id},${this.#body(field, value, json)}}\n`;
    }
    return id;
  }

  #body(field: string, value: unknown, json: string): string {
    const message = value as { role?: unknown; callId?: unknown; content?: unknown };
    const result = message.role === 'tool' ? this.#results.get(message.callId as string) : undefined;
    if (result === undefined || result.content !== message.content) return `"${field}":${json}`;
    const { content: _content, ...rest } = message;
    return `"${field}":${JSON.stringify(rest)},"contentFrom":"${result.id}"`;
  }

  /** messages.jsonl's text. */
  get text(): string {
    return this.#text;
  }
}

/** requests.jsonl's text for `calls`, their parts added to `table`. */
export function writeCalls(calls: readonly LoggedCall[], table: PartTable): string {
  let requests = '';
  for (const call of calls) {
    const ids = call.request.messages.map((message) => table.add('message', message));
    const request =
      call.kind === 'respond'
        ? { messages: ids, tools: table.add('tools', call.request.tools) }
        : { ...call.request, messages: ids, schema: table.add('schema', call.request.schema) };
    // Wall time to the hundredth of a millisecond: finer digits are noise.
    const durationMs = Math.round(call.durationMs * 100) / 100;
    requests += JSON.stringify({ ...call, durationMs, request }) + '\n';
  }
  return requests;
}

/** The parts of messages.jsonl by id; a tool message's content comes from the audit event it names. */
export function readParts(messagesText: string, audit: readonly object[] = []): Map<number, unknown> {
  const contents = new Map<string, unknown>();
  for (const event of audit as readonly Record<string, unknown>[])
    if (event['type'] === 'tool.result') contents.set(event['id'] as string, event['content']);
  const parts = new Map<number, unknown>();
  for (const { line, value } of parseLines(messagesText, 'messages.jsonl')) {
    const id = value['id'];
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0)
      throw new CallsFileError('messages.jsonl', line, 'has no part number (id)');
    const field = PART_FIELDS.find((name) => name in value);
    if (field === undefined)
      throw new CallsFileError('messages.jsonl', line, 'holds no message, tool list or answer schema');
    let content = value[field];
    const contentFrom = value['contentFrom'];
    if (contentFrom !== undefined) {
      if (typeof contentFrom !== 'string' || !contents.has(contentFrom))
        throw new CallsFileError(
          'messages.jsonl',
          line,
          `names ${JSON.stringify(contentFrom)}, which audit.jsonl lacks`,
        );
      content = { ...(content as object), content: contents.get(contentFrom) };
    }
    const checked = PART_SCHEMAS[field].safeParse(content);
    if (!checked.success)
      throw new CallsFileError(
        'messages.jsonl',
        line,
        `not a ${PART_NAMES[field]} (${firstIssue(checked.error)})`,
      );
    parts.set(id, content);
  }
  return parts;
}

function parseLines(text: string, file: string): { line: number; value: Record<string, unknown> }[] {
  const parsed: { line: number; value: Record<string, unknown> }[] = [];
  text.split('\n').forEach((line, index) => {
    if (line === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (thrown) {
      throw new CallsFileError(file, index + 1, `not a JSON object (${(thrown as Error).message})`);
    }
    if (typeof value !== 'object' || value === null)
      throw new CallsFileError(file, index + 1, 'not a JSON object (not an object)');
    parsed.push({ line: index + 1, value: value as Record<string, unknown> });
  });
  return parsed;
}

/** Rebuilds every call from the two files' text, as the run logged it. */
export function readCalls(
  messagesText: string,
  requestsText: string,
  audit: readonly object[] = [],
): LoggedCall[] {
  const parts = readParts(messagesText, audit);
  return parseLines(requestsText, 'requests.jsonl').map(({ line, value }) => {
    const lookup = (id: unknown): unknown => {
      if (typeof id !== 'number' || !parts.has(id))
        throw new CallsFileError(
          'requests.jsonl',
          line,
          `names ${JSON.stringify(id)}, which messages.jsonl lacks`,
        );
      return parts.get(id);
    };
    if (value['kind'] !== 'respond' && value['kind'] !== 'generate')
      throw new CallsFileError(
        'requests.jsonl',
        line,
        'not a model call (kind: neither respond nor generate)',
      );
    const request = value['request'] as Record<string, unknown> | undefined;
    if (!request || !Array.isArray(request['messages']))
      throw new CallsFileError('requests.jsonl', line, 'has no request with a list of message ids');
    const messages = request['messages'].map(lookup);
    const rebuilt =
      value['kind'] === 'respond'
        ? { messages, tools: lookup(request['tools']) }
        : { ...request, messages, schema: lookup(request['schema']) };
    const call: unknown = { ...value, request: rebuilt };
    const checked = loggedCallSchema.safeParse(call);
    if (!checked.success)
      throw new CallsFileError('requests.jsonl', line, `not a model call (${firstIssue(checked.error)})`);
    // Checked, and kept as written: its fields in the order the run wrote them.
    return call as LoggedCall;
  });
}

/** The calls of the run whose folder is `runDir`, rebuilt from its messages.jsonl and requests.jsonl. */
export async function loadCalls(runDir: string): Promise<LoggedCall[]> {
  const read = (name: string) =>
    readRegularText(join(runDir, name)).catch((thrown: unknown) => {
      throw new CallsFileError(join(runDir, name), null, `cannot be read (${toError(thrown).message})`);
    });
  const [messages, requests, audit] = await Promise.all([
    read('messages.jsonl'),
    read('requests.jsonl'),
    read('audit.jsonl'),
  ]);
  try {
    return readCalls(messages, requests, parseAuditEvents(audit, 'audit.jsonl'));
  } catch (thrown) {
    throw thrown instanceof CallsFileError ? thrown.under(runDir) : thrown;
  }
}

/** A context kept before or after a condensation, as the run holds it. */
interface KeptContext {
  version: 1;
  messages: unknown[];
}

function isKeptContext(value: unknown): value is KeptContext {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { version?: unknown }).version === 1 &&
    Array.isArray((value as { messages?: unknown }).messages)
  );
}

/**
 * A transcript file as written: a context kept at a condensation names its messages by their ids in
 * messages.jsonl (`{"version":2,"messages":[ids]}`); anything else (a save step's transcript and
 * store) is written as it is, whole, for a resume to read.
 */
export function compactTranscript(value: unknown, table: PartTable): unknown {
  if (!isKeptContext(value)) return value;
  return { version: 2, messages: value.messages.map((message) => table.add('message', message)) };
}

/** A kept context read back: its messages rebuilt from messages.jsonl's parts. */
export function expandTranscript(value: unknown, parts: ReadonlyMap<number, unknown>): unknown {
  const compact = value as { version?: unknown; messages?: unknown };
  if (compact.version !== 2 || !Array.isArray(compact.messages)) return value;
  return { version: 1, messages: compact.messages.map((id) => parts.get(id as number)) };
}

/** The text an audit event holds for the entry it recorded: a prompt's, a reply's, a tool result's. */
function eventText(event: Record<string, unknown> | undefined): string | undefined {
  if (event === undefined) return undefined;
  const text = event['type'] === 'tool.result' ? event['content'] : event['text'];
  return typeof text === 'string' ? text : undefined;
}

/**
 * store.json as written: each entry whose text is the text of the audit event it came from (its
 * first source) leaves the text out and names the event in `textFrom`; the audit log holds it once.
 */
export function compactStore(
  store: { version: number; entries: readonly object[] },
  audit: readonly { id: string }[],
): { version: 2; entries: Record<string, unknown>[] } {
  const events = new Map(audit.map((event) => [event.id, event as unknown as Record<string, unknown>]));
  const entries = (store.entries as readonly Record<string, unknown>[]).map((entry) => {
    const source = (entry['sources'] as string[] | undefined)?.[0];
    if (source === undefined || eventText(events.get(source)) !== entry['text']) return entry;
    const { text: _text, ...rest } = entry;
    return { ...rest, textFrom: source };
  });
  return { version: 2, entries };
}

/** store.json read back whole: each entry's text taken again from the audit event it names. */
export function expandStore(
  store: { version: number; entries: readonly Record<string, unknown>[] },
  audit: readonly Record<string, unknown>[],
): { version: 1; entries: Record<string, unknown>[] } {
  const events = new Map(audit.map((event) => [event['id'] as string, event]));
  const entries = store.entries.map((entry) => {
    const from = entry['textFrom'];
    if (typeof from !== 'string') return entry;
    const { textFrom: _from, ...rest } = entry;
    return { ...rest, text: eventText(events.get(from)) };
  });
  return { version: 1, entries };
}
