/**
 * How recall describes an entry of the store: its kind, turn and state, and its text, read from the
 * audit when the audit holds the event it was recorded from, else from the store.
 */
import type { AuditEvent } from '../../audit/events.js';
import type { Entry } from '../../store/entry.js';
import type { MemorySource } from './memory-source.js';

/** `[3, 4, 5, 8]` as `3-5, 8`. */
export function spans(numbers: readonly number[]): string {
  const parts: string[] = [];
  let start: number | undefined;
  let prev: number | undefined;
  for (const n of [...numbers, Number.NaN]) {
    if (prev !== undefined && n === prev + 1) {
      prev = n;
      continue;
    }
    if (start !== undefined && prev !== undefined)
      parts.push(start === prev ? `${start}` : `${start}-${prev}`);
    start = n;
    prev = n;
  }
  return parts.join(', ');
}

export function when(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : 'at an unknown time';
}

/** What an entry is: `prompt`, `tool output of read_file`, `reply`. */
export function entryKind(entry: Entry): string {
  const tool = entry.call?.tool ?? 'a tool';
  switch (entry.kind) {
    case 'instructions':
      return 'instructions';
    case 'prompt':
      return entry.personCommand ? 'command the person ran' : 'prompt';
    case 'toolCall':
      return `tool call to ${tool}`;
    case 'toolOutput': {
      const status = entry.outcome?.exitCode;
      if (entry.outcome?.ok === false) {
        return `tool output of ${tool}, failed${typeof status === 'number' ? ` with exit status ${status}` : ''}`;
      }
      return `tool output of ${tool}`;
    }
    case 'reply':
      return 'reply';
  }
}

export function entryTurn(entry: Entry): string {
  return entry.origin === 'carried' || entry.kind === 'instructions'
    ? 'carried with the instructions'
    : `turn ${entry.turn}`;
}

/** Whether the model is still sent an entry: `active`, or `dropped in turn 5`. */
export function entryState(entry: Entry): string {
  if (!entry.active) return entry.droppedAt === undefined ? 'dropped' : `dropped in turn ${entry.droppedAt}`;
  return entry.referencedAt === undefined
    ? 'active'
    : `active, sent as a reference from turn ${entry.referencedAt}`;
}

/** An entry's content as the audit event it refers to recorded it, when the event is of its kind. */
export function contentOf(entry: Entry, event: AuditEvent | undefined): string | undefined {
  switch (event?.type) {
    case 'prompt':
      return entry.kind === 'prompt' ? event.text : undefined;
    case 'response':
      return entry.kind === 'reply' ? event.text : undefined;
    case 'tool.call':
      return entry.kind === 'toolCall'
        ? JSON.stringify({ tool: event.tool, arguments: event.arguments })
        : undefined;
    case 'tool.result':
      return entry.kind === 'toolOutput' ? event.content : undefined;
    default:
      return undefined;
  }
}

/** Where an entry's text was read: the audit event it refers to, or the store's copy. */
export interface EntryText {
  text: string;
  from: 'audit' | 'store';
  /** The audit event read, when it was. */
  event?: string;
}

/**
 * An entry's text, read from the audit (the verbatim record) by the first event the entry names;
 * the store's copy serves what the audit does not hold: no audit, an event not found, or one of
 * another kind.
 */
export async function entryText(entry: Entry, source: MemorySource): Promise<EntryText> {
  const id = entry.sources[0];
  if (source.audit !== undefined && id !== undefined) {
    const text = contentOf(entry, await source.audit.event(id));
    if (text !== undefined) return { text, from: 'audit', event: id };
  }
  return { text: entry.text, from: 'store' };
}

export function whence(read: EntryText): string {
  return read.from === 'audit'
    ? `text from the audit, event ${read.event ?? ''}`
    : 'text from the store: the audit does not hold it';
}
