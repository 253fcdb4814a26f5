/**
 * The context composed at the start of a turn, rebuilt from a finished run's files: the reference's
 * `/inspect context N`. The store records when each entry was dropped and when each output became a
 * reference; the audit log orders those changes against the model calls, so the entries the first
 * request of turn N carried, and what each was sent as, can be told exactly, even across a resume
 * (whose store stamps carried-over drops and references with turn 0) or an overflow mid-turn.
 * The facts and now blocks are not store entries; they are read from the request itself.
 */
import {
  EARLIER_HEADER,
  NOW_HEADER,
  composeMessages,
  estimateTokens,
  type AuditEvent,
  type Entry,
  type EntryKind,
  type Message,
} from '../../engine/index.js';
import type { LoggedCall } from '../../records/requests-file.js';
import type { RunFiles } from '../../records/read-run-files.js';

/**
 * What an entry was sent as: whole, as its compact reference, with its cuts' markers, or whole as
 * stored where the tool's result already showed part of its output around a held-back marker.
 */
export type SentAs = 'whole' | 'reference' | 'cut' | 'held-back';

/** One entry of a composed context. */
export interface ComposedEntry {
  id: number;
  kind: EntryKind;
  turn: number;
  /** For tool calls and outputs: the tool. */
  tool: string | null;
  sentAs: SentAs;
  /** The text as sent, and as the store holds it. */
  sent: string;
  stored: string;
  /** The engine's estimate of the text as sent, and of the stored text. */
  tokens: number;
  storedTokens: number;
}

/** An entry of an earlier turn that a condensation took out before this turn. */
export interface GoneEntry {
  id: number;
  kind: EntryKind;
  turn: number;
  tool: string | null;
  /** The condensation event that dropped it, and the turn it fired at. */
  droppedBy: string;
  droppedAt: number;
}

/** The request's size against the lines the engine condenses by. */
export interface RequestSize {
  /** The engine's estimate of the whole request (messages and tools). */
  estimated: number;
  /** What the runtime reported, when it did. */
  reported: number | null;
  window: number;
  /** The budget in tokens (null under fail-fast, which never condenses). */
  budget: number | null;
  /** The goal a target condensation brings the context to (null for other policies). */
  goal: number | null;
}

/** The context composed at the start of a turn, as its first request carried it. */
export interface ContextAtTurn {
  runId: string;
  turn: number;
  /** The turn's first model call (null when the turn made none); how many it made. */
  call: LoggedCall | null;
  callsInTurn: number;
  entries: ComposedEntry[];
  /** The prompt-side blocks the request carried: earlier (facts and summary) and now. */
  earlierBlock: string | null;
  nowBlock: string | null;
  /** Entries of earlier turns already dropped. */
  gone: GoneEntry[];
  /** The turn's own entries after its first request: tool calls, outputs and the reply. */
  during: ComposedEntry[];
  size: RequestSize | null;
  /** Whether the entries, composed with the blocks, give the request as sent, message for message. */
  matchesRequest: boolean | null;
}

const HELD_BACK = /\[… .+? held back …\]/;

/** Where each audit event sits in the log, by id. */
function positions(audit: readonly AuditEvent[]): Map<string, number> {
  return new Map(audit.map((event, index) => [event.id, index]));
}

/** The audit position of a turn's first model call: its first response or overflow; else its end. */
function firstCallPosition(audit: readonly AuditEvent[], turn: number): number {
  const index = audit.findIndex(
    (e) =>
      e.turn === turn && (e.type === 'response' || e.type === 'context.overflow' || e.type === 'turn.end'),
  );
  return index === -1 ? audit.length : index;
}

/** A run's files indexed for composing any turn. */
export class RunContexts {
  readonly files: RunFiles;
  readonly #pos: Map<string, number>;
  /** The earliest reference event by the tool.result event it refers to. */
  readonly #referenced = new Map<string, number>();
  readonly #condensationTurn = new Map<string, number>();

  constructor(files: RunFiles) {
    this.files = files;
    this.#pos = positions(files.audit);
    files.audit.forEach((event, index) => {
      if (event.type === 'context.reference' && !this.#referenced.has(event.result))
        this.#referenced.set(event.result, index);
      if (event.type === 'context.condensation') this.#condensationTurn.set(event.id, event.turn);
    });
  }

  /** The turns the run made, from 1. */
  get turns(): number {
    return this.files.record.turns;
  }

  #position(id: string | undefined): number | undefined {
    return id === undefined ? undefined : this.#pos.get(id);
  }

  /** Whether `entry` was recorded before audit position `at`. */
  #recordedBefore(entry: Entry, at: number, turn: number): boolean {
    const source = this.#position(entry.sources[0]);
    return source === undefined ? entry.turn < turn : source < at;
  }

  /** Whether `entry` had been dropped before audit position `at`. */
  #droppedBefore(entry: Entry, at: number, turn: number): boolean {
    if (entry.droppedBy === undefined) return false;
    const by = entry.droppedBy.startsWith('retried:') ? entry.droppedBy.slice(8) : entry.droppedBy;
    const position = this.#position(by);
    return position === undefined ? (entry.droppedAt ?? Infinity) <= turn : position < at;
  }

  /** Whether a tool output was sent as its reference at audit position `at` of `turn`. */
  #referencedBefore(entry: Entry, at: number, turn: number): boolean {
    if (entry.reference === undefined) return false;
    const event = this.#referenced.get(entry.sources[0] ?? '');
    return event === undefined ? (entry.referencedAt ?? Infinity) <= turn : event < at;
  }

  #composed(entry: Entry, turn: number, asReference: boolean): ComposedEntry {
    let sentAs: SentAs = 'whole';
    let sent = entry.text;
    if (entry.kind === 'toolOutput' && asReference && entry.reference !== undefined) {
      sentAs = 'reference';
      sent = entry.reference;
    } else if (entry.kind === 'reply' && entry.cutText !== undefined && entry.turn < turn) {
      sentAs = 'cut';
      sent = entry.cutText;
    } else if (entry.kind === 'toolOutput' && HELD_BACK.test(entry.text)) {
      sentAs = 'held-back';
    }
    return {
      id: entry.id,
      kind: entry.kind,
      turn: entry.turn,
      tool: entry.call?.tool ?? null,
      sentAs,
      sent,
      stored: entry.text,
      tokens: estimateTokens(sent),
      storedTokens: estimateTokens(entry.text),
    };
  }

  /** The context composed at the start of `turn`: what its first request carried, entry by entry. */
  at(turn: number): ContextAtTurn {
    const { record, entries, audit, calls } = this.files;
    const at = firstCallPosition(audit, turn);
    const turnCalls = calls.filter((c) => c.purpose === 'turn' && c.turn === turn);
    const call = turnCalls[0] ?? null;
    const carried: Entry[] = [];
    const composed: ComposedEntry[] = [];
    const gone: GoneEntry[] = [];
    const during: ComposedEntry[] = [];
    for (const entry of entries) {
      if (entry.turn > turn) continue;
      if (!this.#recordedBefore(entry, at, turn)) {
        // The turn's own entries after its first request, unless a retried attempt left them.
        if (entry.turn === turn && !entry.droppedBy?.startsWith('retried:'))
          during.push(this.#composed(entry, turn, false));
        continue;
      }
      if (this.#droppedBefore(entry, at, turn)) {
        if (!entry.droppedBy?.startsWith('retried:'))
          gone.push({
            id: entry.id,
            kind: entry.kind,
            turn: entry.turn,
            tool: entry.call?.tool ?? null,
            droppedBy: entry.droppedBy ?? '',
            droppedAt: this.#condensationTurn.get(entry.droppedBy ?? '') ?? entry.droppedAt ?? turn,
          });
        continue;
      }
      const asReference = this.#referencedBefore(entry, at, turn);
      composed.push(this.#composed(entry, turn, asReference));
      carried.push({
        ...entry,
        referencedAt: asReference ? turn : undefined,
      } as Entry);
    }
    const sent: readonly Message[] | null = call?.request.messages ?? null;
    const earlierBlock = blockOf(sent, EARLIER_HEADER);
    const nowBlock = blockOf(sent, NOW_HEADER);
    let matchesRequest: boolean | null = null;
    if (sent !== null) {
      const rebuilt = composeMessages(carried, {
        turn,
        ...(earlierBlock !== null ? { earlierBlock } : {}),
        ...(nowBlock !== null ? { nowBlock } : {}),
      });
      matchesRequest = sameMessages(rebuilt, sent);
    }
    return {
      runId: record.id,
      turn,
      call,
      callsInTurn: turnCalls.length,
      entries: composed,
      earlierBlock,
      nowBlock,
      gone,
      during,
      size: call === null ? null : sizeOf(record.settings, record.window, call),
      matchesRequest,
    };
  }
}

function blockOf(messages: readonly Message[] | null, header: string): string | null {
  const block = messages?.find((m) => m.role === 'user' && m.content.startsWith(header));
  return block?.content ?? null;
}

/** True when two lists of messages would write the same JSON, compared one message at a time. */
function sameMessages(a: readonly Message[], b: readonly Message[]): boolean {
  return a.length === b.length && a.every((message, at) => sameJson(message, b[at]));
}

/**
 * True when two values write the same JSON: a key whose value is undefined is absent, as
 * JSON.stringify leaves it, and keys come in the same order. It stops at the first difference and
 * writes no text.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, at) => sameJson(item, other[at]));
  }
  const written = (value: object) =>
    Object.entries(value).filter(([, item]) => item !== undefined && typeof item !== 'function');
  const left = written(a);
  const right = written(b);
  return (
    left.length === right.length &&
    left.every(([key, item], at) => right[at]?.[0] === key && sameJson(item, right[at]?.[1]))
  );
}

/** The lines the engine condenses by, from a run's resolved settings. */
export function condensingLines(
  settings: Record<string, unknown>,
  window: number,
): { budget: number | null; goal: number | null } {
  const number = (key: string, fallback: number): number => {
    const value = settings[key];
    return typeof value === 'number' ? value : fallback;
  };
  const policy = settings['context.policy'];
  if (policy === 'failFast') return { budget: null, goal: null };
  const budget = number('context.budget', 0.85);
  const share = Math.max(
    0,
    Math.min(number('context.target', 0.6), budget - number('context.targetMargin', 0.2)),
  );
  return {
    budget: Math.floor(budget * window),
    goal: policy === 'target' ? Math.floor(share * window) : null,
  };
}

function sizeOf(settings: Record<string, unknown>, window: number, call: LoggedCall): RequestSize {
  return {
    estimated: call.estimated,
    reported: call.kind === 'respond' ? (call.response?.usage?.promptTokens ?? null) : null,
    window,
    ...condensingLines(settings, window),
  };
}
