/**
 * The most a model server's answer may take. A server that answers without end (a runaway
 * generation, a broken proxy, a hostile endpoint) would otherwise be read whole into memory and then
 * written into the run's files; past the bound the answer is dropped and the call fails with
 * {@link ReplyTooLargeError}, naming the bound.
 */
import { ReplyTooLargeError } from '../errors.js';

/**
 * The longest answer read from a model server, in bytes: 16 MiB, some thirty times the text of the
 * largest window a run takes (131,072 tokens), so no real answer comes near it.
 */
export const MAX_REPLY_BYTES = 16 * 1024 * 1024;

/**
 * `response` with its body read through a count: past `limit` bytes the read fails with
 * ReplyTooLargeError, and a `content-length` over it fails before any byte is read.
 */
export function boundReply(response: Response, where: string, limit = MAX_REPLY_BYTES): Response {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    void response.body?.cancel().catch(() => {});
    throw new ReplyTooLargeError(where, limit);
  }
  if (response.body === null) return response;
  let seen = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new ReplyTooLargeError(where, limit));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** The reply bound's error anywhere in `error`'s chain of causes, when it is there. */
export function replyTooLarge(error: unknown): ReplyTooLargeError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof ReplyTooLargeError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
