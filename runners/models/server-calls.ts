/**
 * One call to a model server, the way every backend makes it: under a deadline (`--timeout`) that
 * aborts the request rather than leave it hanging, with a transient failure (a server error, HTTP
 * 5xx; too many requests, HTTP 429; a connection refused or reset) tried again a bounded number of
 * times (`--set model.retries`, default 2) with backoff, each retry counted, and anything else that
 * goes wrong turned into one clear error by the backend's own reading of it. The wait before a retry
 * doubles from `backoffMs` (250 ms: 250, 500, 1000, ...); a server's `Retry-After` is waited instead,
 * but never more than `MAX_RETRY_AFTER_MS`.
 */
import { ContextOverflowError, ModelFailure, toError } from '../../engine/index.js';
import { replyTooLarge } from './reply-bound.js';

/** How a backend's calls are made. */
export interface CallPolicy {
  /** Milliseconds one attempt may take before it is aborted. */
  timeoutMs: number;
  /** Retries after a server error. */
  retries: number;
  /** The wait before the first retry; it doubles for each next one. */
  backoffMs: number;
  /** How a wait is spent (tests pass one that returns at once); `outer` ends it early. */
  sleep?: (ms: number, outer?: AbortSignal) => Promise<void>;
}

/** The longest a server's `Retry-After` is honoured: a longer one is waited this long. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** The connection failures worth another try: the server was down for a moment, or dropped the call. */
const TRANSIENT_CAUSES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
]);

/** The transient cause of a failed attempt without an HTTP status, when it has one. */
export function transientCause(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_CAUSES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A `Retry-After` value in milliseconds: seconds, or an HTTP date from `now`; null when absent or
 * unreadable. Never below 0.
 */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** What a backend knows how to tell about a failed attempt. */
export interface FailureReader {
  /** The HTTP status of a failed attempt, when it had one. */
  status(error: unknown): number | null;
  /** The error to fail with: a ContextOverflowError, a ModelFailure with one clear line. */
  describe(error: unknown): Error;
  /** The server's `Retry-After` of a failed attempt, in milliseconds, when it gave one. */
  retryAfter?(error: unknown): number | null;
}

/** Counts the retries a model's calls made. */
export interface RetryCounter {
  retries: number;
}

/** True when the attempt was aborted because its deadline passed. */
function timedOut(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason instanceof Error && signal.reason.name === 'TimeoutError';
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Runs `attempt` with a fresh deadline each time; `outer` (the run's own signal) aborts it too. A
 * server error is retried up to `policy.retries` times, counted in `counter`; the last failure, or any
 * other, is thrown as `reader.describe` reads it, or as a timeout naming `where`.
 */
export async function callServer<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  options: {
    policy: CallPolicy;
    reader: FailureReader;
    counter: RetryCounter;
    where: string;
    outer?: AbortSignal | undefined;
  },
): Promise<T> {
  const { policy, reader, counter, where, outer } = options;
  for (let tried = 0; ; tried++) {
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
    try {
      return await attempt(signal);
    } catch (thrown) {
      if (timedOut(deadline)) {
        throw new ModelFailure(
          `no answer from ${where} within ${policy.timeoutMs / 1000} s (--timeout): the call was aborted`,
        );
      }
      if (outer?.aborted) throw new ModelFailure(`the call to ${where} was stopped`);
      // An answer past the reply bound would come again as long: it is not asked for twice.
      const oversize = replyTooLarge(thrown);
      if (oversize !== null) throw oversize;
      const status = reader.status(thrown);
      const transient = status !== null ? status >= 500 || status === 429 : transientCause(thrown) !== null;
      if (transient && tried < policy.retries) {
        counter.retries += 1;
        const asked = reader.retryAfter?.(thrown) ?? null;
        const ms = asked !== null ? Math.min(asked, MAX_RETRY_AFTER_MS) : policy.backoffMs * 2 ** tried;
        await (policy.sleep ?? wait)(ms, outer);
        if (outer?.aborted) throw new ModelFailure(`the call to ${where} was stopped`);
        continue;
      }
      const described = reader.describe(thrown);
      if (transient && tried > 0 && described instanceof ModelFailure) {
        throw new ModelFailure(`${described.message} (after ${tried} ${tried === 1 ? 'retry' : 'retries'})`);
      }
      throw described;
    }
  }
}

/** The cause of a failed fetch (ECONNREFUSED, ENOTFOUND, ...), when the error carries one. */
export function connectionCause(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The failures of a connection that was made: the server dropped it before its answer was whole. */
const DROPPED_CAUSES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * What went wrong with a connection that reached the server, in words naming `where`: a connection
 * it closed mid-answer, or a request it redirected until fetch gave up (a redirect loop). Null for
 * anything else, a server that could not be reached at all among them.
 */
export function connectionProblem(where: string, error: unknown): ModelFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DROPPED_CAUSES.has(code))
      return new ModelFailure(`${where} closed the connection before its answer was whole (${code})`);
    if (/redirect count exceeded|too many redirects/i.test(current.message))
      return new ModelFailure(`${where} redirected the request too many times (a redirect loop)`);
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** True when an error is the typed overflow, which the engine recovers from and must see as it is. */
export function isOverflow(error: unknown): error is ContextOverflowError {
  return error instanceof ContextOverflowError;
}

/** A ModelFailure for a response the backend could not read. */
export function malformed(where: string, detail: unknown): ModelFailure {
  const text = typeof detail === 'string' ? detail : toError(detail).message;
  return new ModelFailure(`${where} sent a malformed response: ${text.split('\n')[0]?.slice(0, 200) ?? ''}`);
}
