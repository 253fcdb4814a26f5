/**
 * Tool output as a reference after its turn: a compact, mechanical description the model carries in
 * the output's place once the turn that produced it has ended. It says what the output was, whether
 * it succeeded, how large it was, its first and last lines of content, and how to see it whole.
 */
import { contentMask, exitStatusOf, marksCut, pagingOffset } from './trailers.js';
import { shortenBytes, shortenChars, splitLines, utf8Length } from './utf8-text.js';

/** The most bytes a reference may take. */
export const REFERENCE_MAX_BYTES = 640;
/** The most characters of one content line a reference shows. */
export const REFERENCE_LINE_CHARS = 100;
/** The most characters of the call's arguments (as JSON) a reference shows. */
export const REFERENCE_ARGUMENT_CHARS = 200;

/** What a reference is built from. */
export interface ReferenceInput {
  /** The output's store entry id. */
  entryId: number;
  tool: string;
  /** When the output was recorded, already formatted by the caller (HH:MM:SS). */
  recordedAt: string;
  /** The output as the tool returned it. */
  content: string;
  arguments: Record<string, unknown>;
  /** The tool only reads, so calling it again is a safe way to see the output. */
  readOnly: boolean;
  /** The conversation has the memory tool. */
  memory: boolean;
  /**
   * Places where something was cut out of the content besides the ones its own markers show, as
   * boundaries between lines: `b` lies between line `b - 1` and line `b` (0-based lines of
   * `content`). A shown line beside a boundary is marked with `…` on that side.
   */
  cutsAt?: readonly number[];
}

const LINE_CUT = ' [line cut]';

/** Success or failure, as a reference line states it. */
function statusOf(lines: readonly string[]): string {
  const first = lines[0];
  if (first?.startsWith('error:')) return 'failed';
  const exit = exitStatusOf(first);
  if (exit === undefined) return 'ok';
  if (/^-?\d+$/.test(exit)) return `exit status ${exit}`;
  if (lines.some((line) => /^\[timed out\b/.test(line))) return 'timed out';
  return `exit status ${exit}`;
}

function howToSee(input: ReferenceInput): string {
  if (input.memory) return `to see it: memory "recall entry ${input.entryId}"`;
  if (input.readOnly) return 'call it again to see it';
  return 'not repeated; do not run it again to see it';
}

/** A numbered line (read_file's `N<tab>text`) with nothing after its number. */
const BLANK_NUMBERED = /^(\d+)\t\s*$/;

/**
 * A content line as shown: shortened to the line limit, with `…` on any side next to a cut. A
 * numbered line that is blank is said to be blank, rather than shown as a bare number and tab.
 */
function shownLine(line: string, cutBefore: boolean, cutAfter: boolean): string {
  const blank = BLANK_NUMBERED.exec(line);
  let text = blank ? `${blank[1]} (blank line)` : line;
  let after = cutAfter;
  if (text.endsWith(LINE_CUT)) {
    text = text.slice(0, -LINE_CUT.length);
    after = true;
  }
  const lead = cutBefore ? '… ' : '';
  const room = REFERENCE_LINE_CHARS - Array.from(lead).length - (after ? 2 : 0);
  const short = shortenChars(text, room);
  const tail = after && !short.endsWith('…') ? ' …' : '';
  return lead + short + tail;
}

/** The first and last content lines, each marked where it borders a cut. */
function edgeLines(lines: readonly string[], cutsAt: readonly number[] | undefined) {
  const mask = contentMask(lines);
  const boundaries = new Set(cutsAt);
  lines.forEach((line, i) => {
    if (marksCut(line)) {
      boundaries.add(i);
      boundaries.add(i + 1);
    }
  });
  const content = lines.flatMap((line, i) => (mask[i] && line.trim() !== '' ? [{ line, i }] : []));
  const show = (edge: { line: string; i: number } | undefined): string | undefined =>
    edge && shownLine(edge.line, boundaries.has(edge.i), boundaries.has(edge.i + 1));
  const first = content[0];
  const last = content.length > 1 ? content[content.length - 1] : undefined;
  return { first: show(first), last: show(last) };
}

function joinedBytes(parts: readonly (string | undefined)[]): number {
  const present = parts.filter((part): part is string => part !== undefined);
  return present.reduce((sum, part) => sum + utf8Length(part), 0) + Math.max(0, present.length - 1);
}

/** Shortens the labelled line at `index` of `parts` so the whole fits `max`, or drops it. */
function fitPart(parts: (string | undefined)[], index: number, label: string, max: number): void {
  const part = parts[index];
  if (part === undefined || joinedBytes(parts) <= max) return;
  const others = joinedBytes(parts.map((p, i) => (i === index ? undefined : p)));
  const room = max - others - 1 - utf8Length(label);
  parts[index] = room >= 8 ? label + shortenBytes(part.slice(label.length), room) : undefined;
}

/**
 * The reference for an output, or null when the output is no longer than its reference (it is then
 * sent whole). Never longer than 640 bytes.
 */
export function buildReference(input: ReferenceInput): string | null {
  const lines = splitLines(input.content);
  const bytes = utf8Length(input.content);
  const header =
    `[output of entry ${input.entryId} not repeated: ${input.tool} at ${input.recordedAt}, ` +
    `${statusOf(lines)}, ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}, ${bytes} bytes; ${howToSee(input)}]`;
  const args = 'arguments: ' + shortenChars(JSON.stringify(input.arguments), REFERENCE_ARGUMENT_CHARS);
  const { first, last } = edgeLines(lines, input.cutsAt);
  const paging = lines.map(pagingOffset).find((offset) => offset !== undefined);
  const parts: (string | undefined)[] = [
    header,
    args,
    first === undefined ? undefined : `first line: ${first}`,
    last === undefined ? undefined : `last line: ${last}`,
    paging === undefined ? undefined : `paging: more from offset ${paging}`,
  ];
  // Over the cap: the last line gives way first, then the first line, then the arguments.
  fitPart(parts, 3, 'last line: ', REFERENCE_MAX_BYTES);
  fitPart(parts, 2, 'first line: ', REFERENCE_MAX_BYTES);
  fitPart(parts, 1, 'arguments: ', REFERENCE_MAX_BYTES);
  // The header and the paging line never give way: when they alone are over the cap, the whole is cut.
  const reference = shortenBytes(
    parts.filter((part): part is string => part !== undefined).join('\n'),
    REFERENCE_MAX_BYTES,
  );
  return bytes <= utf8Length(reference) ? null : reference;
}
