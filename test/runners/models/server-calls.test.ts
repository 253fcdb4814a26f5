import { describe, expect, it } from 'vitest';
import { ModelFailure } from '../../../engine/index.js';
import {
  callServer,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
  transientCause,
  type FailureReader,
} from '../../../runners/models/server-calls.js';

/** A failed attempt as a backend's client throws it: an HTTP status, or a connection's cause. */
class Attempt extends Error {
  constructor(
    readonly status: number | null,
    readonly retryAfter: number | null = null,
    code?: string,
  ) {
    super(status === null ? 'fetch failed' : `HTTP ${status}`);
    if (code !== undefined) this.cause = Object.assign(new Error(code), { code });
  }
}

const reader: FailureReader = {
  status: (error) => (error instanceof Attempt ? error.status : null),
  retryAfter: (error) => (error instanceof Attempt ? error.retryAfter : null),
  describe: (error) => new ModelFailure(`the server failed: ${(error as Error).message}`),
};

/** Calls with `failures` thrown first, then an answer; the waits asked for, none of them spent. */
async function call(failures: Attempt[], retries = 2) {
  const waits: number[] = [];
  const counter = { retries: 0 };
  let tried = 0;
  const result = await callServer(
    () => {
      const next = failures[tried++];
      return next === undefined ? Promise.resolve('answer') : Promise.reject(next);
    },
    {
      policy: {
        timeoutMs: 10_000,
        retries,
        backoffMs: 250,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
      reader,
      counter,
      where: 'the test server',
    },
  ).catch((error: unknown) => error);
  return { result, waits, retries: counter.retries, attempts: tried };
}

describe('a model call that fails for a moment', () => {
  it('is tried again after a server error, too many requests, a refused or a reset connection', async () => {
    for (const failure of [
      new Attempt(500),
      new Attempt(503),
      new Attempt(429),
      new Attempt(null, null, 'ECONNREFUSED'),
      new Attempt(null, null, 'ECONNRESET'),
    ]) {
      const { result, retries } = await call([failure]);
      expect(result).toBe('answer');
      expect(retries).toBe(1);
    }
  });

  it('waits twice as long before each next retry, and fails after the bound, saying how often it tried', async () => {
    const { result, waits, attempts } = await call([new Attempt(502), new Attempt(502), new Attempt(502)]);
    expect(waits).toEqual([250, 500]);
    expect(attempts).toBe(3);
    expect(result).toBeInstanceOf(ModelFailure);
    expect((result as Error).message).toBe('the server failed: HTTP 502 (after 2 retries)');
  });

  it("waits the server's Retry-After instead, up to the bound", async () => {
    const { waits } = await call([new Attempt(429, 3000), new Attempt(503, 10 * MAX_RETRY_AFTER_MS)]);
    expect(waits).toEqual([3000, MAX_RETRY_AFTER_MS]);
  });

  it('does not try again what will not change: a bad request, a missing model, an unknown failure', async () => {
    for (const failure of [new Attempt(400), new Attempt(404), new Attempt(null, null, 'ENOTFOUND')]) {
      const { result, retries, waits } = await call([failure]);
      expect(result).toBeInstanceOf(ModelFailure);
      expect(retries).toBe(0);
      expect(waits).toEqual([]);
    }
  });

  it('makes no retry with model.retries=0', async () => {
    const { result, attempts } = await call([new Attempt(500)], 0);
    expect(result).toBeInstanceOf(ModelFailure);
    expect(attempts).toBe(1);
  });
});

describe('Retry-After and transient causes', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-12-02T06:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Wed, 02 Dec 2026 06:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 02 Dec 2026 05:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('finds the code under the causes a fetch wraps', () => {
    const reset = new Error('fetch failed', {
      cause: new Error('other side closed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
    });
    expect(transientCause(reset)).toBe('ECONNRESET');
    expect(transientCause(new Error('plain'))).toBeNull();
  });
});
