/**
 * The loopback server's two ends of HTTP: reading a request's JSON body, within a bound, and sending
 * a JSON answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequest } from '../errors.js';

/**
 * The longest request body the server reads, in bytes: 16 MiB, many times the messages of the
 * largest window it serves (131,072 tokens). A longer one is answered 413 and not read on.
 */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Whether `value` is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Answers `body` as JSON with `status`. */
export function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function tooLarge(limit: number): BadRequest {
  return new BadRequest(
    `the request body is over ${limit.toLocaleString('en-US')} bytes, the most this server reads`,
    413,
  );
}

/**
 * A request's body read as JSON; an empty body is `{}`. A body past `limit` bytes, by its
 * content-length or as it arrives, is refused (413) without being read further.
 */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of req) {
    bytes += (chunk as Buffer).byteLength;
    if (bytes > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest('the body is not JSON');
  }
}
