/**
 * Where the audit goes and how it is read back: the two ports a runner gives the engine for its audit
 * log, and an in-memory sink for tests and for runners that write at the end.
 */
import type { AuditEvent } from './events.js';

/** Receives every audit event as it is recorded. */
export interface AuditSink {
  write(event: AuditEvent): void;
}

/**
 * Reads the audit back: the event recorded under an id, or undefined when the audit does not hold it
 * (never recorded, rotated out, or the audit is off). The memory tool reads entries' content here.
 */
export interface AuditReader {
  event(id: string): AuditEvent | undefined | Promise<AuditEvent | undefined>;
}

/** A sink that keeps events in memory, for tests and for runners that write at the end; it reads them back by id. */
export function memorySink(): AuditSink & {
  events: AuditEvent[];
  event(id: string): AuditEvent | undefined;
} {
  const events: AuditEvent[] = [];
  const byId = new Map<string, AuditEvent>();
  return {
    events,
    write: (event) => {
      events.push(event);
      byId.set(event.id, event);
    },
    event: (id) => byId.get(id),
  };
}
