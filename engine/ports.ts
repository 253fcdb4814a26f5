/**
 * The engine's ports: the only ways it reaches the world outside. Runners implement them; tests
 * pass fakes. Keeping time and ids behind ports is what makes two runs byte-identical. This module
 * imports nothing, so every layer of the engine may import it; the audit's ports are in audit/sink.ts.
 */

/** Where time comes from. `now` stamps records; `monotonic` measures durations. */
export interface Clock {
  /** Epoch milliseconds for records (audit `at`, references' "recorded at"). */
  now(): number;
  /** Milliseconds from an arbitrary origin, for durations only. */
  monotonic(): number;
}

/** Where ids come from: deterministic in runs, so equal runs give equal ids. */
export interface Ids {
  next(kind: 'event' | 'session' | 'call'): string;
}

/** Counters that start at 1 for each kind: `evt-1`, `ses-1`, `call-1`. */
export function sequentialIds(): Ids {
  const counters = { event: 0, session: 0, call: 0 };
  const prefixes = { event: 'evt', session: 'ses', call: 'call' } as const;
  return {
    next(kind) {
      counters[kind] += 1;
      return `${prefixes[kind]}-${counters[kind]}`;
    },
  };
}

/**
 * A clock that starts at `start` and advances `stepMs` on every reading of `now`. Runs use it so
 * that scenario time is reproducible; durations still come from the real `monotonic` passed in.
 */
export function steppingClock(start: number, stepMs: number, monotonic: () => number): Clock {
  let t = start;
  return {
    now() {
      const value = t;
      t += stepMs;
      return value;
    },
    monotonic,
  };
}
