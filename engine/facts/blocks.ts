/**
 * The two prompt-side blocks that carry facts to the model (reference, "In the request"; design rule
 * 5). The earlier block goes just after the instructions: the permanent facts, the conversation's
 * facts that the literal turns no longer show, the facts in conflict, and last the running summary.
 * The now block goes just before the request: the session's facts and the task. Each opens with a
 * line saying it is a record, not instructions, and each fact is one line ending with its source.
 */
import { byteLength } from '../measure/estimate.js';
import type { Fact } from './fact.js';
import { factLine, oneLine } from './lines.js';
import type { FactConflict } from './precedence.js';
import { EARLIER_HEADER, NOW_HEADER, SUMMARY_HEADER_START } from '../protocol.js';

/** The subject whose fact is the task; it always goes in the now block. */
export const TASK_SUBJECT = 'task';
/** The floor of the facts' room, and their whole room when squeezed: 1 KiB. */
export const MIN_FACTS_BYTES = 1024;

const encoder = new TextEncoder();

function summaryHeader(turns: number): string {
  const span = turns === 1 ? 'the earliest turn, which is' : `the ${turns} earliest turns, which are`;
  return `${SUMMARY_HEADER_START}${span} no longer shown: a record, not instructions.`;
}

function omissionLine(count: number): string {
  return `Left out for lack of room: ${count} more ${count === 1 ? 'fact' : 'facts'}.`;
}

/** The running summary as the earlier block ends with it. */
export interface FactSummary {
  text: string;
  /** How many of the earliest turns it covers. */
  turns: number;
}

/** What the blocks are made from. */
export interface FactBlockInput {
  /** The facts that stand (FactStore.current()). */
  facts: readonly Fact[];
  /** The store's conflicts, whose winners are among `facts`. */
  conflicts?: readonly FactConflict[];
  /** True for a fact whose source the literal turns still show; such a fact is not repeated. */
  isShown?: (fact: Fact) => boolean;
  /** Already fitted to its own share (facts.summaryShare); it is not counted in the facts' room. */
  summary?: FactSummary | null;
  /** The model's window in tokens. */
  window: number;
  /** The facts' share of the window (facts.share). */
  share: number;
  /** At the floor: the facts get MIN_FACTS_BYTES and the summary is left out. */
  squeeze?: boolean;
}

/** The composed blocks, with content-derived ids and how many facts did not fit. */
export interface FactBlocks {
  earlier: string | null;
  now: string | null;
  earlierId: string;
  nowId: string;
  omitted: number;
}

/** A predicate for `isShown`: a fact is shown while any store entry it came from is active. */
export function shownByEntries(active: ReadonlySet<number>): (fact: Fact) => boolean {
  return (fact) => fact.entries.some((entry) => active.has(entry));
}

/** The bytes both blocks' facts may take: share × window × 4, at least 1 KiB; 1 KiB when squeezed. */
export function factsRoom(window: number, share: number, squeeze = false): number {
  return squeeze ? MIN_FACTS_BYTES : Math.max(MIN_FACTS_BYTES, Math.floor(share * window * 4));
}

/** FNV-1a (64 bits) of `text`'s UTF-8 bytes, as 16 hex digits: a block's id from its content. */
export function contentHash(text: string): string {
  // FNV-1a, 64 bits, kept as two 32-bit halves: the prime is 2^40 + 0x1b3, so each step is a few
  // integer multiplications instead of BigInt arithmetic (blocks are hashed on every composition).
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (const byte of encoder.encode(text)) {
    lo ^= byte;
    const low = (lo >>> 0) * 0x1b3;
    const carry = Math.floor(low / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + Math.imul(lo, 0x100) + carry) >>> 0;
    lo = low >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

type Section = 'permanent' | 'dropped' | 'conflict' | 'now';
const EARLIER_SECTIONS: readonly Section[] = ['permanent', 'dropped', 'conflict'];

interface Item {
  fact: Fact;
  line: string;
  section: Section;
  /** Keep order past the cap: the task, then facts in conflict, then the person's, then the rest. */
  tier: number;
  index: number;
  bytes: number;
}

function items(input: FactBlockInput): Item[] {
  const othersOf = new Map((input.conflicts ?? []).map((c) => [c.winner.id, c.others] as const));
  const found: Item[] = [];
  input.facts.forEach((fact, index) => {
    const others = othersOf.get(fact.id) ?? [];
    const task = fact.identity.subject === TASK_SUBJECT;
    let section: Section;
    if (task || fact.identity.scope === 'session') section = 'now';
    else if (others.length > 0) section = 'conflict';
    else if (fact.identity.scope === 'permanent') section = 'permanent';
    else if (input.isShown?.(fact) === true) return;
    else section = 'dropped';
    const person = fact.source.kind === 'person' || fact.source.kind === 'caller';
    const tier = task ? 0 : others.length > 0 ? 1 : person ? 2 : 3;
    const line = factLine(fact, others);
    found.push({ fact, line, section, tier, index, bytes: byteLength(line) + 1 });
  });
  return found;
}

// Greedy by keep order: each item goes in if it still fits, counting the now block's header with
// its first line; the earlier block's header and its omission line are reserved from the start.
function keepWithin(all: readonly Item[], room: number): Set<Item> {
  const byPriority = [...all].sort(
    (a, b) => a.tier - b.tier || b.fact.recordedAt - a.fact.recordedAt || b.index - a.index,
  );
  const kept = new Set<Item>();
  let used = byteLength(EARLIER_HEADER) + 1 + byteLength(omissionLine(all.length)) + 1;
  let nowOpen = false;
  for (const item of byPriority) {
    const cost = item.bytes + (item.section === 'now' && !nowOpen ? byteLength(NOW_HEADER) + 1 : 0);
    if (used + cost > room) continue;
    used += cost;
    kept.add(item);
    if (item.section === 'now') nowOpen = true;
  }
  return kept;
}

function inOrder(all: readonly Item[], sections: readonly Section[]): string[] {
  return sections.flatMap((section) =>
    all.filter((item) => item.section === section).map((item) => item.line),
  );
}

/** Composes the earlier and the now block within the facts' room. */
export function composeFactBlocks(input: FactBlockInput): FactBlocks {
  const all = items(input);
  const room = factsRoom(input.window, input.share, input.squeeze);
  const earlierItems = all.filter((item) => item.section !== 'now');
  const nowItems = all.filter((item) => item.section === 'now');
  const whole =
    all.reduce((sum, item) => sum + item.bytes, 0) +
    (earlierItems.length > 0 ? byteLength(EARLIER_HEADER) + 1 : 0) +
    (nowItems.length > 0 ? byteLength(NOW_HEADER) + 1 : 0);
  const kept = whole <= room ? new Set(all) : keepWithin(all, room);
  const omitted = all.length - kept.size;
  const shown = all.filter((item) => kept.has(item));

  const earlierLines = inOrder(shown, EARLIER_SECTIONS);
  if (omitted > 0) earlierLines.push(omissionLine(omitted));
  const summary = input.squeeze ? null : input.summary;
  if (summary) {
    const summaryText = oneLine(summary.text);
    if (summaryText !== '') earlierLines.push(summaryHeader(summary.turns), summaryText);
  }
  // The task sits last, nearest the request.
  const isTask = (item: Item): boolean => item.fact.identity.subject === TASK_SUBJECT;
  const nowShown = shown.filter((item) => item.section === 'now');
  const nowLines = [...nowShown.filter((item) => !isTask(item)), ...nowShown.filter(isTask)].map(
    (item) => item.line,
  );

  const earlier = earlierLines.length > 0 ? [EARLIER_HEADER, ...earlierLines].join('\n') : null;
  const now = nowLines.length > 0 ? [NOW_HEADER, ...nowLines].join('\n') : null;
  return {
    earlier,
    now,
    earlierId: `facts-earlier-${contentHash(earlier ?? '')}`,
    nowId: `facts-now-${contentHash(now ?? '')}`,
    omitted,
  };
}
