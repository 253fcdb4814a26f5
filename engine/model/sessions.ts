/**
 * Model sessions. A request continues the model's session only when it starts with everything the
 * session already holds (the previous request and its answer); anything else (a condensation, a
 * retry, a cut, an output switched to a reference) starts a new session, which is what a runtime's
 * prefix cache pays for.
 */
import type { Message, ToolCall } from './port.js';
import type { Ids } from '../ports.js';

function sameMessage(a: Message, b: Message): boolean {
  if (a === b) return true;
  if (a.role !== b.role || a.content !== b.content) return false;
  if (a.role === 'tool' && b.role === 'tool') return a.callId === b.callId && a.tool === b.tool;
  if (a.role === 'assistant' && b.role === 'assistant')
    return sameCalls(a.toolCalls ?? [], b.toolCalls ?? []);
  return true;
}

// Calls composed from the same entries share their arguments object, so most compare without JSON.
function sameCalls(a: readonly ToolCall[], b: readonly ToolCall[]): boolean {
  return (
    a.length === b.length &&
    a.every((call, i) => {
      const other = b[i];
      if (other === undefined || call.callId !== other.callId || call.tool !== other.tool) return false;
      return (
        call.arguments === other.arguments ||
        JSON.stringify(call.arguments) === JSON.stringify(other.arguments)
      );
    })
  );
}

export class SessionTracker {
  #held: Message[] | null = null;
  #id = '';
  #started = 0;

  constructor(private readonly ids: Ids) {}

  /** The session a request goes to; a fresh one unless the request continues what is held. */
  begin(messages: readonly Message[], forceNew = false): { session: string; fresh: boolean } {
    const held = this.#held;
    const continues =
      !forceNew &&
      held !== null &&
      held.length <= messages.length &&
      held.every((message, i) => {
        const other = messages[i];
        return other !== undefined && sameMessage(message, other);
      });
    if (!continues) {
      this.#id = this.ids.next('session');
      this.#started += 1;
    }
    return { session: this.#id, fresh: !continues };
  }

  /** What the session holds after an exchange: the request and the model's answer. */
  hold(messages: readonly Message[], answer: Message): void {
    this.#held = [...messages, answer];
  }

  /** After a failure the session holds nothing reusable. */
  reset(): void {
    this.#held = null;
  }

  /** Sessions started so far. */
  get started(): number {
    return this.#started;
  }
}
