/**
 * When the conversation condenses: ahead of the window, before a prompt goes in, when its policy says
 * the context, the prompt and the headroom the next turn needs are due; and after an overflow, so the
 * turn can be tried again. Each condensation is carried out by condensation.ts, its figures kept in
 * the conversation's list and counted in the turn's tally.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import type { ContextPolicy } from './policy.js';
import { headroomFor } from './target.js';
import { estimateTokens } from '../measure/estimate.js';
import type { Message, ModelRequest } from '../model/port.js';
import type { EngineSettings } from '../settings.js';
import type { Entry } from '../store/entry.js';
import type { ContextStore } from '../store/store.js';
import { groupTurns } from '../store/turns.js';
import { condense } from './condensation.js';
import type { FactsLayer } from '../facts/facts-layer.js';
import type { CondensationFigures } from '../measure/figures.js';
import type { Meter } from '../measure/meter.js';
import type { TurnTally } from '../measure/turn-tally.js';
import type { MiddleSummary } from './middle-summary.js';

export interface CondenserOptions {
  settings: EngineSettings['context'];
  policy: ContextPolicy;
  store: ContextStore;
  audit: AuditRecorder;
  meter: Meter;
  facts: FactsLayer | null;
  /** The summarise policy's summary, when that is the policy. */
  summary: MiddleSummary | null;
  /** The window in tokens, once known. */
  window: () => number | null;
  compose: (entries: readonly Entry[], turn: number) => ModelRequest;
  /** Sends every earlier output still whole as its reference, saved in the tally; returns how many. */
  referenceEarlier: (turn: number, tally: TurnTally) => number;
  /** Squeezes the earlier block for the turn's `kept` entries; false when that makes it no smaller. */
  squeeze: (turn: number, kept: readonly Entry[]) => boolean;
  saveTranscript?: (name: string, messages: readonly Message[]) => string;
  /** The conversation's condensations, each added as it is made. */
  condensations: CondensationFigures[];
  /** The model sessions: every condensation starts a new one, even one that dropped nothing. */
  sessions: { reset(): void };
}

export class Condenser {
  constructor(private readonly options: CondenserOptions) {}

  /** Before `prompt` goes in: condenses when the policy says the request is due. */
  async aheadIfDue(turn: number, prompt: string, tally: TurnTally): Promise<void> {
    const { policy, store, meter } = this.options;
    const window = this.options.window();
    if (window === null || policy.failsFast) return;
    const entries = store.active();
    const fill = await meter.measure(this.options.compose(entries, turn));
    const promptTokens = estimateTokens(prompt);
    const turns = groupTurns(entries).turns.length;
    const headroom = this.#headroom();
    if (policy.dueAhead({ fill, prompt: promptTokens, headroom, window, turns })) {
      await this.#condense('budget', turn, entries, promptTokens, headroom, tally);
    }
  }

  /** After an overflow: condenses `entries` so that they and the `added` tokens of the turn fit. */
  async afterOverflow(
    turn: number,
    entries: readonly Entry[],
    added: number,
    tally: TurnTally,
  ): Promise<void> {
    await this.#condense('overflow', turn, entries, added, this.#headroom(), tally);
  }

  /** The room the next turn needs; only the target policy keeps one. */
  #headroom(): number {
    const { settings, store } = this.options;
    if (settings.policy !== 'target') return 0;
    return headroomFor(store.all(), settings.headroomTurns, estimateTokens);
  }

  async #condense(
    reason: 'budget' | 'overflow',
    turn: number,
    entries: readonly Entry[],
    prompt: number,
    headroom: number,
    tally: TurnTally,
  ): Promise<void> {
    const window = this.options.window();
    if (window === null) return;
    const { policy, store, audit, meter, facts, summary, compose, squeeze, saveTranscript } = this.options;
    const figures = await condense(
      {
        policy,
        store,
        audit,
        meter,
        facts,
        summary,
        compose,
        referenceEarlier: (at) => this.options.referenceEarlier(at, tally),
        squeeze,
        ...(saveTranscript ? { saveTranscript } : {}),
      },
      { reason, turn, window, entries, prompt, headroom },
    );
    this.options.condensations.push(figures);
    this.options.sessions.reset();
    tally.condensed();
  }
}
