/**
 * What the model is sent: the request composed from the store's entries with the prompt-side blocks
 * (the facts layer's earlier and now blocks, the assessment's lines), and the blocks each turn's first
 * and latest requests carried, kept so that any turn's context can be rebuilt afterwards.
 */
import type { Assessor } from '../assess/assessment.js';
import {
  composeMessages,
  entriesAtFirstRequest,
  entriesAtTurn,
  type TurnBlocks,
} from '../compose/composer.js';
import type { FactsLayer } from '../facts/facts-layer.js';
import type { MiddleSummary } from '../condense/middle-summary.js';
import type { Message, ModelRequest, ToolSpec } from '../model/port.js';
import { NOW_HEADER } from '../protocol.js';
import type { Entry } from '../store/entry.js';
import type { ContextStore } from '../store/store.js';

export interface CompositionOptions {
  store: ContextStore;
  facts: FactsLayer | null;
  /** The summarise policy's summary: it ends the earlier block. */
  summary: MiddleSummary | null;
  assessor: Assessor | null;
  /** Every tool of the conversation, registered on each request when there is no assessment. */
  tools: () => ToolSpec[];
  window: () => number | null;
}

export class Composition {
  /** The turn whose earlier block is squeezed to the floor's size. */
  #squeezedTurn = -1;
  /** The prompt-side blocks each turn's latest request carried, so any turn's context can be rebuilt. */
  readonly #turnBlocks = new Map<number, TurnBlocks>();
  /** The prompt-side blocks each turn's first request carried: an overflow's retry changes them. */
  readonly #firstBlocks = new Map<number, TurnBlocks>();

  constructor(private readonly options: CompositionOptions) {}

  /** The request the model would be sent for `turn` over `entries`. */
  request(entries: readonly Entry[], turn: number): ModelRequest {
    const messages = composeMessages(entries, { turn, ...this.#blocksFor(entries, turn) });
    const { assessor } = this.options;
    const tools = assessor ? assessor.tools : this.options.tools();
    return { messages, tools };
  }

  /** A request the model is sent: composed, and its blocks kept as the turn's. */
  sent(turn: number): ModelRequest {
    const entries = this.options.store.active();
    const blocks = this.#blocksFor(entries, turn);
    this.#turnBlocks.set(turn, blocks);
    if (!this.#firstBlocks.has(turn)) this.#firstBlocks.set(turn, blocks);
    return this.request(entries, turn);
  }

  /** The prompt-side blocks that `turn`'s latest request carried; undefined for a turn not sent. */
  blocksAt(turn: number): TurnBlocks | undefined {
    return this.#turnBlocks.get(turn);
  }

  /**
   * The messages of `turn`'s first request, rebuilt from `all` the store's entries; or, given
   * `upToEntry`, of its latest request, which carried the turn's own entries up to that one.
   */
  contextAt(all: readonly Entry[], turn: number, upToEntry?: number): Message[] {
    if (upToEntry === undefined)
      return composeMessages(entriesAtFirstRequest(all, turn), {
        turn,
        ...(this.#firstBlocks.get(turn) ?? {}),
      });
    return composeMessages(entriesAtTurn(all, turn, upToEntry), {
      turn,
      ...(this.#turnBlocks.get(turn) ?? {}),
    });
  }

  /**
   * The floor's squeeze: the earlier block of `kept` at its smaller size for `turn`, when that is
   * smaller than the block as it is; false, and nothing squeezed, when it is not.
   */
  squeeze(turn: number, kept: readonly Entry[]): boolean {
    const { facts } = this.options;
    const window = this.options.window();
    const full = facts?.blocks(kept, window, false)?.earlier ?? '';
    const squeezed = facts?.blocks(kept, window, true)?.earlier ?? '';
    if (squeezed.length >= full.length) return false;
    this.#squeezedTurn = turn;
    return true;
  }

  /** The prompt-side blocks of a composition of `entries` for `turn`. */
  #blocksFor(entries: readonly Entry[], turn: number): TurnBlocks {
    const blocks =
      this.options.facts?.blocks(entries, this.options.window(), this.#squeezedTurn === turn) ?? null;
    const now = this.#nowBlock(blocks?.now ?? null);
    const earlier = this.options.summary
      ? this.options.summary.block(blocks?.earlier ?? null)
      : (blocks?.earlier ?? null);
    return {
      ...(earlier ? { earlierBlock: earlier } : {}),
      ...(now ? { nowBlock: now } : {}),
    };
  }

  /** The now block: the facts layer's, then the assessment's relevant facts and tools line. */
  #nowBlock(facts: string | null): string | null {
    const lines = this.options.assessor?.nowLines();
    if (!lines) return facts;
    return [facts ?? NOW_HEADER, ...lines].join('\n');
  }
}
