/**
 * The whole path for a tool result held in memory: sent as it is when it fits the budget; otherwise
 * kept whole in the output store and bounded with a note that names the stored output.
 */
import { boundOutput, type BoundResult } from './bound.js';
import type { OutputStore, StoredOutput } from './store-port.js';
import { utf8Length } from './utf8-text.js';

/** What the conversation offers for reaching a held-back output. */
export interface KeepOptions {
  /** The conversation has the memory tool. */
  memory: boolean;
  /** The result is a command's: its note says not to run it again. */
  command: boolean;
}

/** A result within budget, and the stored output when something was held back. */
export interface KeptResult extends BoundResult {
  stored?: StoredOutput;
}

/**
 * `content` within `budget` bytes. A result that fits is returned whole and nothing is stored; a
 * larger one is put in `store` under `callId` first, so the note can name it.
 */
export async function keepWithinBudget(
  content: string,
  budget: number,
  store: OutputStore,
  callId: string,
  options: KeepOptions,
): Promise<KeptResult> {
  if (utf8Length(content) <= budget) return { text: content, heldBack: false, ranges: [] };
  const stored = await store.put(callId, content);
  const bound = boundOutput(content, budget, {
    outputId: stored.id,
    storedLines: stored.lines,
    truncated: stored.truncated,
    memory: options.memory,
    command: options.command,
  });
  return { ...bound, stored };
}
