/**
 * One line of a run's audit.jsonl: an engine audit event, written once as its zod schema. The engine
 * defines the events (engine/audit/events.ts); this schema checks what a results folder holds before
 * the inspector and the report read it, and a type assertion keeps the two the same.
 */
import { z } from 'zod';
import type { AuditEvent } from '../engine/index.js';
import { toError } from '../engine/index.js';
import { CallsFileError } from './errors.js';
import { firstIssue } from './runs-file.js';
import type { Equals } from './type-equality.js';

const count = z.number().int().nonnegative();

/** Every event: its id, its time from the clock, and the person turn it belongs to (0 before the first). */
const base = { id: z.string(), at: z.string(), turn: count };

const outputSweepSchema = z.object({
  days: z.number(),
  due: count,
  removed: z.array(z.string()),
  files: count,
  bytes: count,
  left: count,
  stopped: z.enum(['done', 'sessions', 'time']),
  error: z.string().optional(),
});

const condensationStepSchema = z.object({
  step: z.enum(['references', 'drop', 'floor', 'keepTurns']),
  fill: z.number(),
  turnsDropped: count.optional(),
  referenced: count.optional(),
  squeezed: z.boolean().optional(),
});

/** The fact store's event types; each carries the change as the store reported it. */
const FACT_EVENT_TYPES = [
  'fact.recorded',
  'fact.superseded',
  'fact.deleted',
  'fact.scope.changed',
  'fact.conflict.raised',
  'fact.conflict.resolved',
] as const;

/** An audit event of any type, told apart by `type`. */
export const auditEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('session.start'),
    model: z.string(),
    window: z.number().nullable(),
    settings: z.record(z.string(), z.unknown()),
    resumed: z.string().optional(),
    carriedFrom: z.array(z.string()).optional(),
    outputSweep: outputSweepSchema.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('prompt'),
    entry: count,
    text: z.string(),
    command: z.boolean().optional(),
  }),
  z.object({
    ...base,
    type: z.literal('response'),
    session: z.string(),
    entry: count.nullable(),
    text: z.string(),
    toolCalls: count,
    usage: z.object({ promptTokens: z.number(), completionTokens: z.number() }).nullable(),
    truncated: z.literal(true).optional(),
    durationMs: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal('tool.call'),
    entry: count,
    callId: z.string(),
    tool: z.string(),
    arguments: z.record(z.string(), z.unknown()),
  }),
  z.object({
    ...base,
    type: z.literal('tool.result'),
    entry: count,
    callId: z.string(),
    tool: z.string(),
    ok: z.boolean(),
    content: z.string(),
    bytes: count,
    repeat: z.boolean().optional(),
    durationMs: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal('context.condensation'),
    reason: z.enum(['budget', 'overflow']),
    policy: z.string(),
    goal: z.number().nullable(),
    fillBefore: z.number(),
    fillAfter: z.number(),
    headroom: z.number(),
    floor: z.boolean(),
    turnsDropped: count,
    turnsKept: count,
    droppedEntries: z.array(count),
    steps: z.array(condensationStepSchema),
    note: z.string().optional(),
    savedBefore: z.string().optional(),
    savedAfter: z.string().optional(),
  }),
  z.object({
    ...base,
    type: z.literal('context.overflow'),
    session: z.string(),
    limit: z.number().nullable(),
    count: z.number().nullable(),
    message: z.string(),
    retried: z.boolean(),
  }),
  z.object({
    ...base,
    type: z.literal('context.reference'),
    entry: count,
    tool: z.string(),
    result: z.string(),
    bytesSaved: z.number(),
    tokensSaved: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal('context.cut'),
    reply: count,
    output: count,
    tool: z.string(),
    bytes: z.number(),
    tokens: z.number(),
    coverage: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal('output.kept'),
    callId: z.string(),
    tool: z.string(),
    output: z.string(),
    bytes: count,
    lines: count,
    sha256: z.string(),
    truncated: z.boolean(),
  }),
  z.object({
    ...base,
    type: z.enum(FACT_EVENT_TYPES),
    change: z.record(z.string(), z.unknown()),
  }),
  z.object({
    ...base,
    type: z.literal('context.distillation'),
    turns: z.array(count),
    ok: z.boolean(),
    facts: z.array(z.string()),
    error: z.string().nullable(),
    durationMs: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal('context.summary'),
    turns: z.array(count),
    ok: z.boolean(),
    combined: z.boolean(),
    version: count.nullable(),
    words: count,
    error: z.string().nullable(),
    durationMs: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal('context.memory'),
    action: z.enum(['recall', 'summarise', 'condense', 'note', 'task']),
    target: z.string(),
    ok: z.boolean(),
    detail: z.string(),
    from: z.enum(['audit', 'store', 'audit and store']).optional(),
  }),
  z.object({
    ...base,
    type: z.literal('context.resume'),
    name: z.string(),
    entries: count,
    dropped: count,
    facts: count,
    summaries: count,
  }),
  z.object({
    ...base,
    type: z.literal('context.assessment'),
    method: z.enum(['rules', 'model', 'fallback', 'retry']),
    tools: z.array(z.string()),
    taskBefore: z.string().nullable(),
    taskAfter: z.string().nullable(),
    taskFixed: z.boolean(),
    facts: z.array(z.string()),
    intent: z.string().nullable(),
    error: z.string().nullable(),
    durationMs: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal('model.switch'),
    from: z.string(),
    to: z.string(),
    windowBefore: z.number().nullable(),
    windowAfter: z.number().nullable(),
    budgetBefore: z.number(),
    budgetAfter: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal('turn.end'),
    status: z.enum(['completed', 'failed']),
    error: z.string().nullable(),
  }),
]);

/** Every event type the engine writes. */
export const AUDIT_EVENT_TYPES: ReadonlySet<string> = new Set(
  auditEventSchema.options.flatMap(({ shape: { type } }) =>
    'values' in type ? [...type.values] : type.options,
  ),
);

// The schema and the engine's events are one type: a field added, removed or changed on either side
// fails the typecheck here.
const schemaMatchesEngine: Equals<z.infer<typeof auditEventSchema>, AuditEvent> = true;
void schemaMatchesEngine;

/** What a line of audit.jsonl that is not an event lacks, or null for an event. */
function eventProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'not an audit event (not a JSON object)';
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return 'not an audit event (no event type)';
  if (!AUDIT_EVENT_TYPES.has(type)) return `unknown audit event type ${JSON.stringify(type)}`;
  const checked = auditEventSchema.safeParse(value);
  return checked.success ? null : `not a ${type} event (${firstIssue(checked.error)})`;
}

/**
 * The audit events of audit.jsonl's `text`, each line checked against the event schema and kept as
 * written; a bad line is named by `file` and its line number.
 */
export function parseAuditEvents(text: string, file: string): AuditEvent[] {
  const lines = text.split('\n');
  const events: AuditEvent[] = [];
  lines.forEach((line, index) => {
    if (line === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (thrown) {
      const cut = index === lines.length - 1 ? ', the last line is cut off' : '';
      throw new CallsFileError(file, index + 1, `not JSON (${toError(thrown).message}${cut})`);
    }
    const problem = eventProblem(value);
    if (problem !== null) throw new CallsFileError(file, index + 1, problem);
    events.push(value as AuditEvent);
  });
  return events;
}
