/**
 * The reader's window, applied as a runtime would: the three overflow behaviours runtimes show
 * (silent front truncation like Ollama, the on-device model's generic "Provided N tokens" error, and a
 * typed context-overflow error). What the model then acts on is only what survives this step.
 */
import {
  ContextOverflowError,
  ModelFailure,
  type Message,
  type ModelRequest,
} from '../../../engine/index.js';
import type { TokenCounter } from './tokens.js';

/** The reader's profiles, one per overflow behaviour. */
export type ReaderProfile = 'reader' | 'reader-counting' | 'reader-strict';

/** Every profile name, for lookup and validation by name. */
export const READER_PROFILES: readonly ReaderProfile[] = ['reader', 'reader-counting', 'reader-strict'];

/** What each profile exposes through the model port. */
export interface ProfileTraits {
  reportsUsage: boolean;
  /** Whether the port states its window; a strict runtime's window is learnt from its error. */
  statesWindow: boolean;
  /** Whether the port offers `countTokens`. */
  counts: boolean;
}

/** The capabilities of each profile, as the design describes the runtimes they stand for. */
export const PROFILE_TRAITS: Readonly<Record<ReaderProfile, ProfileTraits>> = {
  reader: { reportsUsage: true, statesWindow: true, counts: false },
  'reader-counting': { reportsUsage: false, statesWindow: true, counts: true },
  'reader-strict': { reportsUsage: true, statesWindow: false, counts: false },
};

/** The messages the model goes on to read, and the prompt tokens it processed to read them. */
export interface WindowedRequest {
  messages: Message[];
  promptTokens: number;
}

/** The exact message of the generic overflow error, numbers without separators. */
export function providedTokensMessage(count: number, window: number): string {
  return `Provided ${count} tokens, but the maximum allowed is ${window}`;
}

/**
 * Applies `window` to a request under `profile`. Only the prompt is charged: the answer's own tokens
 * are not counted against the window.
 */
export function applyWindow(
  profile: ReaderProfile,
  window: number,
  request: ModelRequest,
  counter: TokenCounter,
): WindowedRequest {
  const count = counter.request(request);
  if (count <= window) return { messages: request.messages, promptTokens: count };
  switch (profile) {
    case 'reader':
      return truncateFront(request, window, counter);
    case 'reader-counting':
      throw new ModelFailure(providedTokensMessage(count, window));
    case 'reader-strict':
      throw new ContextOverflowError(window, count);
  }
}

/**
 * Ollama's truncation: keep the system message and the last message, and drop the oldest of the others
 * one by one, whole, until the rest fits. When even those two do not fit, they are processed anyway,
 * and the reported usage says so.
 */
export function truncateFront(request: ModelRequest, window: number, counter: TokenCounter): WindowedRequest {
  const messages = request.messages;
  const first = messages[0];
  const hasSystem = first?.role === 'system';
  const head = hasSystem ? 1 : 0;
  const lastIndex = messages.length - 1;
  let total = counter.request(request);
  let from = head;
  // Messages in [head, lastIndex) are droppable; the last message always stays.
  while (total > window && from < lastIndex) {
    const dropped = messages[from];
    if (dropped) total -= counter.message(dropped);
    from += 1;
  }
  const kept = [...messages.slice(0, head), ...messages.slice(from)];
  return { messages: kept, promptTokens: total };
}
