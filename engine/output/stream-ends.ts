/**
 * A stream as a bound sees it, a sample of its first and last bytes with its totals, and the two ends
 * a bounded result shows of it: its first whole lines within a room, and its last.
 */
import { prefixByBytes, suffixByBytes, utf8Length } from './utf8-text.js';

/** What a bound needs of a stream: its first and last bytes, and its whole size. */
export interface StreamSample {
  /** The stream's start (all of it when `complete`). */
  head: string;
  /** The stream's end; not used when `complete`. Its first line may be partial. */
  tail: string;
  /** UTF-8 bytes of the whole stream. */
  bytes: number;
  /**
   * Bytes the stream carried before it was decoded, when they differ from `bytes`: output that is not
   * UTF-8 is shown with a replacement character (3 bytes) for each invalid byte, but the counts a
   * result states are of what the command printed.
   */
  rawBytes?: number;
  /** Lines of the whole stream (a final newline ends the last line). */
  lines: number;
  /** `head` holds the whole stream. A sample must be complete when the stream fits the budget. */
  complete: boolean;
}

export interface Shown {
  lines: string[];
  /** Lines shown whole, and the stream's bytes shown (whole lines with their newlines, partial text). */
  whole: number;
  bytes: number;
}

/** Partial lines are shown only when at least this much room is left for them. */
export const MIN_PARTIAL_ROOM = 16;

/**
 * The stream's first whole lines within `room`; a start of the first line when none fits. A line
 * without its newline is never shown whole: in a sample it was cut short, and in a complete stream it
 * is the last, which a head with less room than the stream needs never reaches.
 */
export function headOf(sample: StreamSample, room: number): Shown {
  const text = sample.head;
  const shown: Shown = { lines: [], whole: 0, bytes: 0 };
  for (let position = 0; ;) {
    const newline = text.indexOf('\n', position);
    if (newline === -1) break;
    const line = text.slice(position, newline);
    const size = utf8Length(line) + 1;
    if (shown.bytes + size > room) break;
    shown.lines.push(line);
    shown.whole++;
    shown.bytes += size;
    position = newline + 1;
  }
  if (shown.whole === 0 && room >= MIN_PARTIAL_ROOM) {
    // The first line takes at least `room` bytes (or the sample has no newline), so its start is all this shows.
    const start = prefixByBytes(text, room - 4);
    shown.lines.push(`${start}…`);
    shown.bytes = utf8Length(start);
  }
  return shown;
}

/**
 * The stream's last whole lines within `room`; an end of the last line when none fits. A line with
 * no newline before it is never shown whole: in a sample it may have started before the tail did, and
 * in a complete stream it is the first, which a tail with less room than the stream needs never reaches.
 */
export function tailOf(sample: StreamSample, room: number): Shown {
  const text = sample.complete ? sample.head : sample.tail;
  const shown: Shown = { lines: [], whole: 0, bytes: 0 };
  const endsWithNewline = text.endsWith('\n');
  const body = endsWithNewline ? text.slice(0, -1) : text;
  let used = 0;
  for (let stop = body.length; stop > 0;) {
    const newline = body.lastIndexOf('\n', stop - 1);
    if (newline === -1) break;
    const line = body.slice(newline + 1, stop);
    const size = utf8Length(line);
    if (used + size + 1 > room) break;
    shown.lines.unshift(line);
    shown.bytes += size + (shown.whole === 0 && !endsWithNewline ? 0 : 1);
    shown.whole++;
    used += size + 1;
    stop = newline;
  }
  if (shown.whole === 0 && room >= MIN_PARTIAL_ROOM) {
    // The last line takes at least `room` bytes (or the sample has no newline), so its end is all this shows.
    const end = suffixByBytes(body, room - 4);
    shown.lines.push(`…${end}`);
    shown.bytes = utf8Length(end);
  }
  return shown;
}
