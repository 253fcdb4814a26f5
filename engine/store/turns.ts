/**
 * Turn grouping. A turn is a person's prompt and everything after it up to the next prompt, so tool
 * calls and outputs stay with the prompt that caused them. A command the person ran is stored as a
 * prompt but is no turn of its own: it goes with the turn after it, and commands after the last
 * turn form a tail that is always kept.
 */
import type { Entry } from './entry.js';

export interface TurnGroup {
  /** The turn number of the group's prompt; for the tail, the turn of its first command. */
  turn: number;
  entries: Entry[];
  /** Commands after the last prompt: kept by every condensation, counted as no turn. */
  tail: boolean;
}

export interface Grouped {
  /** Entries before the first prompt: the instructions and anything carried in with them. */
  lead: Entry[];
  turns: TurnGroup[];
  tail: TurnGroup | null;
}

/** Groups entries (normally the active ones) into the lead, the turns, and the tail of commands. */
export function groupTurns(entries: readonly Entry[]): Grouped {
  const lead: Entry[] = [];
  const turns: TurnGroup[] = [];
  let pending: Entry[] = [];
  let current: TurnGroup | null = null;
  for (const entry of entries) {
    if (entry.kind === 'prompt' && entry.personCommand) {
      pending.push(entry);
    } else if (entry.kind === 'prompt') {
      current = { turn: entry.turn, entries: [...pending, entry], tail: false };
      pending = [];
      turns.push(current);
    } else if (pending.length > 0) {
      pending.push(entry);
    } else if (current) {
      current.entries.push(entry);
    } else {
      lead.push(entry);
    }
  }
  const first = pending[0];
  const tail = first ? { turn: first.turn, entries: pending, tail: true } : null;
  return { lead, turns, tail };
}

/** The ids of every entry in the given groups. */
export function entryIds(groups: readonly TurnGroup[]): number[] {
  return groups.flatMap((g) => g.entries.map((e) => e.id));
}
