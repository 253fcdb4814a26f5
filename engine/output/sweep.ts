/**
 * Sweeping the output store by age. Each conversation keeps its held-back outputs in a folder of its
 * own; a folder is removed `context.outputDays` days after its last use (the newest modification of
 * the folder and its files) when a later conversation starts, never the current one. The sweep reads
 * the time through the clock port, is bounded (16 folders and 100 ms a start, whichever comes first),
 * and what it did is recorded on the new conversation's session.start event.
 */
import type { OutputSweep } from '../audit/events.js';
import type { Clock } from '../ports.js';

export type { OutputSweep } from '../audit/events.js';

/** The most folders one start removes. */
export const SWEEP_MAX_SESSIONS = 16;
/** The most time one start spends sweeping, in milliseconds of the clock's monotonic time. */
export const SWEEP_MAX_MS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One conversation's folder of kept outputs. */
export interface OutputSession {
  id: string;
  /** Epoch milliseconds of its last use. */
  lastUsed: number;
}

/**
 * The output store's folders, as a runner keeps them. `remove` takes away only what the output store
 * wrote (outputs and their records) and the folder once it is empty.
 */
export interface OutputSessions {
  list(): Promise<readonly OutputSession[]>;
  remove(id: string): Promise<{ files: number; bytes: number }>;
}

export interface SweepOptions {
  /** Days after its last use a folder is removed; 0 never sweeps. */
  days: number;
  /** The starting conversation's folder, never removed. */
  current: string;
  maxSessions?: number;
  maxMs?: number;
}

/** Removes the folders due by age, oldest first, within the bounds; null when `days` is 0. */
export async function sweepOutputs(
  sessions: OutputSessions,
  clock: Clock,
  options: SweepOptions,
): Promise<OutputSweep | null> {
  if (!(options.days > 0)) return null;
  const started = clock.monotonic();
  const maxSessions = options.maxSessions ?? SWEEP_MAX_SESSIONS;
  const maxMs = options.maxMs ?? SWEEP_MAX_MS;
  const cutoff = clock.now() - options.days * DAY_MS;
  const report: OutputSweep = {
    days: options.days,
    due: 0,
    removed: [],
    files: 0,
    bytes: 0,
    left: 0,
    stopped: 'done',
  };
  let due: OutputSession[];
  try {
    due = (await sessions.list())
      .filter((s) => s.id !== options.current && s.lastUsed <= cutoff)
      .sort((a, b) => a.lastUsed - b.lastUsed || (a.id < b.id ? -1 : 1));
  } catch (thrown) {
    return { ...report, error: thrown instanceof Error ? thrown.message : String(thrown) };
  }
  report.due = due.length;
  for (const session of due) {
    if (report.removed.length >= maxSessions) {
      report.stopped = 'sessions';
      break;
    }
    if (clock.monotonic() - started >= maxMs) {
      report.stopped = 'time';
      break;
    }
    try {
      const gone = await sessions.remove(session.id);
      report.removed.push(session.id);
      report.files += gone.files;
      report.bytes += gone.bytes;
    } catch (thrown) {
      report.error = `${session.id}: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
      break;
    }
  }
  report.left = due.length - report.removed.length;
  return report;
}
