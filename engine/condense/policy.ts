/**
 * Context policies: when a request is due a condensation ahead of the window, and how a
 * condensation chooses what to drop. The conversation measures, applies the drops and audits them.
 */
import type { CondensationStep } from '../audit/events.js';
import type { Entry } from '../store/entry.js';

export interface AheadCheck {
  /** Estimated tokens of the context as it stands. */
  fill: number;
  /** Estimated tokens of the new prompt. */
  prompt: number;
  /** Estimated tokens the next turn needs (0 for policies without a headroom). */
  headroom: number;
  window: number;
  /** Literal turns in the context. */
  turns: number;
}

export interface CondenseInput {
  reason: 'budget' | 'overflow';
  window: number;
  /** The context's entries as they stand before the request (instructions, turns, commands). */
  entries: readonly Entry[];
  /** Estimated tokens of composing `entries` with the given ids left out. */
  measure(without: ReadonlySet<number>): Promise<number>;
  /** Tokens the request adds on top of the context: the prompt (and, on overflow, what the turn added). */
  prompt: number;
  headroom: number;
  /** Step 1: sends every earlier output still whole as its reference; returns how many switched. */
  referenceEarlier?(): number;
  /** The seam where leaving turns are distilled and summarised before they are dropped. */
  beforeDrop?(leaving: readonly Entry[]): Promise<void>;
  /**
   * The floor's seam: squeezes the earlier block for this turn, composed without the `without` ids;
   * returns whether that made the block any smaller (false when there was nothing to squeeze).
   */
  squeeze?(without: ReadonlySet<number>): boolean;
}

export interface CondensePlan {
  goal: number | null;
  fillBefore: number;
  fillAfter: number;
  /** Entries to drop, in order. */
  drop: number[];
  turnsDropped: number;
  turnsKept: number;
  floor: boolean;
  steps: CondensationStep[];
}

export interface ContextPolicy {
  readonly name: string;
  /** True when the overflow error must reach the caller rather than be recovered from. */
  readonly failsFast: boolean;
  /** Whether the request is due a condensation before it is sent. */
  dueAhead(check: AheadCheck): boolean;
  /** Chooses what to drop. */
  plan(input: CondenseInput): Promise<CondensePlan>;
}
