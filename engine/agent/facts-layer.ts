/**
 * The facts layer of a conversation: the fact store, what tools' outputs say (extracted every turn),
 * what leaving turns said (distilled by the model before they are dropped), and the running summary
 * of dropped turns. It renders both prompt-side blocks for the composer; it never touches the
 * instructions.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import { toError } from '../errors.js';
import { composeFactBlocks, shownByEntries, type FactBlocks } from '../facts/blocks.js';
import type { FactChange } from '../facts/changes.js';
import { extractFacts } from '../facts/extract.js';
import { distillableKinds, loadKinds, type KindOverrides, type KindTable } from '../facts/kinds.js';
import type { FactsState, SummaryVersion } from '../facts/saved.js';
import { FactStore } from '../facts/store.js';
import type { CallPurpose, ModelCaller } from './model-calls.js';
import type { GuidedRequest, GuidedResponse } from '../model/port.js';
import type { Clock } from '../ports.js';
import type { EngineSettings } from '../settings.js';
import type { Entry } from '../store/entry.js';
import { groupTurns } from '../store/turns.js';
import {
  distilPrompt,
  factsAndSummaryPrompt,
  fitSummary,
  summaryPrompt,
  summaryWords,
  type TurnText,
} from './facts-prompts.js';

const MAX_SUMMARY_VERSIONS = 20;
const MAX_DISTILLED = 12;
const DISTIL_TOKENS = 900;

export class FactsLayer {
  #facts: FactStore;
  readonly kinds: KindTable;
  readonly summaries: SummaryVersion[] = [];
  distilCalls = 0;
  summaryCalls = 0;
  #factIds = 0;
  /** Dropped turns not yet in the summary. */
  #waiting: TurnText[] = [];

  constructor(
    private readonly settings: EngineSettings['facts'],
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
    private readonly caller: ModelCaller,
  ) {
    this.kinds = loadKinds(settings.kinds as KindOverrides);
    this.#facts = new FactStore(this.#storeOptions());
  }

  /** The fact store: every fact of the conversation and the rules between them. */
  get facts(): FactStore {
    return this.#facts;
  }

  #storeOptions() {
    return { kinds: this.kinds, nextId: () => `fact-${++this.#factIds}` };
  }

  /** What a saved conversation keeps of this layer. */
  save(): FactsState {
    return {
      facts: this.#facts.all(),
      summaries: this.summaries.map((s) => ({ ...s, turns: [...s.turns], added: [...s.added] })),
      waiting: this.#waiting.map((t) => ({ ...t, entries: [...t.entries], lines: [...t.lines] })),
      lastFactId: this.#factIds,
    };
  }

  /** Takes up the state a saved conversation kept, in place of what this layer holds. */
  restore(state: FactsState): void {
    this.#factIds = state.lastFactId;
    this.#facts = FactStore.restore(this.#storeOptions(), state.facts);
    this.summaries.splice(0, this.summaries.length, ...state.summaries);
    this.#waiting = [...state.waiting];
  }

  /** Records changes as audit events of their own type. */
  #audit(turn: number, changes: readonly FactChange[]): void {
    for (const { type, ...change } of changes) this.audit.record({ type, turn, change });
  }

  /** The person states a fact, or sets the task. */
  personStates(subject: string, name: string, value: string, turn: number, entry: number): void {
    const changes = this.#facts.assert({
      subject,
      name,
      value,
      source: { kind: 'person', method: 'stated' },
      entries: [entry],
      turn,
      recordedAt: this.clock.now(),
    });
    this.#audit(turn, changes);
  }

  /** A note (or a task proposal) the model made with the memory tool, recorded at the turn's end. */
  modelNotes(subject: string, name: string, value: string, turn: number): void {
    const changes = this.#facts.assert({
      subject,
      name,
      value,
      source: { kind: 'model', method: 'noted' },
      turn,
      recordedAt: this.clock.now(),
    });
    this.#audit(turn, changes);
  }

  /** What the turn's tool outputs say, by the extraction rules. */
  extract(turn: number, entries: readonly Entry[]): void {
    const outcomes = entries
      .filter((e) => e.kind === 'toolOutput' && e.turn === turn && e.call && e.active)
      .map((e) => ({
        tool: e.call?.tool ?? '',
        arguments: e.call?.arguments ?? {},
        output: e.text,
        ok: e.outcome?.ok ?? true,
        entryId: e.id,
        eventId: e.sources[0] ?? '',
        turn,
      }));
    for (const fact of extractFacts(outcomes, this.kinds)) {
      this.#audit(turn, this.#facts.assert({ ...fact, recordedAt: this.clock.now() }));
    }
  }

  /** Both blocks for a composition of `entries`; `squeeze` is the floor's smaller earlier block. */
  blocks(entries: readonly Entry[], window: number | null, squeeze = false): FactBlocks | null {
    if (window === null) return null;
    const summary = this.summaries.at(-1);
    return composeFactBlocks({
      facts: this.#facts.current(),
      conflicts: this.#facts.conflicts(),
      isShown: shownByEntries(new Set(entries.map((e) => e.id))),
      summary: summary ? { text: summary.text, turns: summary.turns.length } : null,
      window,
      share: this.settings.share,
      squeeze,
    });
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
    const { distil, summary, summaryWithFacts, summaryBatchTurns } = this.settings;
    const due = summary && this.#waiting.length + leavingTurns.length >= summaryBatchTurns;
    // One call serves both only when the batch is exactly the turns leaving now: older waiting turns
    // were distilled as they left, and distilling them again could bring back a stale value.
    if (distil && due && summaryWithFacts && this.#waiting.length === 0) {
      await this.#factsAndSummary(turn, leavingTurns, turnTexts(kept), window);
      return;
    }
    if (distil) await this.#distil(turn, leavingTurns, turnTexts(kept), window);
    if (summary) {
      this.#waiting.push(...leavingTurns);
      if (due) await this.#summarise(turn, window);
    }
  }

  async #factsAndSummary(turn: number, leaving: TurnText[], kept: TurnText[], window: number): Promise<void> {
    const started = this.clock.monotonic();
    const turns = leaving.map((t) => t.turn);
    const words = summaryWords(this.settings.summaryShare, window);
    let facts: string[] = [];
    let error: string | null = null;
    try {
      const previous = this.summaries.at(-1);
      const response = await this.#generate(turn, 'facts-and-summary', {
        messages: factsAndSummaryPrompt(
          distillableKinds(this.kinds),
          this.#known(),
          previous?.text ?? null,
          words,
          leaving,
          kept,
          window,
        ),
        schema: FACTS_AND_SUMMARY_SCHEMA,
        maxTokens: DISTIL_TOKENS + Math.ceil((words * 7 * 2) / 4),
      });
      facts = this.#recordDistilled(turn, response.value, leaving);
      const text = (response.value as { summary?: unknown } | null)?.summary;
      if (typeof text !== 'string' || text.trim() === '') throw new Error('the answer has no summary');
      this.#addSummary(turn, text, leaving, words, started, true);
    } catch (thrown) {
      error = toError(thrown).message;
      this.#summaryFailed(turn, turns, error, started, true);
      // The turns wait for the next batch; their facts were recorded if the answer had them.
      this.#waiting.push(...leaving);
    }
    this.audit.record({
      type: 'context.distillation',
      turn,
      turns,
      ok: error === null,
      facts,
      error,
      durationMs: this.clock.monotonic() - started,
    });
  }

  /**
   * One guided call through the conversation's caller, counted by purpose (a facts-and-summary call
   * counts as a distillation). A model without guided generation is a failed call that is never made.
   */
  async #generate(
    turn: number,
    purpose: CallPurpose,
    request: Omit<GuidedRequest, 'purpose'>,
  ): Promise<GuidedResponse> {
    if (!this.caller.model.generate) throw new Error('the model offers no guided generation');
    if (purpose === 'summary') this.summaryCalls += 1;
    else this.distilCalls += 1;
    return this.caller.generate(turn, { purpose, ...request }, purpose);
  }

  #known(): string[] {
    return this.#facts.current().map((f) => `${f.identity.subject} ${f.identity.name}: ${f.value}`);
  }

  #addSummary(
    turn: number,
    text: string,
    batch: readonly TurnText[],
    words: number,
    started: number,
    combined: boolean,
  ): void {
    const previous = this.summaries.at(-1);
    const turns = batch.map((t) => t.turn);
    const version: SummaryVersion = {
      version: (previous?.version ?? 0) + 1,
      text: fitSummary(text, words),
      turns: [...(previous?.turns ?? []), ...turns],
      added: batch.flatMap((t) => t.entries),
      writtenIn: turn,
      writtenAt: this.clock.now(),
    };
    this.summaries.push(version);
    if (this.summaries.length > MAX_SUMMARY_VERSIONS) this.summaries.shift();
    this.#waiting = [];
    this.audit.record({
      type: 'context.summary',
      turn,
      turns,
      ok: true,
      combined,
      version: version.version,
      words: version.text.split(/\s+/).length,
      error: null,
      durationMs: this.clock.monotonic() - started,
    });
  }

  #summaryFailed(turn: number, turns: number[], error: string, started: number, combined: boolean): void {
    this.audit.record({
      type: 'context.summary',
      turn,
      turns,
      ok: false,
      combined,
      version: null,
      words: 0,
      error,
      durationMs: this.clock.monotonic() - started,
    });
  }

  async #distil(turn: number, leaving: TurnText[], kept: TurnText[], window: number): Promise<void> {
    const started = this.clock.monotonic();
    const turns = leaving.map((t) => t.turn);
    try {
      const response = await this.#generate(turn, 'distil', {
        messages: distilPrompt(distillableKinds(this.kinds), this.#known(), leaving, kept, window),
        schema: DISTIL_SCHEMA,
        maxTokens: DISTIL_TOKENS,
      });
      const recorded = this.#recordDistilled(turn, response.value, leaving);
      this.audit.record({
        type: 'context.distillation',
        turn,
        turns,
        ok: true,
        facts: recorded,
        error: null,
        durationMs: this.clock.monotonic() - started,
      });
    } catch (thrown) {
      this.audit.record({
        type: 'context.distillation',
        turn,
        turns,
        ok: false,
        facts: [],
        error: toError(thrown).message,
        durationMs: this.clock.monotonic() - started,
      });
    }
  }

  #recordDistilled(turn: number, value: unknown, leaving: readonly TurnText[]): string[] {
    const answer = (value as { facts?: unknown } | null)?.facts;
    if (!Array.isArray(answer)) throw new Error('the answer has no list of facts');
    const allowed = new Set(distillableKinds(this.kinds).map((k) => k.subject));
    // A later fact about the same identity in one answer replaces an earlier one.
    const latest = new Map<string, { subject: string; name: string; value: string; said: string }>();
    for (const item of answer.slice(0, MAX_DISTILLED) as Record<string, unknown>[]) {
      const { subject, name, value: v, said } = item;
      if (typeof subject !== 'string' || typeof name !== 'string' || typeof v !== 'string') continue;
      if (!allowed.has(subject) || v.trim() === '' || name.trim() === '') continue;
      latest.set(`${subject}\u0000${name.toLowerCase()}`, { subject, name, value: v, said: String(said) });
    }
    const first = leaving[0]?.turn ?? turn;
    const last = leaving.at(-1)?.turn ?? turn;
    const ids: string[] = [];
    for (const fact of latest.values()) {
      const changes = this.#facts.assert({
        subject: fact.subject,
        name: fact.name,
        value: fact.value,
        source: {
          kind: 'model',
          method: 'distilled',
          detail: fact.said === 'person' ? 'the person said' : 'the model concluded',
        },
        entries: leaving.flatMap((t) => t.entries),
        turn,
        turns: { first, last },
        recordedAt: this.clock.now(),
      });
      this.#audit(turn, changes);
      for (const change of changes) if (change.type === 'fact.recorded') ids.push(change.fact.id);
    }
    return ids;
  }

  async #summarise(turn: number, window: number): Promise<void> {
    const started = this.clock.monotonic();
    const batch = [...this.#waiting];
    const turns = batch.map((t) => t.turn);
    const words = summaryWords(this.settings.summaryShare, window);
    try {
      const previous = this.summaries.at(-1);
      const response = await this.#generate(turn, 'summary', {
        messages: summaryPrompt(previous?.text ?? null, words, batch, window),
        schema: SUMMARY_SCHEMA,
        maxTokens: Math.ceil((words * 7 * 2) / 4),
      });
      const text = (response.value as { summary?: unknown } | null)?.summary;
      if (typeof text !== 'string' || text.trim() === '') throw new Error('the answer has no summary');
      this.#addSummary(turn, text, batch, words, started, false);
    } catch (thrown) {
      this.#summaryFailed(turn, turns, toError(thrown).message, started, false);
    }
  }
}

/** Each turn of `entries` as the distiller and the summary see it: no tool output. */
export function turnTexts(entries: readonly Entry[]): TurnText[] {
  return groupTurns(entries).turns.map((group) => ({
    turn: group.turn,
    entries: group.entries.map((e) => e.id),
    lines: group.entries.flatMap((e): string[] => {
      if (e.kind === 'prompt') return [`person: ${e.text}`];
      if (e.kind === 'reply') return [`assistant: ${e.cutText ?? e.text}`];
      if (e.kind === 'toolCall' && e.call)
        return [`tool call: ${e.call.tool} ${shortArguments(e.call.arguments)}`];
      return [];
    }),
  }));
}

/** Arguments as JSON, an absolute path cut to its last two components. */
function shortArguments(args: Record<string, unknown>): string {
  const short = Object.fromEntries(
    Object.entries(args).map(([k, v]) => [
      k,
      typeof v === 'string' && v.startsWith('/') ? v.split('/').filter(Boolean).slice(-2).join('/') : v,
    ]),
  );
  return JSON.stringify(short);
}

const DISTIL_SCHEMA = {
  type: 'object',
  properties: {
    facts: {
      type: 'array',
      maxItems: MAX_DISTILLED,
      items: {
        type: 'object',
        properties: {
          subject: { type: 'string' },
          name: { type: 'string' },
          value: { type: 'string' },
          said: { type: 'string', enum: ['person', 'model'] },
        },
        required: ['subject', 'name', 'value', 'said'],
      },
    },
  },
  required: ['facts'],
};

const FACTS_AND_SUMMARY_SCHEMA = {
  type: 'object',
  properties: { facts: DISTIL_SCHEMA.properties.facts, summary: { type: 'string' } },
  required: ['facts', 'summary'],
};

const SUMMARY_SCHEMA = {
  type: 'object',
  properties: { summary: { type: 'string' } },
  required: ['summary'],
};
