/**
 * Cutting presentational text: finding the stretches of a reply that retype a tool output of the
 * same turn exactly, and replacing them by a short marker in what the model is sent later.
 *
 * Only exact copies are cut. Lines are compared after normalising formatting alone (read_file's line
 * numbers, whitespace, Markdown table pipes); a block whose lines do not all occur in the output, in
 * order and next to each other, is kept, so an edited copy always stays.
 */
import { splitBlocks, replyLines, type Block } from './reply-blocks.js';
import { contentMask } from './trailers.js';
import { splitLines } from './utf8-text.js';
import { cutMarker } from '../protocol.js';

/** The least number of words a stretch must hold to be cut. */
export const MIN_CUT_WORDS = 24;

/** A tool output of the turn that a reply may have retyped. */
export interface TurnOutput {
  /** The output's store entry id, named in the marker. */
  entryId: number;
  tool: string;
  content: string;
}

/** A stretch of a reply that reproduces one output, to be sent as a marker. */
export interface Cut {
  /** UTF-8 byte offsets into the reply, end exclusive; a fenced block's fences are inside. */
  start: number;
  end: number;
  entryId: number;
  tool: string;
  /** Words in the reproduced lines. */
  words: number;
  /** The share of the output's normalised lines the stretch reproduces, 0..1. */
  coverage: number;
}

const LINE_NUMBER = /^\s*\d+\t/;

/** A line with formatting removed: optionally read_file's number, whitespace runs, the ends. */
function normalise(text: string, stripNumber: boolean): string {
  const body = stripNumber ? text.replace(LINE_NUMBER, '') : text;
  return body.replace(/\s+/g, ' ').trim();
}

function numbered(tool: string): boolean {
  return tool === 'read_file';
}

/** The output's lines as compared: content only, normalised, blank lines left out. */
function outputLines(output: TurnOutput): string[] {
  const lines = splitLines(output.content);
  const mask = contentMask(lines);
  const strip = numbered(output.tool);
  return lines
    .filter((_, i) => mask[i])
    .map((line) => normalise(line, strip))
    .filter((line) => line !== '');
}

/** A block's lines as compared against an output of a given kind. */
function blockLines(block: Block, stripNumber: boolean): string[] {
  return block.lines
    .map((line) => (line.row ? normalise(line.text, false) : normalise(line.text, stripNumber)))
    .filter((line) => line !== '');
}

/** Every index at which `needle` occurs contiguously in `haystack`. */
function occurrences(haystack: readonly string[], needle: readonly string[]): number[] {
  const found: number[] = [];
  if (needle.length === 0) return found;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    let all = true;
    for (let k = 0; k < needle.length && all; k++) all = haystack[i + k] === needle[k];
    if (all) found.push(i);
  }
  return found;
}

interface Prepared {
  output: TurnOutput;
  lines: string[];
  strip: boolean;
}

interface Stretch {
  firstBlock: number;
  lastBlock: number;
  /** Outputs every block so far reproduces, by index into the prepared outputs. */
  candidates: number[];
}

/** Words in normalised lines: none is empty, and one space parts their words. */
function wordCount(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + line.split(' ').length, 0);
}

/** Words and coverage of blocks `first`..`last` against one output, matching in reply order. */
function measure(blocks: readonly Block[], stretch: Stretch, prepared: Prepared) {
  const covered = new Set<number>();
  let words = 0;
  let after = 0;
  for (const block of blocks.slice(stretch.firstBlock, stretch.lastBlock + 1)) {
    const lines = blockLines(block, prepared.strip);
    words += wordCount(lines);
    const at = occurrences(prepared.lines, lines);
    const index = at.find((i) => i >= after) ?? at[0] ?? 0;
    for (let k = 0; k < lines.length; k++) covered.add(index + k);
    after = index + lines.length;
  }
  // The output has lines: the stretch reproduces some of them.
  return { words, coverage: covered.size / prepared.lines.length };
}

/**
 * The stretches of `reply` that retype one of `outputs` exactly and hold at least 24 words, in reply
 * order. Consecutive blocks that reproduce the same output make one stretch.
 */
export function findCuts(reply: string, outputs: readonly TurnOutput[]): Cut[] {
  const lines = replyLines(reply);
  const blocks = splitBlocks(lines);
  const prepared = outputs.map((output) => ({
    output,
    lines: outputLines(output),
    strip: numbered(output.tool),
  }));
  const reproduces = (block: Block): number[] =>
    prepared.flatMap((p, index) =>
      occurrences(p.lines, blockLines(block, p.strip)).length > 0 ? [index] : [],
    );

  const stretches: Stretch[] = [];
  let current: Stretch | undefined;
  blocks.forEach((block, b) => {
    const found = reproduces(block);
    if (current) {
      const shared = current.candidates.filter((c) => found.includes(c));
      if (shared.length > 0) {
        current.lastBlock = b;
        current.candidates = shared;
        return;
      }
    }
    current = found.length > 0 ? { firstBlock: b, lastBlock: b, candidates: found } : undefined;
    if (current) stretches.push(current);
  });

  const cuts: Cut[] = [];
  for (const stretch of stretches) {
    const chosen = prepared[stretch.candidates[0] ?? -1];
    const first = lines[blocks[stretch.firstBlock]?.first ?? -1];
    const last = lines[blocks[stretch.lastBlock]?.last ?? -1];
    if (!chosen || !first || !last) continue;
    const { words, coverage } = measure(blocks, stretch, chosen);
    if (words < MIN_CUT_WORDS) continue;
    cuts.push({
      start: first.start,
      end: last.end,
      entryId: chosen.output.entryId,
      tool: chosen.output.tool,
      words,
      coverage,
    });
  }
  return cuts;
}

/** `reply` with each cut's byte range replaced by its marker; overlapping or invalid cuts are skipped. */
export function applyCuts(reply: string, cuts: readonly Cut[]): string {
  const bytes = new TextEncoder().encode(reply);
  const decoder = new TextDecoder();
  const ordered = [...cuts].sort((a, b) => a.start - b.start);
  let text = '';
  let position = 0;
  for (const cut of ordered) {
    if (cut.start < position || cut.end < cut.start || cut.end > bytes.length) continue;
    text += decoder.decode(bytes.subarray(position, cut.start)) + cutMarker(cut);
    position = cut.end;
  }
  return text + decoder.decode(bytes.subarray(position));
}
