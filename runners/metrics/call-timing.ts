/** How a run's model calls split their time between the model's runtime and the harness. */
import type { CallTiming } from '../../records/run-record.js';
import type { CallRecord } from '../../records/run-outcome.js';
import { round } from './turn-metrics.js';

/** The calls whose runtime reported its own duration, split into its time and the harness's. */
export function callTiming(requests: readonly CallRecord[]): CallTiming | null {
  const split = requests.flatMap((call) => {
    const serverMs = call.response?.serverMs;
    return serverMs === undefined ? [] : [{ serverMs, harnessMs: Math.max(0, call.durationMs - serverMs) }];
  });
  if (split.length === 0) return null;
  const harness = split.map((c) => c.harnessMs).sort((a, b) => a - b);
  const middle = Math.floor(harness.length / 2);
  const median =
    harness.length % 2 === 1
      ? (harness[middle] ?? 0)
      : ((harness[middle - 1] ?? 0) + (harness[middle] ?? 0)) / 2;
  return {
    count: split.length,
    serverMs: round(split.reduce((n, c) => n + c.serverMs, 0)),
    harnessMs: round(harness.reduce((n, ms) => n + ms, 0)),
    harnessMedianMs: Math.round(median * 1000) / 1000,
  };
}
