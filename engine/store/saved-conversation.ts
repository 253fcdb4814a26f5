/**
 * A saved conversation: the active transcript, and beside it the store's link data, a sidecar with a
 * version of its own. The transcript alone is enough to go on from; the sidecar brings back what the
 * transcript cannot hold: every entry's sources and state, the dropped entries themselves, cuts,
 * references, and the conversation's facts and running summary. A sidecar is used only when it
 * decodes, is version 1, and its active entries are the transcript's, in order, by id and kind.
 */
import { TranscriptError } from '../errors.js';
import type { Entry, EntryKind, EntryOrigin, ReplyCut } from './entry.js';
import {
  anything,
  count,
  flag,
  listOf,
  numeric,
  objectOf,
  oneOf,
  optional,
  text,
  type Shape,
} from './shape.js';

/** An entry as the transcript holds it: what the model is given, before cuts and references. */
export interface TranscriptEntry {
  id: number;
  kind: EntryKind;
  turn: number;
  text: string;
  call?: Entry['call'];
  outcome?: Entry['outcome'];
  personCommand?: boolean;
}

/** The active transcript, as `transcripts/<name>.json` holds it. */
export interface SavedTranscript {
  version: 1;
  entries: TranscriptEntry[];
}

/** One entry's link data. A dropped entry carries its own content, which the transcript lacks. */
export interface EntryLinks {
  position: number;
  id: number;
  kind: EntryKind;
  origin: EntryOrigin;
  turn: number;
  active: boolean;
  droppedBy?: string;
  sources: string[];
  cuts?: ReplyCut[];
  cutText?: string;
  recordedAt: number;
  droppedAt?: number;
  referencedAt?: number;
  reference?: string;
  entry?: TranscriptEntry;
}

/** The store's sidecar, as `transcripts/<name>.store` holds it. */
export interface StoreSidecar {
  version: 1;
  /** The session.start event of the conversation that saved, and those it was resumed from. */
  session: string;
  carriedFrom: string[];
  entries: EntryLinks[];
  /** The facts layer's own state, when the conversation keeps facts; its shape is the layer's. */
  facts: unknown;
}

const KINDS: readonly EntryKind[] = ['instructions', 'prompt', 'toolCall', 'toolOutput', 'reply'];

const transcriptEntry = objectOf({
  id: count,
  kind: oneOf(...KINDS),
  turn: count,
  text: text,
  call: optional(objectOf({ callId: text, tool: text, arguments: objectOf({}) })),
  outcome: optional(objectOf({ ok: flag })),
  personCommand: optional(flag),
});

const cut = objectOf({
  start: count,
  end: count,
  outputEntry: count,
  tool: text,
  words: count,
  coverage: numeric,
});

const links = objectOf({
  position: count,
  id: count,
  kind: oneOf(...KINDS),
  origin: oneOf('turn', 'carried', 'resumed'),
  turn: count,
  active: flag,
  droppedBy: optional(text),
  sources: listOf(text),
  cuts: optional(listOf(cut)),
  cutText: optional(text),
  recordedAt: numeric,
  droppedAt: optional(count),
  referencedAt: optional(count),
  reference: optional(text),
  entry: optional(transcriptEntry),
});

const transcriptShape = objectOf({ version: oneOf(1), entries: listOf(transcriptEntry) });
const sidecarShape = objectOf({
  version: oneOf(1),
  session: text,
  carriedFrom: listOf(text),
  entries: listOf(links),
  facts: anything,
});

/** An entry's content as a transcript holds it (of a store entry, or of a transcript's own). */
export function transcriptEntryOf(entry: TranscriptEntry): TranscriptEntry {
  return {
    id: entry.id,
    kind: entry.kind,
    turn: entry.turn,
    text: entry.text,
    ...(entry.call ? { call: entry.call } : {}),
    ...(entry.outcome ? { outcome: entry.outcome } : {}),
    ...(entry.personCommand ? { personCommand: true } : {}),
  };
}

/** The link data of every entry, active or dropped, in order. */
export function linksOf(entries: readonly Entry[]): EntryLinks[] {
  return entries.map((e, index) => ({
    position: index + 1,
    id: e.id,
    kind: e.kind,
    origin: e.origin,
    turn: e.turn,
    active: e.active,
    ...(e.droppedBy !== undefined ? { droppedBy: e.droppedBy } : {}),
    sources: [...e.sources],
    ...(e.cuts ? { cuts: e.cuts } : {}),
    ...(e.cutText !== undefined ? { cutText: e.cutText } : {}),
    recordedAt: e.recordedAt,
    ...(e.droppedAt !== undefined ? { droppedAt: e.droppedAt } : {}),
    ...(e.referencedAt !== undefined ? { referencedAt: e.referencedAt } : {}),
    ...(e.reference !== undefined ? { reference: e.reference } : {}),
    ...(e.active ? {} : { entry: transcriptEntryOf(e) }),
  }));
}

/** Reads a saved transcript; throws a {@link TranscriptError} saying why it cannot be read. */
export function decodeTranscript(name: string, content: string): SavedTranscript {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (thrown) {
    throw new TranscriptError(`transcript '${name}' does not decode: ${(thrown as Error).message}`);
  }
  const problem = transcriptShape(value, 'transcript');
  if (problem !== null)
    throw new TranscriptError(`transcript '${name}' is not one wisp-eval saved: ${problem}`);
  return value as SavedTranscript;
}

/** The sidecar when it can be used with `transcript`, or why it cannot. */
export type SidecarLink = { ok: true; sidecar: StoreSidecar } | { ok: false; reason: string };

/** Decodes a sidecar and checks that it matches the transcript, entry for entry. */
export function linkSidecar(content: string | null, transcript: SavedTranscript): SidecarLink {
  if (content === null) return { ok: false, reason: 'no store sidecar was saved with the transcript' };
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (thrown) {
    return { ok: false, reason: `the store sidecar does not decode: ${(thrown as Error).message}` };
  }
  const version = (value as { version?: unknown } | null)?.version;
  if (version !== 1) {
    return { ok: false, reason: `the store sidecar is version ${JSON.stringify(version) ?? 'none'}, not 1` };
  }
  const problem: string | null = (sidecarShape as Shape)(value, 'sidecar');
  if (problem !== null) return { ok: false, reason: `the store sidecar is malformed: ${problem}` };
  const sidecar = value as StoreSidecar;
  const mismatch = matchProblem(sidecar, transcript);
  if (mismatch !== null)
    return { ok: false, reason: `the store sidecar does not match the transcript: ${mismatch}` };
  return { ok: true, sidecar };
}

function matchProblem(sidecar: StoreSidecar, transcript: SavedTranscript): string | null {
  let lastId = 0;
  for (const [index, link] of sidecar.entries.entries()) {
    if (link.position !== index + 1)
      return `entry ${link.id} is at position ${link.position}, not ${index + 1}`;
    if (link.id <= lastId) return `entry ids are not in order at entry ${link.id}`;
    if (!link.active && link.entry === undefined) return `dropped entry ${link.id} has no content`;
    lastId = link.id;
  }
  const active = sidecar.entries.filter((e) => e.active);
  if (active.length !== transcript.entries.length) {
    return `it has ${active.length} active entries, the transcript ${transcript.entries.length}`;
  }
  for (const [index, link] of active.entries()) {
    const entry = transcript.entries[index];
    if (entry === undefined || entry.id !== link.id || entry.kind !== link.kind) {
      return `entry ${index + 1} is ${entry ? `${entry.kind} ${entry.id}` : 'missing'} in the transcript and ${link.kind} ${link.id} in the sidecar`;
    }
  }
  return null;
}
