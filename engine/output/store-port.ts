/**
 * The output store port: where a tool result larger than the budget is kept whole, so nothing past
 * the budget is lost. The engine only sees this interface; runners implement it (a directory of
 * files, or memory for tests). Hashing and file access live in the implementations.
 */

/** The most bytes one stored output holds (16 MiB); past it the rest is not kept, and that is recorded. */
export const OUTPUT_STORE_MAX_BYTES = 16 * 1024 * 1024;

/** What the store records about one kept output. */
export interface StoredOutput {
  /** The id to read it back by: the tool call's id. */
  id: string;
  /** UTF-8 bytes kept. */
  bytes: number;
  /** Lines kept (a final newline ends the last line rather than starting one). */
  lines: number;
  /** SHA-256 of the kept bytes, lowercase hex. */
  sha256: string;
  /** True when the output was longer than the store holds and its end was not kept. */
  truncated: boolean;
}

/** A page of a stored output's lines. */
export interface StoredLines {
  /** The lines from `from` on (1-based), without their newlines. */
  lines: string[];
  /** The line number after the page, or undefined when the page reaches the end. */
  next?: number;
}

/** Keeps tool outputs whole, one per tool call, and reads them back. */
export interface OutputStore {
  /** The most bytes one output holds; larger content is cut there and recorded as truncated. */
  readonly maxBytes: number;
  /**
   * Keeps `content` under the call's id, replacing anything kept under it before. A stream is read
   * as it arrives and is not read past `maxBytes`.
   */
  put(callId: string, content: string | AsyncIterable<string>): Promise<StoredOutput>;
  /** The whole kept text, or undefined when nothing is kept under `id`. */
  read(id: string): Promise<string | undefined>;
  /** The record of a kept output, or undefined. */
  stat(id: string): Promise<StoredOutput | undefined>;
  /** Up to `count` lines from line `from` (1-based), or undefined when nothing is kept under `id`. */
  readLines(id: string, from: number, count: number): Promise<StoredLines | undefined>;
}

/** True for an id a store accepts: letters, digits, `.`, `_` and `-`, not starting with a dot. */
export function isValidOutputId(id: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/.test(id);
}
