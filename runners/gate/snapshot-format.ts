/**
 * The snapshot format, version 1: one readable, line-oriented text file per run, so that `git diff`
 * of a re-recorded snapshot reads like a change log of what the model receives.
 *
 * - A header: the lines `wisp-eval snapshot` and `version: 1`, then `run:`, `scenario:`,
 *   `strategy:`, any `set` overrides, `model:`, `window:`, and under `settings:` one `key = value`
 *   line per resolved setting, sorted.
 * - The run's timeline in order, a block per item, each opening with a `== ` line.
 *   `== call 7 · turn 3 · turn · ses-2 (new session)` is a model call (its purpose is turn, distil,
 *   summary or facts-and-summary): the engine's estimate, then the tools (`respond`) or the schema
 *   and `maxTokens` (`generate`), then the messages as references; everything first seen is defined
 *   just before the line that refers to it (see definitions.ts). Then the answer: a `respond` answer
 *   is the assistant message it is (`answer: m8`, its text as `| ` lines and its tool calls as
 *   `call {json}` lines), so the next request refers to it rather than repeating it; a guided value
 *   is pretty JSON under `answer:`; then `usage: {json}`. A failed call has `error: ...` instead,
 *   then `failure: {json}`: its code and kind (and a typed overflow's window and count).
 *   `== event evt-12 · turn 3 · context.condensation` is an audit event: its fields but `id`, `type`
 *   and `turn` as one JSON line. A `tool.result` first defines its output as the tool message it is
 *   sent as and writes `"content":"@m7"`.
 * - Every file the run left, in path order, as `== file PATH`: a transcript's messages as a reference
 *   list, any other JSON object as one `key: {json}` line per field, a list of objects as `key:` and
 *   one `- {json}` line per element. `store.json` is the store at the end of the run.
 * - `== record`: the run record's outcome: status, error, score, each probe (`probe ID · turn N ·
 *   VERDICT`, or `probe ID · turn N · never given · VERDICT` for one that expects an abstention, and
 *   its reply as `| ` lines, then for a probe with an answer `evidence: OUTCOME {json}`: its cell and
 *   whether its evidence was in view, through which channels, and whether a stale value was), and the
 *   other figures, one per line.
 *
 * No wall time is ever written: any field named `timing` or ending in `Ms` (`durationMs`, `modelMs`)
 * is left out. Times under `at` and `recordedAt` come from the scenario's stepping clock and stay.
 * Within events, files and the record, a string of 64 characters or more that equals the content of
 * a message already defined is written as `"@mN"`, naming that message.
 */
import type { CallRecord, RunFiles, RunOutcome } from '../../records/run-outcome.js';
import type { RunRecord } from '../../records/run-record.js';
import type { AuditEvent, Message } from '../../engine/index.js';
import { Definitions, textLines } from './definitions.js';
import type { ManifestRun } from './manifest.js';

/** The first line of every snapshot. */
export const SNAPSHOT_TITLE = 'wisp-eval snapshot';
/** The format version this code writes and reads, as its second line says. */
export const SNAPSHOT_VERSION = 1;

/** What the header takes from the manifest run: its id, the scenario as written, its overrides. */
export type SnapshotRun = Pick<ManifestRun, 'id' | 'scenario' | 'set'>;

/** Renders a run's outcome as its snapshot text. Equal runs give equal text, whatever they took. */
export function renderSnapshot(outcome: RunOutcome, run: SnapshotRun): string {
  const defs = new Definitions();
  const lines = headerLines(outcome.record, run);
  for (const item of outcome.files.timeline) {
    if (item.kind === 'call') lines.push(...callBlock(item.call, defs));
    else lines.push(...eventBlock(item.event, defs));
  }
  lines.push(...fileBlocks(outcome.files, defs));
  lines.push(...recordBlock(outcome.record, defs));
  return lines.join('\n') + '\n';
}

function setting(name: string, value: unknown): string {
  return `${name} = ${JSON.stringify(value)}`;
}

function sortedEntries(values: Record<string, unknown>): [string, unknown][] {
  return Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function headerLines(record: RunRecord, run: SnapshotRun): string[] {
  const from = run.scenario === record.scenario ? '' : ` (${run.scenario})`;
  return [
    SNAPSHOT_TITLE,
    `version: ${SNAPSHOT_VERSION}`,
    `run: ${run.id}`,
    `scenario: ${record.scenario}${from}`,
    `strategy: ${record.strategy}`,
    ...sortedEntries(run.set).map(([name, value]) => `set ${setting(name, value)}`),
    `model: ${record.model}`,
    `window: ${record.window}`,
    'settings:',
    ...sortedEntries(record.settings).map(([name, value]) => setting(name, value)),
  ];
}

function callBlock(call: CallRecord, defs: Definitions): string[] {
  const fresh = call.fresh ? ' (new session)' : '';
  const out = [`== call ${call.call} · turn ${call.turn} · ${call.purpose} · ${call.session}${fresh}`];
  out.push(`estimated: ${call.estimated}`);
  if (call.kind === 'respond') {
    out.push(`tools: ${defs.tools(call.request.tools, out)}`);
  } else {
    if (call.request.purpose !== call.purpose) out.push(`guided purpose: ${call.request.purpose}`);
    out.push(`schema: ${defs.schema(call.request.schema, out)}`);
    out.push(`maxTokens: ${call.request.maxTokens}`);
  }
  out.push(`messages: ${defs.messages(call.request.messages, out)}`);
  if (call.error !== undefined) {
    const [first = '', ...rest] = call.error.split('\n');
    out.push(`error: ${first}`, ...rest.flatMap(textLines));
    if (call.failure !== undefined) out.push(`failure: ${JSON.stringify(call.failure)}`);
    return out;
  }
  if (call.kind === 'respond' && call.response) {
    const { text, toolCalls } = call.response;
    const answer: Message =
      toolCalls.length > 0
        ? { role: 'assistant', content: text, toolCalls }
        : { role: 'assistant', content: text };
    out.push(`answer: ${defs.message(answer, out)}`);
  } else if (call.kind === 'generate' && call.response) {
    out.push('answer:', ...textLines(JSON.stringify(call.response.value, null, 2) ?? 'undefined'));
  }
  if (call.response?.usage) out.push(`usage: ${JSON.stringify(call.response.usage)}`);
  return out;
}

function eventBlock(event: AuditEvent, defs: Definitions): string[] {
  const out = [`== event ${event.id} · turn ${event.turn} · ${event.type}`];
  const { id: _id, type: _type, turn: _turn, ...fields } = event;
  if (event.type === 'tool.result') {
    // The output as the tool message it is sent as, so that message is written once.
    const { callId, tool, content } = event;
    Object.assign(fields, { content: `@${defs.message({ role: 'tool', callId, tool, content }, out)}` });
  }
  out.push(JSON.stringify(stable(fields, defs)));
  return out;
}

/**
 * A value as a snapshot writes it: wall times left out (`timing`, any `...Ms` field) and long strings
 * that repeat a defined message's content written as its reference.
 */
export function stable(value: unknown, defs: Definitions): unknown {
  if (typeof value === 'string') return defs.contentReference(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => stable(item, defs));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'timing' || key.endsWith('Ms')) continue;
    out[key] = stable(item, defs);
  }
  return out;
}

function isMessageList(value: unknown): value is Message[] {
  return Array.isArray(value) && value.every((m) => typeof m === 'object' && m !== null && 'role' in m);
}

/** `key: {json}` lines for an object's fields; an array field as `key:` and a `- {json}` line each. */
function fieldLines(
  fields: Record<string, unknown>,
  defs: Definitions,
  skip: readonly string[] = [],
): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (skip.includes(key) || key === 'timing' || key.endsWith('Ms')) continue;
    if (Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null)) {
      out.push(`${key}:`, ...value.map((item) => `- ${JSON.stringify(stable(item, defs))}`));
    } else {
      out.push(`${key}: ${JSON.stringify(stable(value, defs))}`);
    }
  }
  return out;
}

function fileBlocks(files: RunFiles, defs: Definitions): string[] {
  const all = new Map<string, unknown>([['store.json', files.store], ...files.transcripts]);
  const out: string[] = [];
  for (const path of [...all.keys()].sort()) {
    const value = all.get(path);
    out.push(`== file ${path}`);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      out.push(JSON.stringify(stable(value, defs)));
      continue;
    }
    const fields = value as Record<string, unknown>;
    const messages = fields.messages;
    if (isMessageList(messages)) {
      out.push(...fieldLines(fields, defs, ['messages']));
      out.push(`messages: ${defs.messages(messages, out)}`);
    } else {
      out.push(...fieldLines(fields, defs));
    }
  }
  return out;
}

/**
 * Fields the header already gives, and the replay mark: a run replayed from its snapshot renders as
 * the run recorded live did.
 */
const IN_HEADER = ['version', 'id', 'scenario', 'strategy', 'model', 'window', 'run', 'settings', 'replayed'];

function recordBlock(record: RunRecord, defs: Definitions): string[] {
  const out = ['== record'];
  for (const [key, value] of Object.entries(record)) {
    if (IN_HEADER.includes(key)) continue;
    if (key !== 'probes') {
      out.push(...fieldLines({ [key]: value }, defs));
      continue;
    }
    for (const probe of record.probes) {
      const expects = probe.expects === 'abstention' ? ' · never given' : '';
      out.push(
        `probe ${probe.id} · turn ${probe.turn}${expects} · ${probe.verdict}`,
        ...textLines(probe.reply),
      );
      if (probe.expects === 'answer')
        out.push(`evidence: ${probe.outcome} ${JSON.stringify(probe.evidence)}`);
    }
  }
  return out;
}
