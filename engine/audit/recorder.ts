/** Stamps events with an id and a time and hands them to the sink. */
import type { Clock, Ids } from '../ports.js';
import type { AuditSink } from './sink.js';
import type { AuditEvent, UnstampedEvent } from './events.js';

export class AuditRecorder {
  constructor(
    private readonly sink: AuditSink,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  /** An id for an event that other records must name before it is written. */
  reserveId(): string {
    return this.ids.next('event');
  }

  /** Records an event; `id` is a reserved id, or a new one is taken. */
  record<E extends UnstampedEvent>(event: E, id?: string): E & { id: string; at: string } {
    const stamped = {
      id: id ?? this.ids.next('event'),
      at: new Date(this.clock.now()).toISOString(),
      ...event,
    };
    this.sink.write(stamped as AuditEvent);
    return stamped;
  }
}
