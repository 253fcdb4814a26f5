/**
 * A model request as text, for comparing a replayed call with its recording: the exact comparison is
 * of the request's JSON; these lines are what a person reads when it fails (the first part that
 * differs, and a short diff in the form `snapshots check` prints).
 */
import type { GuidedRequest, Message, ModelRequest } from '../../../engine/index.js';

/** A call's kind and request, as the port received it or the recording holds it. */
export type KindedRequest =
  { kind: 'respond'; request: ModelRequest } | { kind: 'generate'; request: GuidedRequest };

/**
 * The request's JSON in one fixed field order: what must be byte-identical for a recorded answer
 * to be given. A respond call's messages and tools; a guided call's purpose, messages, schema and
 * token bound.
 */
export function requestJson(call: KindedRequest): string {
  if (call.kind === 'respond') {
    const { messages, tools } = call.request;
    return JSON.stringify({ kind: call.kind, messages, tools });
  }
  const { purpose, messages, schema, maxTokens } = call.request;
  return JSON.stringify({ kind: call.kind, purpose, messages, schema, maxTokens });
}

function textLines(text: string): string[] {
  return text.split('\n').map((line) => (line === '' ? '|' : `| ${line}`));
}

function messageLines(message: Message, index: number): string[] {
  const head =
    message.role === 'tool'
      ? `message ${index} (tool ${message.tool} ${message.callId})`
      : `message ${index} (${message.role})`;
  const calls =
    message.role === 'assistant' ? (message.toolCalls ?? []).map((c) => `call ${JSON.stringify(c)}`) : [];
  return [head, ...textLines(message.content), ...calls];
}

/** The request as lines: its kind and fields, then each message with its text as `| ` lines. */
export function requestLines(call: KindedRequest): string[] {
  const head =
    call.kind === 'respond'
      ? ['kind: respond', ...call.request.tools.map((tool) => `tool ${JSON.stringify(tool)}`)]
      : [
          'kind: generate',
          `purpose: ${call.request.purpose}`,
          `maxTokens: ${call.request.maxTokens}`,
          `schema: ${JSON.stringify(call.request.schema)}`,
        ];
  return [...head, ...call.request.messages.flatMap(messageLines)];
}

/** The first part of `now` that differs from `recorded`, in a few words; null when they are equal. */
export function firstRequestPart(recorded: KindedRequest, now: KindedRequest): string | null {
  if (recorded.kind !== now.kind) return `its kind (recorded ${recorded.kind}, now ${now.kind})`;
  const [a, b] = [recorded.request.messages, now.request.messages];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const [x, y] = [a[i], b[i]];
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    if (!x) return `message ${i} (${y?.role}), new`;
    if (!y) return `message ${i} (${x.role}), gone`;
    return `message ${i} (${x.role === y.role ? x.role : `${x.role}, now ${y.role}`})`;
  }
  if (recorded.kind === 'respond' && now.kind === 'respond') {
    return JSON.stringify(recorded.request.tools) === JSON.stringify(now.request.tools) ? null : 'its tools';
  }
  if (recorded.kind === 'generate' && now.kind === 'generate') {
    if (recorded.request.purpose !== now.request.purpose) return 'its purpose';
    if (JSON.stringify(recorded.request.schema) !== JSON.stringify(now.request.schema)) return 'its schema';
    if (recorded.request.maxTokens !== now.request.maxTokens) return 'its maxTokens';
  }
  return requestJson(recorded) === requestJson(now) ? null : 'the order of its fields';
}
