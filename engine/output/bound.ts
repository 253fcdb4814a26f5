/**
 * Bounding a tool result to the tool-output budget. A result that fits is returned whole. One that
 * does not shows its first and last lines, about half its room each and cut at line ends, with a
 * marker where lines are held back and a note at the end naming the stored output that keeps it all.
 * The marker never understates, and the result, marker and note included, never exceeds the budget.
 *
 * A result is a list of sections: fixed lines (a command's frames and notes) and streams. A stream
 * is given as a sample (its first and last bytes and its totals), so a runner can bound an output far
 * larger than it keeps in memory. Results are lines joined by `\n`; the stored output numbers its
 * lines the same way, so held-back line numbers can be read from the store directly.
 */
import {
  heldBackMarker,
  heldBackNote,
  longestMarker,
  longestNote,
  type HeldInfo,
  type HeldRange,
} from './held-note.js';
import { shareRoom } from './share.js';
import { headOf, tailOf, type Shown, type StreamSample } from './stream-ends.js';
import { countLines, prefixByBytes, splitLines, utf8Length } from './utf8-text.js';
import { InternalError } from '../errors.js';

export type { HeldInfo, HeldRange } from './held-note.js';
export type { StreamSample } from './stream-ends.js';

/** A part of a result: lines shown as they are, or a stream that may be bounded. */
export type Section = { lines: readonly string[] } | { stream: StreamSample; label?: string };

/** A bounded result and what it held back. */
export interface BoundResult {
  text: string;
  heldBack: boolean;
  ranges: HeldRange[];
}

/** A complete sample of a text held in memory. */
export function sampleOf(text: string): StreamSample {
  return { head: text, tail: text, bytes: utf8Length(text), lines: countLines(text), complete: true };
}

/** Bytes of a stream's lines without their newlines. */
function contentBytes(sample: StreamSample): number {
  if (sample.bytes === 0) return 0;
  const endsWithNewline = (sample.complete ? sample.head : sample.tail).endsWith('\n');
  return sample.bytes - (endsWithNewline ? sample.lines : sample.lines - 1);
}

/** What a stream's lines cost shown whole, a newline counted after each. */
function streamCost(sample: StreamSample): number {
  return contentBytes(sample) + sample.lines;
}

function linesCost(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + utf8Length(line) + 1, 0);
}

/** Exact UTF-8 size of the whole result, nothing held back. */
export function wholeBytes(sections: readonly Section[]): number {
  let lines = 0;
  let bytes = 0;
  for (const section of sections) {
    if ('lines' in section) {
      lines += section.lines.length;
      bytes += section.lines.reduce((sum, line) => sum + utf8Length(line), 0);
    } else {
      lines += section.stream.lines;
      bytes += contentBytes(section.stream);
    }
  }
  return lines === 0 ? 0 : bytes + lines - 1;
}

/** The whole result's lines; every stream must be complete. */
export function wholeLines(sections: readonly Section[]): string[] {
  return sections.flatMap((section) => {
    if ('lines' in section) return [...section.lines];
    if (!section.stream.complete)
      throw new InternalError('a stream that is not held whole cannot be shown whole');
    return splitLines(section.stream.head);
  });
}

interface StreamPlan {
  section: number;
  sample: StreamSample;
  label?: string;
  /** The stored output's number for the stream's first line. */
  firstLine: number;
  cost: number;
}

/** Streams with something to show, with where their lines start in the stored output. */
function planStreams(sections: readonly Section[]): {
  plans: StreamPlan[];
  fixedCost: number;
  maxLine: number;
} {
  const plans: StreamPlan[] = [];
  let fixedCost = 0;
  let line = 1;
  sections.forEach((section, index) => {
    if ('lines' in section) {
      fixedCost += linesCost(section.lines);
      line += section.lines.length;
    } else if (section.stream.bytes > 0) {
      plans.push({
        section: index,
        sample: section.stream,
        label: section.label,
        firstLine: line,
        cost: streamCost(section.stream),
      });
      line += section.stream.lines;
    }
  });
  return { plans, fixedCost, maxLine: Math.max(1, line - 1) };
}

/** Shares of the room for each stream, with room reserved for the markers and note it may need. */
function planShares(
  plans: readonly StreamPlan[],
  fixedCost: number,
  maxLine: number,
  budget: number,
  held: HeldInfo,
) {
  let reserved = new Set(plans.keys());
  for (let round = 0; ; round++) {
    const presumed = plans.filter((_, i) => reserved.has(i));
    const note = utf8Length(
      longestNote(
        presumed.map((p) => ({ label: p.label, bytes: p.sample.bytes })),
        maxLine,
        held,
      ),
    );
    const markers = presumed.reduce(
      (sum, p) => sum + utf8Length(longestMarker(p.sample.lines, p.sample.bytes)) + 1,
      0,
    );
    const shares = shareRoom(
      plans.map((p) => p.cost),
      budget - fixedCost - note - 1 - markers,
    );
    const over = new Set(
      plans.flatMap((p, i) => (p.cost > (shares[i] ?? 0) || !p.sample.complete ? [i] : [])),
    );
    const within = [...over].every((i) => reserved.has(i));
    if ((within && over.size === reserved.size) || round > plans.length) return shares;
    reserved = within ? over : new Set([...reserved, ...over]);
  }
}

const REPLACEMENT = '\uFFFD';
const REPLACEMENT_BYTES = 3;

/**
 * The bytes held back between what `head` and `tail` show. For a stream that was not UTF-8, counted
 * in the bytes it carried: each replacement character shown stands for one invalid byte.
 */
function heldBytes(sample: StreamSample, head: Shown, tail: Shown): number {
  if (sample.rawBytes === undefined || sample.rawBytes === sample.bytes)
    return sample.bytes - head.bytes - tail.bytes;
  const raw = (shown: Shown): number => {
    const replaced = shown.lines.reduce((n, line) => n + line.split(REPLACEMENT).length - 1, 0);
    return shown.bytes - replaced * (REPLACEMENT_BYTES - 1);
  };
  return sample.rawBytes - raw(head) - raw(tail);
}

/**
 * `sections` as one result within `budget` bytes. When anything is held back, the note refers to
 * the stored output `held` describes, which must hold the whole result.
 */
export function boundSections(sections: readonly Section[], budget: number, held: HeldInfo): BoundResult {
  const { plans, fixedCost, maxLine } = planStreams(sections);
  if (wholeBytes(sections) <= budget && plans.every((p) => p.sample.complete)) {
    return { text: wholeLines(sections).join('\n'), heldBack: false, ranges: [] };
  }
  const shares = planShares(plans, fixedCost, maxLine, budget, held);
  const ranges: HeldRange[] = [];
  const rendered = new Map<number, string[]>();
  plans.forEach((plan, i) => {
    const share = shares[i] ?? 0;
    if (plan.cost <= share && plan.sample.complete) {
      rendered.set(plan.section, splitLines(plan.sample.head));
      return;
    }
    const head = headOf(plan.sample, Math.floor(share / 2));
    const tail = tailOf(plan.sample, share - Math.floor(share / 2));
    const lines = Math.max(1, plan.sample.lines - head.whole - tail.whole);
    const bytes = Math.max(1, heldBytes(plan.sample, head, tail));
    const from = plan.firstLine + head.whole;
    ranges.push({ label: plan.label, from, to: from + lines - 1, lines, bytes });
    rendered.set(plan.section, [...head.lines, heldBackMarker(lines, bytes), ...tail.lines]);
  });
  const lines = sections.flatMap((section, index) =>
    'lines' in section ? [...section.lines] : (rendered.get(index) ?? []),
  );
  if (ranges.length > 0) lines.push(heldBackNote(ranges, held));
  // Only a budget too small for the frames and the note themselves needs this; cut rather than exceed.
  const text = prefixByBytes(lines.join('\n'), budget);
  return { text, heldBack: ranges.length > 0, ranges };
}

/**
 * One output (not a command's) within `budget` bytes: unchanged when it fits, else bounded and held
 * back as `held` describes.
 */
export function boundOutput(content: string, budget: number, held: HeldInfo): BoundResult {
  if (utf8Length(content) <= budget) return { text: content, heldBack: false, ranges: [] };
  return boundSections([{ stream: sampleOf(content) }], budget, held);
}
