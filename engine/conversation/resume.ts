/**
 * Saving a conversation and taking it up again in a new one. Saving writes the active transcript and
 * the store's sidecar; resuming rebuilds the store from both when the sidecar matches, and from the
 * transcript alone when it does not, saying why. Either way the new conversation goes on from the
 * saved turns with new model sessions.
 */
import { decodeFactsState, type FactsState } from '../facts/saved-facts.js';
import type { Entry } from '../store/entry.js';
import {
  decodeTranscript,
  linkSidecar,
  linksOf,
  transcriptEntryOf,
  type SavedTranscript,
  type StoreSidecar,
  type TranscriptEntry,
} from '../store/saved-conversation.js';
import { TranscriptError } from '../errors.js';

/** A saved conversation as its two files' text; `sidecar` is null when none was saved. */
export interface SavedConversation {
  name: string;
  transcript: string;
  sidecar: string | null;
}

/** What a resumed conversation starts from. */
export interface ResumePlan {
  /** The store's entries, given the new session.start event and the time of the resume. */
  entries: (start: string, now: number) => Entry[];
  /** True when the sidecar matched and everything it holds was taken up. */
  linked: boolean;
  /** Why the sidecar was not used; null when it was. */
  reason: string | null;
  /** The sessions whose audit events the entries refer to. */
  carriedFrom: string[];
  facts: FactsState | null;
  /** The last turn the saved conversation took part in; the new one goes on after it. */
  lastTurn: number;
}

/** The two files' text for a conversation's store and facts. */
export function saveConversation(
  entries: readonly Entry[],
  session: string,
  carriedFrom: readonly string[],
  facts: FactsState | null,
): { transcript: string; sidecar: string } {
  const transcript: SavedTranscript = {
    version: 1,
    entries: entries.filter((e) => e.active).map(transcriptEntryOf),
  };
  const sidecar: StoreSidecar = {
    version: 1,
    session,
    carriedFrom: [...carriedFrom],
    entries: linksOf(entries),
    facts,
  };
  return { transcript: toJson(transcript), sidecar: toJson(sidecar) };
}

/**
 * Reads a saved conversation. A transcript that cannot be read throws a TranscriptError; a sidecar
 * that is missing, does not decode, is not version 1 or does not match only means the store is
 * rebuilt from the transcript alone.
 */
export function planResume(saved: SavedConversation): ResumePlan {
  const transcript = decodeTranscript(saved.name, saved.transcript);
  const lastTurn = Math.max(0, ...transcript.entries.map((e) => e.turn));
  const link = linkSidecar(saved.sidecar, transcript);
  let reason = link.ok ? null : link.reason;
  let facts: FactsState | null = null;
  if (link.ok && link.sidecar.facts !== null) {
    const decoded = decodeFactsState(link.sidecar.facts);
    if (typeof decoded === 'string') reason = `the store sidecar is malformed: ${decoded}`;
    else facts = decoded;
  }
  if (!link.ok || reason !== null) {
    return {
      entries: (start, now) => transcript.entries.map((e) => fromTranscript(e, start, now)),
      linked: false,
      reason,
      carriedFrom: [],
      facts: null,
      lastTurn,
    };
  }
  const sidecar = link.sidecar;
  const active = new Map(transcript.entries.map((e) => [e.id, e]));
  return {
    entries: () => sidecar.entries.map((links) => fromLinks(links, active.get(links.id) ?? links.entry)),
    linked: true,
    reason: null,
    carriedFrom: [...sidecar.carriedFrom, sidecar.session],
    facts,
    lastTurn: Math.max(lastTurn, ...sidecar.entries.map((e) => e.turn)),
  };
}

// From the transcript alone nothing is known of sources, drops, cuts or references: the entries
// came in with the new session's start, and each is sent whole until the rules apply again.
function fromTranscript(e: TranscriptEntry, start: string, now: number): Entry {
  return {
    ...transcriptEntryOf(e),
    origin: e.kind === 'instructions' ? 'carried' : 'resumed',
    sources: [start],
    recordedAt: now,
    active: true,
  };
}

// Drops and references happened before the new conversation's first turn, so both become turn 0.
function fromLinks(links: StoreSidecar['entries'][number], saved: TranscriptEntry | undefined): Entry {
  if (saved === undefined) throw new TranscriptError(`entry ${links.id} has no content`);
  return {
    ...transcriptEntryOf(saved),
    turn: links.turn,
    origin: links.origin === 'carried' ? 'carried' : 'resumed',
    sources: [...links.sources],
    recordedAt: links.recordedAt,
    active: links.active,
    ...(links.droppedBy !== undefined ? { droppedBy: links.droppedBy } : {}),
    ...(links.droppedAt !== undefined ? { droppedAt: 0 } : {}),
    ...(links.referencedAt !== undefined ? { referencedAt: 0 } : {}),
    ...(links.reference !== undefined ? { reference: links.reference } : {}),
    ...(links.cuts ? { cuts: links.cuts } : {}),
    ...(links.cutText !== undefined ? { cutText: links.cutText } : {}),
  };
}

function toJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
