/**
 * A reply split into the blocks cutting compares: fenced code blocks (their fence lines kept out of
 * the comparison) and paragraphs of consecutive non-blank lines. A Markdown table inside a paragraph
 * is a block of its own whose rows compare as their cells, its header and separator being formatting.
 */
import { utf8Length } from './utf8-text.js';

/** One line of the reply with its UTF-8 byte range (end exclusive, newline not included). */
export interface ReplyLine {
  text: string;
  start: number;
  end: number;
}

/** A line of a block as it is compared: plain text, or a table row already reduced to its cells. */
export interface BlockLine {
  text: string;
  row: boolean;
}

/** A block of the reply: the reply lines it spans (fences included) and the lines it compares. */
export interface Block {
  first: number;
  last: number;
  lines: BlockLine[];
}

/**
 * The reply's lines with their byte offsets. A line ended by CR LF has the CR in neither its text nor
 * its range: it ends the line, as the LF does.
 */
export function replyLines(reply: string): ReplyLine[] {
  const lines: ReplyLine[] = [];
  let offset = 0;
  for (const raw of reply.split('\n')) {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const bytes = utf8Length(text);
    lines.push({ text, start: offset, end: offset + bytes });
    offset += utf8Length(raw) + 1;
  }
  return lines;
}

const OPEN_FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

function openingFence(line: string): { char: string; length: number } | undefined {
  const match = OPEN_FENCE.exec(line);
  const fence = match?.[1];
  if (fence === undefined) return undefined;
  const char = fence.charAt(0);
  // A backtick fence's info string may not hold a backtick (that would be inline code).
  if (char === '`' && (match?.[2] ?? '').includes('`')) return undefined;
  return { char, length: fence.length };
}

function closesFence(line: string, open: { char: string; length: number }): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
  const fence = match?.[1];
  return fence !== undefined && fence.charAt(0) === open.char && fence.length >= open.length;
}

/** The text of line `i`; a line past either end of the reply reads as blank. */
function textAt(lines: readonly ReplyLine[], i: number): string {
  return lines[i]?.text ?? '';
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function isPipeRow(line: string): boolean {
  return line.includes('|');
}

function isSeparatorRow(line: string): boolean {
  return line.includes('|') && /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(line);
}

/** A table row's cells, joined by one space (pipes at the ends dropped, escaped pipes kept as text). */
export function rowCells(line: string): string {
  let body = line.trim();
  if (body.startsWith('|')) body = body.slice(1);
  if (body.endsWith('|') && !body.endsWith('\\|')) body = body.slice(0, -1);
  return body
    .split(/(?<!\\)\|/)
    .map((cell) => cell.replace(/\\\|/g, '|').trim())
    .join(' ');
}

/** Splits a paragraph (reply lines `from`..`to`, inclusive) into text blocks and table blocks. */
function paragraphBlocks(lines: readonly ReplyLine[], from: number, to: number): Block[] {
  const blocks: Block[] = [];
  let textStart = from;
  const flushText = (end: number): void => {
    if (end < textStart) return;
    const texts = lines.slice(textStart, end + 1).map((line) => ({ text: line.text, row: false }));
    blocks.push({ first: textStart, last: end, lines: texts });
  };
  let i = from + 1;
  while (i <= to) {
    const header = textAt(lines, i - 1);
    const separator = textAt(lines, i);
    if (!isPipeRow(header) || !isSeparatorRow(separator)) {
      i++;
      continue;
    }
    flushText(i - 2);
    let end = i;
    while (end + 1 <= to && isPipeRow(textAt(lines, end + 1))) end++;
    const rows = lines.slice(i + 1, end + 1).map((line) => ({ text: rowCells(line.text), row: true }));
    blocks.push({ first: i - 1, last: end, lines: rows });
    textStart = end + 1;
    i = end + 2;
  }
  flushText(to);
  return blocks;
}

/** The reply's blocks in order. Every non-blank line belongs to exactly one block. */
export function splitBlocks(lines: readonly ReplyLine[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const text = textAt(lines, i);
    const fence = openingFence(text);
    if (fence) {
      let close = i + 1;
      while (close < lines.length && !closesFence(textAt(lines, close), fence)) close++;
      const inner = lines.slice(i + 1, close).map((line) => ({ text: line.text, row: false }));
      // An unclosed fence runs to the end of the reply.
      blocks.push({ first: i, last: Math.min(close, lines.length - 1), lines: inner });
      i = close + 1;
      continue;
    }
    if (isBlank(text)) {
      i++;
      continue;
    }
    let end = i;
    // The paragraph runs to a blank line, an opening fence, or the end of the reply (read as blank).
    while (!isBlank(textAt(lines, end + 1)) && !openingFence(textAt(lines, end + 1))) end++;
    blocks.push(...paragraphBlocks(lines, i, end));
    i = end + 1;
  }
  return blocks;
}
