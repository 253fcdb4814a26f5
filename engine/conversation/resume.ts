/**
 * Saving a conversation and taking it up again in a new one. Saving writes the active transcript and
 * the store's sidecar; resuming rebuilds the store from both, and the new conversation goes on from
 * the saved turns with new model sessions. Without a sidecar that matches, a transcript alone would
 * lose the dropped entries, cuts, references, facts and summary and bring every entry back active, so
 * such a conversation is refused rather than half taken up.
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
import { ResumeRefusedError, TranscriptError } from '../errors.js';

/** A saved conversation as its two files' text; `sidecar` is null when none was saved. */
export interface SavedConversation {
  name: string;
  transcript: string;
  sidecar: string | null;
}

/** What a resumed conversation starts from. */
export interface ResumePlan {
  /** The store's entries, active and dropped, as the saving conversation held them. */
  entries: Entry[];
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
 * Reads a saved conversation, or refuses it with a {@link ResumeRefusedError} when its transcript
 * cannot be read or its sidecar is missing, does not decode, is not version 1, does not match the
 * transcript, or holds a facts state that does not decode. Nothing is started before it answers.
 */
export function planResume(saved: SavedConversation): ResumePlan {
  let transcript: SavedTranscript;
  try {
    transcript = decodeTranscript(saved.name, saved.transcript);
  } catch (thrown) {
    if (thrown instanceof TranscriptError) throw new ResumeRefusedError(saved.name, thrown.message);
    throw thrown;
  }
  const link = linkSidecar(saved.sidecar, transcript);
  if (!link.ok) throw new ResumeRefusedError(saved.name, link.reason);
  const sidecar = link.sidecar;
  let facts: FactsState | null = null;
  if (sidecar.facts !== null) {
    const decoded = decodeFactsState(sidecar.facts);
    if (typeof decoded === 'string')
      throw new ResumeRefusedError(saved.name, `the store sidecar is malformed: ${decoded}`);
    facts = decoded;
  }
  const active = new Map(transcript.entries.map((e) => [e.id, e]));
  return {
    entries: sidecar.entries.map((links) => fromLinks(links, active.get(links.id) ?? links.entry)),
    carriedFrom: [...sidecar.carriedFrom, sidecar.session],
    facts,
    lastTurn: Math.max(0, ...transcript.entries.map((e) => e.turn), ...sidecar.entries.map((e) => e.turn)),
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
