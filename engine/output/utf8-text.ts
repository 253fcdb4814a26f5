/**
 * Small text helpers for output handling: UTF-8 sizes and cuts that never split a character, line
 * counting, and the number formats the model sees in markers and notes.
 */

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** UTF-8 bytes of the code unit at `i` (4 for a surrogate pair, counted at its first half). */
function unitBytes(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) return 4;
  return 3; // a lone surrogate encodes as U+FFFD, three bytes
}

/** UTF-8 length of `text`, without allocating the encoded form. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const size = unitBytes(text, i);
    bytes += size;
    if (size === 4) i++;
  }
  return bytes;
}

/** The longest start of `text` that fits in `maxBytes` of UTF-8, never splitting a character. */
export function prefixByBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const size = unitBytes(text, i);
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += size === 4 ? 2 : 1;
  }
  return text.slice(0, i);
}

/** The longest end of `text` that fits in `maxBytes` of UTF-8, never splitting a character. */
export function suffixByBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let i = text.length;
  while (i > 0) {
    const low = text.charCodeAt(i - 1);
    const pair = i >= 2 && isLowSurrogate(low) && isHighSurrogate(text.charCodeAt(i - 2));
    const size = pair ? 4 : unitBytes(text, i - 1);
    if (bytes + size > maxBytes) break;
    bytes += size;
    i -= pair ? 2 : 1;
  }
  return text.slice(i);
}

/**
 * Lines of a text as a tool result holds them: split at `\n`, where a final newline ends the last
 * line rather than starting an empty one. The empty text has no lines.
 */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** How many lines `splitLines` would give, without building them. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let newlines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines++;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** A whole number with thousands separators (2,313), independent of any locale. */
export function formatCount(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}

/** A size for a person or a model, rounded up so it never understates: 812 bytes, 180 KiB, 191 MiB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} bytes`;
  if (bytes < 10 * 1024 * 1024) return `${formatCount(Math.ceil(bytes / 1024))} KiB`;
  return `${formatCount(Math.ceil(bytes / (1024 * 1024)))} MiB`;
}

/** `text` cut to at most `max` characters (code points), ending with `…` when it was cut. */
export function shortenChars(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max - 1)).join('') + '…';
}

/** `text` cut to at most `maxBytes` of UTF-8, ending with `…` when it was cut. */
export function shortenBytes(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  if (maxBytes < 3) return '';
  return prefixByBytes(text, maxBytes - 3) + '…';
}
