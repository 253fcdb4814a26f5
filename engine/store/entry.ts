/** The store's entries: every piece of a conversation, held once, under a stable id. */

export type EntryKind = 'instructions' | 'prompt' | 'toolCall' | 'toolOutput' | 'reply';

/**
 * Where an entry came from: a turn of this conversation, carried in with the instructions, or a turn
 * of the conversation this one was resumed from (its turn and sources belong to that conversation).
 */
export type EntryOrigin = 'turn' | 'carried' | 'resumed';

/** A stretch of a reply that retyped a tool output, sent as a marker instead. */
export interface ReplyCut {
  /** UTF-8 byte offsets into the reply's text, end exclusive. */
  start: number;
  end: number;
  /** The store id of the output the stretch reproduced, and its tool. */
  outputEntry: number;
  tool: string;
  words: number;
  coverage: number;
}

export interface Entry {
  /** Stable id, counting from 1 in the order entries were recorded. */
  readonly id: number;
  readonly kind: EntryKind;
  /** The person turn the entry belongs to; 0 for the instructions. */
  readonly turn: number;
  readonly origin: EntryOrigin;
  /** The entry's text: a prompt, a reply, a tool output, or a tool call's JSON. */
  readonly text: string;
  /** For tool calls and outputs: the call they belong to. */
  readonly call?: { callId: string; tool: string; arguments: Record<string, unknown> };
  /** For tool outputs: whether the tool succeeded, and a command's exit status. */
  readonly outcome?: { ok: boolean; exitCode?: number | null };
  /** A prompt that records a command the person ran (after `!`): no turn of its own. */
  readonly personCommand?: boolean;
  /** Audit event ids that recorded this entry's content. */
  readonly sources: readonly string[];
  /** Epoch ms from the clock when recorded. */
  readonly recordedAt: number;
  active: boolean;
  /** The condensation event that dropped it, and the turn during which it was dropped. */
  droppedBy?: string;
  droppedAt?: number;
  /**
   * The newest entry the store held when it was dropped: below the prompt of its turn for a drop
   * ahead of the turn's first request, the prompt or later for one after it (an overflow's). Absent
   * on a resumed entry, whose drop came before the resuming conversation began.
   */
  droppedAfter?: number;
  /** The turn from whose start a tool output is sent as a reference, and the reference's text. */
  referencedAt?: number;
  reference?: string;
  /**
   * For a tool output the mask policy sends as its placeholder (held in `reference`): the output
   * entry whose arrival left it older than the latest outputs kept whole. Any request that carries
   * that entry sends the placeholder; a request composed before it, the output whole.
   */
  maskedBy?: number;
  /** Stretches of a reply that are sent as markers, and the reply's text as sent with them. */
  cuts?: ReplyCut[];
  cutText?: string;
}
