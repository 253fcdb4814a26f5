/**
 * What the report's context inspector needs of each run, compact enough for a matrix: every text
 * (entries, references, cut replies, facts blocks, change lines) stored once in one table shared by
 * every run and turn, and each entry stored once with the turns that bound it: the first turn whose
 * first request carried it, the turn from which it was gone, the turn from which it went as its
 * reference. The page composes any turn from those, as `RunContexts.at` does.
 */
import { estimateTokens } from '../../engine/index.js';
import { RunContexts, type ComposedEntry } from '../inspect/context-at-turn.js';
import { changeLines, turnChanges } from '../inspect/turn-changes.js';
import type { RunFiles } from '../../records/read-run-files.js';

/** Kinds by their number in the page's data. */
export const KINDS = ['instructions', 'prompt', 'toolCall', 'toolOutput', 'reply'] as const;

/** Flags of an entry. */
export const HELD_BACK_FLAG = 1;
export const RETRIED_FLAG = 2;

/** Texts stored once, by their number. */
export class StringTable {
  readonly strings: string[] = [];
  readonly #index = new Map<string, number>();

  /** The number of `text`; -1 for none. */
  add(text: string | null | undefined): number {
    if (text === null || text === undefined) return -1;
    let index = this.#index.get(text);
    if (index === undefined) {
      index = this.strings.length;
      this.strings.push(text);
      this.#index.set(text, index);
    }
    return index;
  }
}

/**
 * One entry: [id, kind, turn, stored text, reference text, cut text, tool, flags, from, gone,
 * referenced from, dropped at, stored tokens, reference tokens, cut tokens]. Texts and the tool are
 * string numbers (-1: none); `from`, `gone` and `referenced from` are turns (0: never); `dropped at`
 * is the turn of the condensation that dropped it (0: none).
 */
export type EntryRow = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** One turn: [earlier block, now block, estimate of the first request, reported, its largest
 * request's estimate, requests, change lines (string numbers)]. */
export type TurnRow = [number, number, number | null, number | null, number | null, number, number[]];

export interface RunInspectorData {
  id: string;
  window: number;
  budget: number | null;
  goal: number | null;
  entries: EntryRow[];
  turns: TurnRow[];
  /** Whether every turn's composed entries and blocks gave the request as sent. */
  verified: boolean;
}

/**
 * `data`, whose texts are numbers in `own` (a table of the run's alone), with its texts numbered in
 * `strings` instead. Taking a run's texts in the order it first used them numbers them as building
 * its data straight into `strings` would have.
 */
export function renumberStrings(
  data: RunInspectorData,
  own: readonly string[],
  strings: StringTable,
): RunInspectorData {
  const into = own.map((text) => strings.add(text));
  const at = (index: number) => (index < 0 ? index : (into[index] as number));
  return {
    ...data,
    entries: data.entries.map((row): EntryRow => {
      const copy: EntryRow = [...row];
      for (const column of ENTRY_TEXT_COLUMNS) copy[column] = at(row[column]);
      return copy;
    }),
    turns: data.turns.map(([earlier, now, estimated, reported, peak, requests, changes]): TurnRow => [
      at(earlier),
      at(now),
      estimated,
      reported,
      peak,
      requests,
      changes.map(at),
    ]),
  };
}

/** The columns of an entry row that hold string numbers: stored text, reference, cut text, tool. */
const ENTRY_TEXT_COLUMNS = [3, 4, 5, 6] as const;

function tokensOf(entry: ComposedEntry | undefined): number {
  return entry?.tokens ?? 0;
}

/** The inspector's data for a run, its texts added to `strings`. */
export function inspectorData(files: RunFiles, strings: StringTable): RunInspectorData {
  const contexts = new RunContexts(files);
  const changes = turnChanges(files);
  const from = new Map<number, number>();
  const gone = new Map<number, number>();
  const referenced = new Map<number, number>();
  const droppedAt = new Map<number, number>();
  const referenceTokens = new Map<number, number>();
  const cutTokens = new Map<number, number>();
  const turns: TurnRow[] = [];
  let verified = true;
  let size: { budget: number | null; goal: number | null } = { budget: null, goal: null };
  for (let turn = 1; turn <= contexts.turns; turn++) {
    const ctx = contexts.at(turn);
    if (ctx.matchesRequest === false) verified = false;
    if (ctx.size) size = ctx.size;
    for (const e of ctx.entries) {
      if (!from.has(e.id)) from.set(e.id, turn);
      if (e.sentAs === 'reference' && !referenced.has(e.id)) {
        referenced.set(e.id, turn);
        referenceTokens.set(e.id, tokensOf(e));
      }
      if (e.sentAs === 'cut') cutTokens.set(e.id, tokensOf(e));
    }
    for (const g of ctx.gone) {
      if (!gone.has(g.id)) gone.set(g.id, turn);
      droppedAt.set(g.id, g.droppedAt);
    }
    const change = changes[turn - 1];
    turns.push([
      strings.add(ctx.earlierBlock),
      strings.add(ctx.nowBlock),
      ctx.size?.estimated ?? null,
      ctx.size?.reported ?? null,
      change?.peak ?? null,
      ctx.callsInTurn,
      change ? changeLines(change).map((line) => strings.add(line)) : [],
    ]);
  }
  const entries = files.entries.map((entry): EntryRow => {
    let flags = 0;
    if (entry.kind === 'toolOutput' && /\[… .+? held back …\]/.test(entry.text)) flags |= HELD_BACK_FLAG;
    if (entry.droppedBy?.startsWith('retried:')) flags |= RETRIED_FLAG;
    return [
      entry.id,
      KINDS.indexOf(entry.kind),
      entry.turn,
      strings.add(entry.text),
      strings.add(entry.reference),
      strings.add(entry.cutText),
      strings.add(entry.call?.tool),
      flags,
      from.get(entry.id) ?? 0,
      gone.get(entry.id) ?? 0,
      referenced.get(entry.id) ?? 0,
      droppedAt.get(entry.id) ?? 0,
      estimateTokens(entry.text),
      referenceTokens.get(entry.id) ?? 0,
      cutTokens.get(entry.id) ?? 0,
    ];
  });
  return {
    id: files.record.id,
    window: files.record.window,
    budget: size.budget,
    goal: size.goal,
    entries,
    turns,
    verified,
  };
}
