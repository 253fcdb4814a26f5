/**
 * The composer: turns the store's active entries into the messages a request carries. The
 * instructions come first, then the literal turns in order; a tool output after its own turn goes
 * as its reference, and a reply with cuts goes with its markers. Blocks of facts (when on) sit just
 * after the instructions and just before the latest prompt.
 */
import type { Message, ToolCall } from '../model/port.js';
import type { Entry } from '../store/entry.js';
import { InternalError } from '../errors.js';

/** The prompt-side records a composition carries besides the store's entries. */
export interface TurnBlocks {
  /** A prompt-side record placed just after the instructions. */
  earlierBlock?: string;
  /** A prompt-side record placed just before the latest prompt. */
  nowBlock?: string;
}

export interface ComposeOptions extends TurnBlocks {
  /** The turn being composed: outputs of earlier turns that have a reference are sent as it. */
  turn: number;
}

/**
 * What an output entry is sent as during `turn`, in a composition whose newest entry is `newest`: a
 * masked output as its placeholder once the output that masked it is carried too.
 */
export function outputText(entry: Entry, turn: number, newest = Infinity): string {
  if (entry.maskedBy !== undefined && entry.reference !== undefined) {
    return newest >= entry.maskedBy ? entry.reference : entry.text;
  }
  if (entry.reference !== undefined && entry.referencedAt !== undefined && entry.referencedAt <= turn) {
    return entry.reference;
  }
  return entry.text;
}

/** What a reply entry is sent as during `turn`: with its cuts once its own turn is over. */
export function replyText(entry: Entry, turn: number): string {
  return entry.cutText !== undefined && entry.turn < turn ? entry.cutText : entry.text;
}

/** Composes the messages for `entries` (normally the store's active ones, in order). */
export function composeMessages(entries: readonly Entry[], options: ComposeOptions): Message[] {
  const messages: Message[] = [];
  const newest = entries.reduce((id, e) => Math.max(id, e.id), 0);
  let pendingCalls: ToolCall[] | null = null;
  const flushCalls = () => {
    if (pendingCalls) messages.push({ role: 'assistant', content: '', toolCalls: pendingCalls });
    pendingCalls = null;
  };
  for (const entry of entries) {
    if (entry.kind !== 'toolCall') flushCalls();
    switch (entry.kind) {
      case 'instructions':
        messages.push({ role: 'system', content: entry.text });
        if (options.earlierBlock) messages.push({ role: 'user', content: options.earlierBlock });
        break;
      case 'prompt':
        messages.push({ role: 'user', content: entry.text });
        break;
      case 'toolCall': {
        const call = entry.call;
        if (!call) throw new InternalError(`tool call entry ${entry.id} has no call`);
        pendingCalls ??= [];
        pendingCalls.push({ callId: call.callId, tool: call.tool, arguments: call.arguments });
        break;
      }
      case 'toolOutput': {
        const call = entry.call;
        if (!call) throw new InternalError(`tool output entry ${entry.id} has no call`);
        messages.push({
          role: 'tool',
          callId: call.callId,
          tool: call.tool,
          content: outputText(entry, options.turn, newest),
        });
        break;
      }
      case 'reply':
        messages.push({ role: 'assistant', content: replyText(entry, options.turn) });
        break;
    }
  }
  flushCalls();
  if (options.nowBlock) insertBeforeLatestPrompt(messages, { role: 'user', content: options.nowBlock });
  return messages;
}

function insertBeforeLatestPrompt(messages: Message[], block: Message): void {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === 'user') {
      messages.splice(i, 0, block);
      return;
    }
  }
  messages.push(block);
}

/**
 * The entries composed at the start of `turn`, rebuilt from the store: those recorded before the
 * turn and not dropped by then, followed by the turn's own entries as far as `upToEntry`.
 */
export function entriesAtTurn(all: readonly Entry[], turn: number, upToEntry = Infinity): Entry[] {
  return all.filter((e) => {
    if (e.id > upToEntry || e.turn > turn) return false;
    if (e.droppedAt !== undefined && e.droppedAt <= turn) {
      // Dropped before this turn began, or (for this turn's own entries) dropped by a retry.
      return false;
    }
    return true;
  });
}

/**
 * The entries the first request of `turn` carried, rebuilt from the store: those recorded up to the
 * turn's prompt and not dropped before it, which keeps what an overflow during the turn dropped
 * after that request was sent. A turn that stored no prompt (it failed before) has its entries at
 * the turn's start, as {@link entriesAtTurn} gives them.
 */
export function entriesAtFirstRequest(all: readonly Entry[], turn: number): Entry[] {
  const prompt = all.find((e) => e.kind === 'prompt' && !e.personCommand && e.turn === turn);
  if (prompt === undefined) return entriesAtTurn(all, turn);
  return all.filter((e) => {
    if (e.id > prompt.id) return false;
    if (e.droppedAt === undefined) return true;
    return e.droppedAfter !== undefined ? e.droppedAfter >= prompt.id : e.droppedAt > turn;
  });
}
