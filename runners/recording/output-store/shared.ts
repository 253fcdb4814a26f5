/**
 * What the output stores share: reading content (a string or a stream of strings) up to the size
 * limit while hashing and counting it, paging lines, and the saved record's schema.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  InternalError,
  isValidOutputId,
  prefixByBytes,
  splitLines,
  type StoredLines,
  type StoredOutput,
} from '../../../engine/index.js';

/** Figures of content as kept: everything but its id. */
export type Consumed = Omit<StoredOutput, 'id'>;

/**
 * Reads `content` chunk by chunk, handing each kept piece to `write`, until it ends or `maxBytes`
 * are kept. At the limit the piece is cut at a character boundary, reading stops (a stream is not
 * read further), and the result says `truncated`.
 */
export async function consume(
  content: string | AsyncIterable<string>,
  maxBytes: number,
  write: (piece: string) => void | Promise<void>,
): Promise<Consumed> {
  const hash = createHash('sha256');
  let bytes = 0;
  let newlines = 0;
  let last = '';
  let truncated = false;
  const chunks: AsyncIterable<string> | Iterable<string> = typeof content === 'string' ? [content] : content;
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    const size = Buffer.byteLength(chunk, 'utf8');
    const piece = bytes + size <= maxBytes ? chunk : prefixByBytes(chunk, maxBytes - bytes);
    if (piece.length > 0) {
      hash.update(piece, 'utf8');
      bytes += piece === chunk ? size : Buffer.byteLength(piece, 'utf8');
      for (let i = piece.indexOf('\n'); i !== -1; i = piece.indexOf('\n', i + 1)) newlines++;
      last = piece.charAt(piece.length - 1);
      await write(piece);
    }
    if (piece !== chunk) {
      truncated = true;
      break;
    }
  }
  const lines = bytes === 0 ? 0 : last === '\n' ? newlines : newlines + 1;
  return { bytes, lines, sha256: hash.digest('hex'), truncated };
}

/** Up to `count` lines of `text` from line `from` (1-based). */
export function pageLines(text: string, from: number, count: number): StoredLines {
  const all = splitLines(text);
  const start = Math.max(1, Math.floor(from));
  const lines = all.slice(start - 1, start - 1 + Math.max(0, Math.floor(count)));
  const after = start + lines.length;
  return after <= all.length ? { lines, next: after } : { lines };
}

/** Throws unless `id` is one a store accepts. */
export function checkOutputId(id: string): void {
  if (!isValidOutputId(id)) throw new InternalError(`output store: "${id}" is not a valid output id`);
}

/** The record saved beside each stored output. */
export const storedRecordSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  bytes: z.number().int().nonnegative(),
  lines: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  truncated: z.boolean(),
});

/** The saved record, as written to disk. */
export type StoredRecord = z.infer<typeof storedRecordSchema>;

/** The record for a stored output. */
export function toRecord(stored: StoredOutput): StoredRecord {
  return { version: 1, ...stored };
}

/** The stored output a record describes. */
export function fromRecord(record: StoredRecord): StoredOutput {
  return {
    id: record.id,
    bytes: record.bytes,
    lines: record.lines,
    sha256: record.sha256,
    truncated: record.truncated,
  };
}
