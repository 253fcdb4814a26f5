/**
 * The texts a bounded result carries: the marker line where lines are held back, and the note at the
 * end that says what was held back, where the whole output is kept, and how to reach it. Both are
 * also rendered at their longest possible length, so the bound can reserve room before it knows
 * the final figures and still never exceed the budget.
 */
import { formatCount, formatSize } from './utf8-text.js';
import { heldBackText } from '../protocol.js';

/** Where a held-back output is kept and what the conversation can do to reach it. */
export interface HeldInfo {
  /** The stored output's id. */
  outputId: string;
  /** Lines the store kept. */
  storedLines: number;
  /** The store cut the output at its limit, so its end was not kept. */
  truncated: boolean;
  /** The conversation has the memory tool, which reads stored outputs. */
  memory: boolean;
  /** The output is a command's: the note says not to run it again to see it. */
  command: boolean;
}

/** One run of held-back lines, numbered as the stored output numbers them. */
export interface HeldRange {
  /** The stream the lines belong to (`stdout`), when the result has several. */
  label?: string;
  /** First and last held-back line, 1-based, inclusive. */
  from: number;
  to: number;
  /** How many lines are held back, counting a line shown only in part. */
  lines: number;
  /** UTF-8 bytes held back. */
  bytes: number;
}

/** Formatted figures of a range, real or at their longest. */
interface RangeText {
  label?: string;
  from: string;
  to: string;
  size: string;
  single: boolean;
}

/** The marker line for `lines` lines and `bytes` bytes held back. */
export function heldBackMarker(lines: number, bytes: number): string {
  return heldBackText(`${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}`, formatSize(bytes));
}

/**
 * The longest text `formatSize` gives for any size up to `bytes`: the size itself or `1,023 bytes`,
 * since the texts grow with the size within each unit and no size in KiB (`10,240 KiB` at most) is
 * longer than `1,023 bytes`.
 */
function longestSize(bytes: number): string {
  const candidates = [bytes, Math.min(bytes, 1023)];
  return candidates.map(formatSize).reduce((a, b) => (b.length > a.length ? b : a));
}

/** The marker at its longest for a stream of `lines` lines and `bytes` bytes. */
export function longestMarker(lines: number, bytes: number): string {
  return heldBackText(`${formatCount(lines)} lines`, longestSize(bytes));
}

function rangeText(range: RangeText): string {
  const lines = range.single ? `line ${range.from}` : `lines ${range.from}–${range.to}`;
  return `${range.label ? `${range.label} ` : ''}${lines} (${range.size})`;
}

function noteText(ranges: readonly RangeText[], firstLine: string, held: HeldInfo): string {
  const parts = [`held back: ${ranges.map(rangeText).join(', ')}`];
  const lines = `${formatCount(held.storedLines)} ${held.storedLines === 1 ? 'line' : 'lines'}`;
  parts.push(
    held.truncated
      ? `output ${held.outputId} keeps only its first ${lines}, the store's limit; the rest was not kept`
      : `output ${held.outputId} keeps all of it (${lines})`,
  );
  if (held.memory) {
    parts.push(
      `memory "recall output ${held.outputId} from line ${firstLine}" reads on from there, ` +
        `"recall output ${held.outputId} matching TEXT" shows only its lines that hold TEXT, ` +
        `"summarise output ${held.outputId}" gives its notable lines, ` +
        `"condense output ${held.outputId}: QUESTION" answers from all of it`,
    );
  }
  if (held.command) parts.push('do not run the command again to see it');
  return parts.join('; ');
}

/** The closing note for the held-back `ranges` (at least one). */
export function heldBackNote(ranges: readonly HeldRange[], held: HeldInfo): string {
  const texts = ranges.map((range) => ({
    label: range.label,
    from: formatCount(range.from),
    to: formatCount(range.to),
    size: formatSize(range.bytes),
    single: range.from === range.to,
  }));
  return noteText(texts, String(ranges[0]?.from ?? 1), held);
}

/**
 * The note at its longest when the streams `streams` may each hold lines back, in a result whose
 * line numbers go up to `maxLine`.
 */
export function longestNote(
  streams: readonly { label?: string; bytes: number }[],
  maxLine: number,
  held: HeldInfo,
): string {
  const line = formatCount(maxLine);
  const texts = streams.map((stream) => ({
    label: stream.label,
    from: line,
    to: line,
    size: longestSize(stream.bytes),
    single: false,
  }));
  return noteText(texts, String(maxLine), held);
}
