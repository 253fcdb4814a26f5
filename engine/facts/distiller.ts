/**
 * The distiller: before turns are dropped, the model distils what they said into facts, and writes
 * them into the running summary once a batch of dropped turns is due; one call does both when the
 * batch is exactly the turns leaving now. Every call goes through one guided-call helper and is
 * audited, whether it wrote anything or failed; a failure changes nothing but leaves the turns
 * waiting. The calls' schemas and the reading of their answers are in distillation.ts.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import type { FactChange } from './changes.js';
import { distillableKinds, type KindTable } from './kinds.js';
import type { FactAssertion } from './fact-store.js';
import type { Clock } from '../ports.js';
import type { EngineSettings } from '../settings.js';
import type { Entry } from '../store/entry.js';
import {
  DISTIL_SCHEMA,
  DISTIL_TOKENS,
  FACTS_AND_SUMMARY_SCHEMA,
  SUMMARY_SCHEMA,
  distilledAssertion,
  readDistilled,
  readSummary,
  summaryTokens,
} from './distillation.js';
import {
  distilPrompt,
  factsAndSummaryPrompt,
  fitSummary,
  summaryPrompt,
  summaryWords,
  turnTexts,
  type TurnText,
} from './facts-prompts.js';
import { GuidedCalls, type GuidedOutcome } from '../model/guided-call.js';
import type { ModelCaller } from '../model/model-calls.js';
import { SummaryVersions } from './summary-versions.js';

export interface DistillerOptions {
  settings: EngineSettings['facts'];
  audit: AuditRecorder;
  clock: Clock;
  caller: ModelCaller;
  kinds: KindTable;
  /** The facts that stand, each as `subject name: value`, for the calls to show. */
  known: () => string[];
  /** Records a fact the model distilled, with its changes audited; returns the changes. */
  assert: (turn: number, assertion: FactAssertion) => FactChange[];
}

export class Distiller {
  /** The running summary's versions, and the dropped turns waiting for the next one. */
  readonly summary = new SummaryVersions();
  readonly #calls: GuidedCalls;

  constructor(private readonly options: DistillerOptions) {
    this.#calls = new GuidedCalls(options.caller, options.clock);
  }

  /** Guided calls made for distillations (facts-and-summary calls among them). */
  get distilCalls(): number {
    return this.#calls.distil;
  }

  /** Guided calls made for the summary alone. */
  get summaryCalls(): number {
    return this.#calls.summary;
  }

  /** Before turns are dropped: distil what they said, and add them to the summary when a batch is due. */
  async beforeDrop(
    turn: number,
    leaving: readonly Entry[],
    kept: readonly Entry[],
    window: number,
  ): Promise<void> {
    const leavingTurns = turnTexts(leaving);
    if (leavingTurns.length === 0) return;
    const { distil, summary, summaryWithFacts, summaryBatchTurns } = this.options.settings;
    const waiting = this.summary.waiting.length;
    const due = summary && waiting + leavingTurns.length >= summaryBatchTurns;
    // One call serves both only when the batch is exactly the turns leaving now: older waiting turns
    // were distilled as they left, and distilling them again could bring back a stale value.
    if (distil && due && summaryWithFacts && waiting === 0) {
      await this.#factsAndSummary(turn, leavingTurns, turnTexts(kept), window);
      return;
    }
    if (distil) await this.#distil(turn, leavingTurns, turnTexts(kept), window);
    if (summary) {
      this.summary.wait(leavingTurns);
      if (due) await this.#summarise(turn, window);
    }
  }

  async #factsAndSummary(turn: number, leaving: TurnText[], kept: TurnText[], window: number): Promise<void> {
    const words = summaryWords(this.options.settings.summaryShare, window);
    let facts: string[] = [];
    const outcome = await this.#calls.run({
      turn,
      purpose: 'facts-and-summary',
      request: {
        messages: factsAndSummaryPrompt(
          distillableKinds(this.options.kinds),
          this.options.known(),
          this.summary.latest?.text ?? null,
          words,
          leaving,
          kept,
          window,
        ),
        schema: FACTS_AND_SUMMARY_SCHEMA,
        maxTokens: DISTIL_TOKENS + summaryTokens(words),
      },
      read: (value) => {
        facts = this.#recordDistilled(turn, value, leaving);
        return readSummary(value);
      },
    });
    this.#summaryWritten(turn, leaving, words, outcome, true);
    // The turns wait for the next batch; their facts were recorded if the answer had them.
    if (!outcome.ok) this.summary.wait(leaving);
    this.#distilled(turn, leaving, facts, outcome);
  }

  async #distil(turn: number, leaving: TurnText[], kept: TurnText[], window: number): Promise<void> {
    const outcome = await this.#calls.run({
      turn,
      purpose: 'distil',
      request: {
        messages: distilPrompt(
          distillableKinds(this.options.kinds),
          this.options.known(),
          leaving,
          kept,
          window,
        ),
        schema: DISTIL_SCHEMA,
        maxTokens: DISTIL_TOKENS,
      },
      read: (value) => this.#recordDistilled(turn, value, leaving),
    });
    this.#distilled(turn, leaving, outcome.ok ? outcome.value : [], outcome);
  }

  async #summarise(turn: number, window: number): Promise<void> {
    const batch = [...this.summary.waiting];
    const words = summaryWords(this.options.settings.summaryShare, window);
    const outcome = await this.#calls.run({
      turn,
      purpose: 'summary',
      request: {
        messages: summaryPrompt(this.summary.latest?.text ?? null, words, batch, window),
        schema: SUMMARY_SCHEMA,
        maxTokens: summaryTokens(words),
      },
      read: readSummary,
    });
    this.#summaryWritten(turn, batch, words, outcome, false);
  }

  /** Records each fact of a distillation's answer; returns the ids of the facts it recorded. */
  #recordDistilled(turn: number, value: unknown, leaving: readonly TurnText[]): string[] {
    const allowed = new Set(distillableKinds(this.options.kinds).map((k) => k.subject));
    const ids: string[] = [];
    for (const fact of readDistilled(value, allowed)) {
      const changes = this.options.assert(
        turn,
        distilledAssertion(fact, leaving, turn, this.options.clock.now()),
      );
      for (const change of changes) if (change.type === 'fact.recorded') ids.push(change.fact.id);
    }
    return ids;
  }

  /** Audits a distillation: the facts it recorded, or why it failed. */
  #distilled(
    turn: number,
    leaving: readonly TurnText[],
    facts: string[],
    outcome: GuidedOutcome<unknown>,
  ): void {
    this.options.audit.record({
      type: 'context.distillation',
      turn,
      turns: leaving.map((t) => t.turn),
      ok: outcome.ok,
      facts,
      error: outcome.ok ? null : outcome.error,
      durationMs: outcome.durationMs,
    });
  }

  /** Adds the summary a call wrote, fitted to its word limit, and audits it, or audits why it failed. */
  #summaryWritten(
    turn: number,
    batch: readonly TurnText[],
    words: number,
    outcome: GuidedOutcome<string>,
    combined: boolean,
  ): void {
    const { clock, caller, audit } = this.options;
    summaryWritten(this.summary, audit, {
      turn,
      batch,
      words,
      outcome,
      combined,
      at: clock.now(),
      model: caller.model.name,
    });
  }
}

/** What a summary call gave, for `summaryWritten`. */
export interface SummaryCall {
  turn: number;
  batch: readonly TurnText[];
  words: number;
  outcome: GuidedOutcome<string>;
  combined: boolean;
  at: number;
  model: string;
}

/**
 * Adds the summary a call wrote to `versions`, fitted to its word limit, and audits it, or audits why
 * the call failed: the running summary and the whole-history baseline record theirs the same way.
 */
export function summaryWritten(versions: SummaryVersions, audit: AuditRecorder, call: SummaryCall): void {
  const { turn, batch, words, outcome, combined } = call;
  const version = outcome.ok
    ? versions.add(fitSummary(outcome.value, words), batch, turn, call.at, call.model)
    : null;
  audit.record({
    type: 'context.summary',
    turn,
    turns: batch.map((t) => t.turn),
    ok: outcome.ok,
    combined,
    version: version?.version ?? null,
    words: version ? version.text.split(/\s+/).length : 0,
    error: outcome.ok ? null : outcome.error,
    durationMs: outcome.durationMs,
  });
}
