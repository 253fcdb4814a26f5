/**
 * The conversation: the turn loop over the store. Each prompt is checked against the window,
 * condensed ahead when due, sent with the composed context, and its tool calls run step by step up
 * to a bound. An overflow is recovered once by condensing and retrying on a fresh session. Every
 * entry and event is recorded; the figures of each turn are kept for the run record. This file wires
 * the parts and runs a turn's lifecycle; each part is its own module.
 */
import { AuditRecorder } from '../audit/recorder.js';
import { composeMessages, entriesAtTurn, type TurnBlocks } from '../compose/composer.js';
import { policyFor } from '../condense/policy-for.js';
import { UnregisteredToolError, errorCode, toError } from '../errors.js';
import { NOW_HEADER } from '../facts/blocks.js';
import type { Overflow } from '../model/overflow.js';
import type { Message, ModelPort, ModelRequest, ToolCall } from '../model/port.js';
import { toolOutputBudget } from '../output/budget.js';
import type { OutputStore } from '../output/store-port.js';
import type { OutputSweep } from '../output/sweep.js';
import type { AuditReader, AuditSink, Clock, Ids } from '../ports.js';
import type { EngineSettings } from '../settings.js';
import type { Entry } from '../store/entry.js';
import type { ContextStore } from '../store/store.js';
import type { Tool, ToolResult } from '../tools/tool.js';
import { RETRIED_PREFIX } from '../condense/target.js';
import { Assessor, type TaskHolder } from '../assess/assessment.js';
import { Condenser } from '../condense/condenser.js';
import { FactsLayer } from '../facts/facts-layer.js';
import type { CondensationFigures, TurnFigures } from './figures.js';
import { MemoryNotes } from '../tools/memory/memory-notes.js';
import { Meter } from '../measure/meter.js';
import { ModelCaller, type ModelCallListener } from '../model/model-calls.js';
import { openConversation } from './opening.js';
import { OutputViews } from '../output/output-views.js';
import { OverflowRecovery } from '../condense/overflow-recovery.js';
import { personCommandText } from './person-command.js';
import { saveConversation, type SavedConversation } from './resume.js';
import { ToolLoop } from '../tools/tool-loop.js';
import { ToolRunner } from '../tools/tool-runner.js';
import { TurnTally } from './turn-tally.js';

export interface ConversationOptions {
  model: ModelPort;
  clock: Clock;
  ids: Ids;
  audit: AuditSink;
  /** Reads the audit back, so the memory tool recalls entries from the verbatim record. */
  auditReader?: AuditReader;
  tools: readonly Tool[];
  settings: EngineSettings;
  instructions: string;
  /** The window when the runner knows it better than the model states it (e.g. Ollama's num_ctx). */
  window?: number;
  /** Model steps a turn may take before it is stopped. */
  maxSteps?: number;
  /** Sees every model call (turns, distillations, summaries) once it has answered or failed. */
  onCall?: ModelCallListener;
  /** Where a tool result larger than the budget is kept whole; without one, such results are cut. */
  outputStore?: OutputStore;
  /** Keeps the transcript before and after each condensation; returns the name it was kept under. */
  saveTranscript?: (name: string, messages: readonly Message[]) => string;
  /** What sweeping the output store by age did before this start (sweepOutputs); on session.start. */
  outputSweep?: OutputSweep | null;
  /** Resume a saved conversation instead of starting over the instructions. */
  resume?: SavedConversation;
  /** Aborts the model call in progress when it fires (the call fails as a model failure). */
  signal?: AbortSignal;
}

export class Conversation {
  readonly store: ContextStore;
  readonly turns: TurnFigures[] = [];
  readonly condensations: CondensationFigures[] = [];
  /** The facts layer, when the settings keep facts. */
  readonly facts: FactsLayer | null;
  readonly #audit: AuditRecorder;
  readonly #caller: ModelCaller;
  readonly #meter: Meter;
  readonly #tools: Map<string, Tool>;
  readonly #runner: ToolRunner;
  readonly #condenser: Condenser;
  readonly #recovery: OverflowRecovery;
  readonly #notes: MemoryNotes;
  readonly #views: OutputViews;
  /** The assessment per request, when the settings turn it on. */
  readonly #assessor: Assessor | null;
  /** True while a turn is retried after a call to a tool its request did not register. */
  #retryingTools = false;
  #window: number | null;
  #turn = 0;
  /** The turn whose earlier block is squeezed to the floor's size. */
  #squeezedTurn = -1;
  /** The prompt-side blocks each turn's latest request carried, so any turn's context can be rebuilt. */
  readonly #turnBlocks = new Map<number, TurnBlocks>();
  /** This conversation's session.start event, and the sessions a resume carried entries from. */
  readonly #start: string;
  readonly #carriedFrom: string[];

  constructor(private readonly options: ConversationOptions) {
    const { model, clock, ids, settings } = options;
    this.#audit = new AuditRecorder(options.audit, clock, ids);
    const meter = new Meter(model);
    this.#meter = meter;
    this.#caller = new ModelCaller({
      model,
      clock,
      ids,
      sizer: meter.sizer,
      window: () => this.#window,
      ...(options.onCall ? { onCall: options.onCall } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const policy = policyFor(settings);
    this.facts = settings.facts.enabled
      ? new FactsLayer(settings.facts, this.#audit, clock, this.#caller)
      : null;
    this.#window = options.window ?? model.window ?? null;
    this.#notes = new MemoryNotes({
      turn: () => this.#turn,
      store: () => this.store,
      facts: this.facts,
      audit: this.#audit,
      caller: this.#caller,
      ...(options.outputStore ? { outputs: options.outputStore } : {}),
      ...(options.auditReader ? { auditReader: options.auditReader } : {}),
    });
    const tools = settings.context.memory ? [...options.tools, this.#notes.tool()] : options.tools;
    this.#tools = new Map(tools.map((t) => [t.spec.name, t]));
    this.#assessor = settings.assessment.enabled
      ? new Assessor({
          settings: settings.assessment,
          allowed: tools.map((t) => t.spec),
          caller: this.#caller,
          clock,
          audit: this.#audit,
          entries: () => this.store.all(),
          task: this.#taskHolder(),
        })
      : null;
    const opening = openConversation({
      audit: this.#audit,
      clock,
      model: model.name,
      window: this.#window,
      settings,
      instructions: options.instructions,
      ...(this.#assessor?.catalogue ? { catalogue: this.#assessor.catalogue } : {}),
      facts: this.facts,
      ...(options.resume ? { resume: options.resume } : {}),
      ...(options.outputSweep ? { outputSweep: options.outputSweep } : {}),
    });
    this.store = opening.store;
    this.#turn = opening.turn;
    this.#start = opening.start;
    this.#carriedFrom = opening.carriedFrom;
    const { store } = this;
    const audit = this.#audit;
    const views = new OutputViews({
      store,
      audit,
      settings: settings.context,
      readOnly: (tool) => this.#tools.get(tool)?.readOnly ?? false,
    });
    this.#views = views;
    this.#runner = new ToolRunner({
      tools: this.#tools,
      audit,
      store,
      clock,
      memory: settings.context.memory,
      budget: () => this.toolBudget,
      ...(options.outputStore ? { outputStore: options.outputStore } : {}),
    });
    const loop = new ToolLoop({
      caller: this.#caller,
      meter,
      store,
      audit,
      runner: this.#runner,
      clock,
      ids,
      maxSteps: options.maxSteps ?? 16,
      compose: (turn) => this.#composeSent(turn),
      ...(this.#assessor
        ? {
            registration: {
              registers: (tool: string) => this.#assessor?.registers(tool) ?? true,
              retrying: () => this.#retryingTools,
            },
          }
        : {}),
    });
    this.#condenser = new Condenser({
      settings: settings.context,
      policy,
      store,
      audit,
      meter,
      facts: this.facts,
      window: () => this.#window,
      compose: (list, at) => this.composeRequest(list, at),
      referenceEarlier: (at, tally) => views.referenceEarlier(at, tally),
      squeeze: (at, kept) => this.#squeeze(at, kept),
      ...(options.saveTranscript ? { saveTranscript: options.saveTranscript } : {}),
      condensations: this.condensations,
    });
    this.#recovery = new OverflowRecovery({
      policy,
      store,
      audit,
      meter,
      caller: this.#caller,
      loop,
      condenser: this.#condenser,
      window: () => this.#window,
      learnWindow: (overflow) => this.#learnWindow(overflow),
      compose: () => this.composeRequest(),
    });
  }

  /**
   * The active transcript and the store's sidecar, as the text of the two files a save writes: what a
   * new conversation needs to resume this one with its store, facts and summary whole.
   */
  save(): { transcript: string; sidecar: string } {
    return saveConversation(this.store.all(), this.#start, this.#carriedFrom, this.facts?.save() ?? null);
  }

  /** The window in tokens, once known. */
  get window(): number | null {
    return this.#window;
  }

  /** The model the conversation runs on now. */
  get model(): ModelPort {
    return this.#caller.model;
  }

  /**
   * Goes on with another model, as the reference's /model does: the new model works over the same
   * store, so its first request carries the same active view, and the store keeps its history,
   * references, facts and summary. The window becomes `window`, else the one the new model states,
   * else unknown until an overflow reports it; condensing, the prompt-side blocks and the tool-output
   * budget follow it. The next turn request starts a new model session, and the meter forgets its
   * calibration on the old model's reported usage, which another tokenizer does not share.
   */
  switchModel(model: ModelPort, window?: number): void {
    const from = this.#caller.model.name;
    const windowBefore = this.#window;
    const budgetBefore = this.toolBudget;
    this.#caller.switchModel(model);
    this.#meter.switchModel(model);
    this.#window = window ?? model.window ?? null;
    this.#audit.record({
      type: 'model.switch',
      turn: this.#turn,
      from,
      to: model.name,
      windowBefore,
      windowAfter: this.#window,
      budgetBefore,
      budgetAfter: this.toolBudget,
    });
  }

  /** Model sessions started so far. */
  get sessionsStarted(): number {
    return this.#caller.sessions.started;
  }

  /** The tool-output budget in bytes: an eighth of the window, within 4 and 64 KiB. */
  get toolBudget(): number {
    return toolOutputBudget(this.#window ?? undefined);
  }

  /** The request the model would be sent now for `turn`, from the store's active entries. */
  composeRequest(entries: readonly Entry[] = this.store.active(), turn = this.#turn): ModelRequest {
    const messages = composeMessages(entries, { turn, ...this.#blocksFor(entries, turn) });
    const tools = this.#assessor ? this.#assessor.tools : [...this.#tools.values()].map((t) => t.spec);
    return { messages, tools };
  }

  /** The prompt-side blocks of a composition of `entries` for `turn`. */
  #blocksFor(entries: readonly Entry[], turn: number): TurnBlocks {
    const blocks = this.facts?.blocks(entries, this.#window, this.#squeezedTurn === turn) ?? null;
    const now = this.#nowBlock(blocks?.now ?? null);
    return {
      ...(blocks?.earlier ? { earlierBlock: blocks.earlier } : {}),
      ...(now ? { nowBlock: now } : {}),
    };
  }

  /** A request the model is sent: composed, and its blocks kept as the turn's. */
  #composeSent(turn: number): ModelRequest {
    const entries = this.store.active();
    this.#turnBlocks.set(turn, this.#blocksFor(entries, turn));
    return this.composeRequest(entries, turn);
  }

  /** The prompt-side blocks that `turn`'s latest request carried; undefined for a turn not sent. */
  blocksAt(turn: number): TurnBlocks | undefined {
    return this.#turnBlocks.get(turn);
  }

  /**
   * The context composed for `turn`, rebuilt from the store: the entries recorded before it less
   * those dropped by then, its own entries up to `upToEntry`, and the blocks its latest request
   * carried. For the turn's last request, `upToEntry` is the entry before its reply.
   */
  contextAt(turn: number, upToEntry = Infinity): Message[] {
    return composeMessages(entriesAtTurn(this.store.all(), turn, upToEntry), {
      turn,
      ...(this.#turnBlocks.get(turn) ?? {}),
    });
  }

  /**
   * The floor's squeeze: the earlier block of `kept` at its smaller size for `turn`, when that is
   * smaller than the block as it is; false, and nothing squeezed, when it is not.
   */
  #squeeze(turn: number, kept: readonly Entry[]): boolean {
    const full = this.facts?.blocks(kept, this.#window, false)?.earlier ?? '';
    const squeezed = this.facts?.blocks(kept, this.#window, true)?.earlier ?? '';
    if (squeezed.length >= full.length) return false;
    this.#squeezedTurn = turn;
    return true;
  }

  /** The now block: the facts layer's, then the assessment's relevant facts and tools line. */
  #nowBlock(facts: string | null): string | null {
    const lines = this.#assessor?.nowLines();
    if (!lines) return facts;
    return [facts ?? NOW_HEADER, ...lines].join('\n');
  }

  /** The assessment's figures, when it is on. */
  get assessment(): Assessor['figures'] | null {
    return this.#assessor?.figures ?? null;
  }

  /** Where the assessment finds and records the task: the facts layer, or a record of its own. */
  #taskHolder(): TaskHolder {
    const facts = this.facts;
    if (facts) {
      return {
        current: () => {
          const task = facts.facts.current().findLast((f) => f.identity.subject === 'task');
          if (!task) return null;
          const byPerson = task.source.kind === 'person' || task.source.kind === 'caller';
          return { text: task.value, setByPerson: byPerson };
        },
        infer: (turn, value) => facts.modelNotes('task', 'task', value, turn, 'inferred'),
        facts: () => facts.facts.current(),
      };
    }
    let own: string | null = null;
    return {
      current: () => (own === null ? null : { text: own, setByPerson: false }),
      infer: (_turn, value) => {
        own = value;
      },
      facts: () => [],
    };
  }

  /** The person states a fact (or, under the subject `task`, sets the task) in the latest turn. */
  statePersonFact(subject: string, name: string, value: string): void {
    const prompt = this.store.all().findLast((e) => e.kind === 'prompt' && !e.personCommand);
    this.facts?.personStates(subject, name, value, this.#turn, prompt?.id ?? 0);
  }

  /** Runs one person turn. A failure is returned as figures with status `failed`, never thrown. */
  async turn(prompt: string): Promise<TurnFigures> {
    const { clock } = this.options;
    const started = clock.monotonic();
    const spentBefore = this.#caller.spentMs;
    const turn = ++this.#turn;
    const tally = new TurnTally(turn, prompt);
    const promptEvent = this.#audit.record({
      type: 'prompt',
      turn,
      entry: this.store.nextId(),
      text: prompt,
    });
    try {
      this.#views.referenceEarlier(turn, tally);
      await this.#assessor?.assess(turn, prompt);
      await this.#condenser.aheadIfDue(turn, prompt, tally);
      const promptEntry = this.store.append({
        kind: 'prompt',
        turn,
        text: prompt,
        sources: [promptEvent.id],
        recordedAt: clock.now(),
      });
      tally.replied(await this.#runTurn(turn, promptEntry, tally));
      this.#views.cutReply(turn, tally);
      this.facts?.extract(turn, this.store.all());
      this.#notes.recordPending(turn);
    } catch (thrown) {
      tally.failed(errorCode(thrown), toError(thrown).message);
    }
    // Every model call of the turn counts as the model's time: distillations and summaries too.
    tally.addModelMs(this.#caller.spentMs - spentBefore);
    const figures = tally.finish(clock.monotonic() - started);
    this.#audit.record({
      type: 'turn.end',
      turn,
      status: figures.status,
      error: figures.error?.message ?? null,
    });
    this.turns.push(figures);
    return figures;
  }

  /**
   * Runs the turn's steps, recovering from an overflow; when the model calls a tool the request did
   * not register, registers every allowed tool and runs the turn again once on a fresh session, the
   * attempt's entries kept in the store, dropped.
   */
  async #runTurn(turn: number, promptEntry: Entry, tally: TurnTally): Promise<string> {
    try {
      return await this.#recovery.run(turn, promptEntry, tally);
    } catch (thrown) {
      if (!(thrown instanceof UnregisteredToolError) || !this.#assessor || this.#retryingTools) throw thrown;
      const event = this.#assessor.retry(turn);
      const attempt = this.store.active().filter((e) => e.id > promptEntry.id);
      this.store.drop(
        attempt.map((e) => e.id),
        RETRIED_PREFIX + event,
        turn,
      );
      this.#caller.sessions.reset();
      tally.retriedForTools();
      this.#retryingTools = true;
      try {
        return await this.#recovery.run(turn, promptEntry, tally);
      } finally {
        this.#retryingTools = false;
      }
    }
  }

  #learnWindow(overflow: Overflow): void {
    if (overflow.limit !== null && overflow.limit > 0) this.#window = overflow.limit;
  }

  /**
   * A command the person ran (after `!`): run through the run_command tool and stored as a prompt
   * that is no turn of its own; it goes with the turn after it.
   */
  async personCommand(command: string): Promise<ToolResult> {
    const turn = this.#turn + 1;
    const call: ToolCall = {
      callId: this.options.ids.next('call'),
      tool: 'run_command',
      arguments: { command },
    };
    const result = await this.#runner.run(turn, call);
    const text = personCommandText(command, result.content);
    const event = this.#audit.record({
      type: 'prompt',
      turn,
      entry: this.store.nextId(),
      text,
      command: true,
    });
    this.store.append({
      kind: 'prompt',
      turn,
      text,
      personCommand: true,
      sources: [event.id],
      recordedAt: this.options.clock.now(),
    });
    return result;
  }
}
