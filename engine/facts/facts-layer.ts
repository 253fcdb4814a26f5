/**
 * The facts layer of a conversation: the fact store, what tools' outputs say (extracted every turn),
 * what the person states and the model notes, and, through the distiller, what leaving turns said and
 * the running summary of dropped turns. It renders both prompt-side blocks for the composer; it never
 * touches the instructions.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import { composeFactBlocks, shownByEntries, type FactBlocks } from './blocks.js';
import type { FactChange } from './changes.js';
import { extractFacts } from './extract.js';
import { loadKinds, type KindOverrides, type KindTable } from './kinds.js';
import type { FactsState, SummaryVersion } from './saved-facts.js';
import { PERSON_COMMAND_DETAIL, type Fact } from './fact.js';
import type { FactConflict } from './precedence.js';
import { FactStore, type FactAssertion } from './fact-store.js';
import type { Clock } from '../ports.js';
import type { EngineSettings } from '../settings.js';
import type { Entry } from '../store/entry.js';
import { Distiller } from './distiller.js';
import type { ModelCaller } from '../model/model-calls.js';

export class FactsLayer {
  #facts: FactStore;
  readonly kinds: KindTable;
  readonly #distiller: Distiller;
  #factIds = 0;
  /** The standing facts and conflicts, kept until the facts change. */
  #standing: { version: number; facts: Fact[]; conflicts: FactConflict[] } | null = null;
  /** The blocks last composed, and what they were composed from. */
  #composed: {
    key: { shown: string; summary: SummaryVersion | undefined; window: number; squeeze: boolean };
    blocks: FactBlocks;
  } | null = null;

  constructor(
    private readonly settings: EngineSettings['facts'],
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
    caller: ModelCaller,
  ) {
    this.kinds = loadKinds(settings.kinds as KindOverrides);
    this.#facts = new FactStore(this.#storeOptions());
    this.#distiller = new Distiller({
      settings,
      audit,
      clock,
      caller,
      kinds: this.kinds,
      known: () => this.#known(),
      assert: (turn, assertion) => this.#assert(turn, assertion),
    });
  }

  /** The fact store: every fact of the conversation and the rules between them. */
  get facts(): FactStore {
    return this.#facts;
  }

  /** The running summary's versions, oldest first. */
  get summaries(): readonly SummaryVersion[] {
    return this.#distiller.summary.versions;
  }

  /** Guided calls made for distillations (facts-and-summary calls among them). */
  get distilCalls(): number {
    return this.#distiller.distilCalls;
  }

  /** Guided calls made for the summary alone. */
  get summaryCalls(): number {
    return this.#distiller.summaryCalls;
  }

  #storeOptions() {
    return { kinds: this.kinds, nextId: () => `fact-${++this.#factIds}` };
  }

  /** What a saved conversation keeps of this layer. */
  save(): FactsState {
    const { summaries, waiting } = this.#distiller.summary.save();
    return { facts: this.#facts.all(), summaries, waiting, lastFactId: this.#factIds };
  }

  /** Takes up the state a saved conversation kept, in place of what this layer holds. */
  restore(state: FactsState): void {
    this.#factIds = state.lastFactId;
    this.#facts = FactStore.restore(this.#storeOptions(), state.facts);
    this.#distiller.summary.restore(state);
    this.#changed();
  }

  /** Asserts a fact and records its changes as audit events of their own type. */
  #assert(turn: number, assertion: FactAssertion): FactChange[] {
    const changes = this.#facts.assert(assertion);
    for (const { type, ...change } of changes) this.audit.record({ type, turn, change });
    return changes;
  }

  /** The facts were replaced: what was composed from them no longer holds. */
  #changed(): void {
    this.#standing = null;
    this.#composed = null;
  }

  /** The facts that stand and the conflicts, as of the fact store's last change. */
  #standingFacts(): { facts: Fact[]; conflicts: FactConflict[] } {
    const version = this.#facts.version;
    if (this.#standing?.version !== version) {
      this.#standing = { version, facts: this.#facts.current(), conflicts: this.#facts.conflicts() };
      this.#composed = null;
    }
    return this.#standing;
  }

  /**
   * The person states a fact, or sets the task. Their word comes from no store entry: it stands apart
   * from the turns, so the earlier block carries it even while the turn it was said in is literal.
   */
  personStates(subject: string, name: string, value: string, turn: number): void {
    this.#assert(turn, {
      subject,
      name,
      value,
      source: { kind: 'person', method: 'stated' },
      entries: [],
      turn,
      recordedAt: this.clock.now(),
    });
  }

  /**
   * A note (or a task proposal) the model made with the memory tool, recorded at the turn's end; or,
   * with `method` inferred, the task the assessment inferred from a request.
   */
  modelNotes(
    subject: string,
    name: string,
    value: string,
    turn: number,
    method: 'noted' | 'inferred' = 'noted',
  ): void {
    this.#assert(turn, {
      subject,
      name,
      value,
      source: { kind: 'model', method },
      turn,
      recordedAt: this.clock.now(),
    });
  }

  /**
   * What a command the person ran printed, by run_command's extraction rules, recorded at once for
   * `turn`, the turn the command goes with. The facts rank with a tool's and are named as the
   * person's command's; `entry` is the prompt that holds the command and `event` its audit event.
   */
  extractPersonCommand(
    turn: number,
    command: string,
    result: { content: string; ok: boolean },
    entry: number,
    event: string,
  ): void {
    const outcome = {
      tool: 'run_command',
      arguments: { command },
      output: result.content,
      ok: result.ok,
      entryId: entry,
      eventId: event,
      turn,
    };
    for (const fact of extractFacts([outcome], this.kinds)) {
      const source = { kind: 'tool' as const, method: 'extracted' as const, detail: PERSON_COMMAND_DETAIL };
      this.#assert(turn, { ...fact, source, recordedAt: this.clock.now() });
    }
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
      this.#assert(turn, { ...fact, recordedAt: this.clock.now() });
    }
  }

  /** Both blocks for a composition of `entries`; `squeeze` is the floor's smaller earlier block. */
  blocks(entries: readonly Entry[], window: number | null, squeeze = false): FactBlocks | null {
    if (window === null) return null;
    const summary = this.#distiller.summary.latest;
    const { facts, conflicts } = this.#standingFacts();
    const isShown = shownByEntries(new Set(entries.map((e) => e.id)));
    // The blocks depend on the entries only through which facts they show: composed again only
    // when that, the facts, the summary or the room changes.
    const shown = facts.map((fact) => (isShown(fact) ? '1' : '0')).join('');
    const key = { shown, summary, window, squeeze };
    const last = this.#composed;
    if (
      last !== null &&
      last.key.shown === shown &&
      last.key.summary === summary &&
      last.key.window === window &&
      last.key.squeeze === squeeze
    ) {
      return last.blocks;
    }
    const blocks = composeFactBlocks({
      facts,
      conflicts,
      isShown,
      summary: summary ? { text: summary.text, turns: summary.turns.length } : null,
      window,
      share: this.settings.share,
      squeeze,
    });
    this.#composed = { key, blocks };
    return blocks;
  }

  /** Before turns are dropped: distil what they said, and add them to the summary when a batch is due. */
  beforeDrop(turn: number, leaving: readonly Entry[], kept: readonly Entry[], window: number): Promise<void> {
    return this.#distiller.beforeDrop(turn, leaving, kept, window);
  }

  #known(): string[] {
    return this.#standingFacts().facts.map((f) => `${f.identity.subject} ${f.identity.name}: ${f.value}`);
  }
}
