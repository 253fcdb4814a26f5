/**
 * Model sessions. A request continues the model's session only when it registers the same tools and
 * starts with everything the session already holds (the previous request and its answer); anything
 * else (a retry, a cut, an output switched to a reference, other tools) starts a new session, which
 * is what a runtime's prefix cache pays for. Every condensation starts one too, whatever it dropped.
 */
import type { Message, ToolCall, ToolSpec } from './port.js';
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

/** The registered tools as a session tells them apart: by name, in order. */
function toolsKey(tools: readonly ToolSpec[]): string {
  return tools.map((t) => t.name).join('\u0000');
}

export class SessionTracker {
  #held: Message[] | null = null;
  #heldTools = '';
  #id = '';
  #started = 0;

  constructor(private readonly ids: Ids) {}

  /** The session a request goes to; a fresh one unless the request continues what is held. */
  begin(
    messages: readonly Message[],
    tools: readonly ToolSpec[] = [],
    forceNew = false,
  ): { session: string; fresh: boolean } {
    const held = this.#held;
    const continues =
      !forceNew &&
      held !== null &&
      this.#heldTools === toolsKey(tools) &&
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

  /** What the session holds after an exchange: the request, the tools it registered and the answer. */
  hold(messages: readonly Message[], answer: Message, tools: readonly ToolSpec[] = []): void {
    this.#held = [...messages, answer];
    this.#heldTools = toolsKey(tools);
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
