/**
 * The conversation: the turn loop over the store. Each prompt is checked against the window,
 * condensed ahead when due, sent with the composed context, and its tool calls run step by step up
 * to a bound. An overflow is recovered once by condensing and retrying on a fresh session. Every
 * entry and event is recorded; the figures of each turn are kept for the run record. This file wires
 * the parts and runs a turn's lifecycle; each part is its own module.
 */
import { AuditRecorder } from '../audit/recorder.js';
import type { TurnBlocks } from '../compose/composer.js';
import { policyFor } from '../condense/policy-for.js';
import type { Overflow } from '../model/recognise-overflow.js';
import type { Message, ModelPort, ModelRequest } from '../model/port.js';
import { toolOutputBudget } from '../output/budget.js';
import type { Entry } from '../store/entry.js';
import type { ContextStore } from '../store/store.js';
import type { Tool, ToolResult } from '../tools/tool.js';
import type { Condenser } from '../condense/condenser.js';
import type { CondensationFigures, TurnFigures } from '../measure/figures.js';
import { Meter } from '../measure/meter.js';
import { ModelCaller } from '../model/model-calls.js';
import { openConversation } from './opening.js';
import type { OutputViews } from '../output/output-views.js';
import type { OverflowRecovery } from '../condense/overflow-recovery.js';
import { runPersonCommand } from './person-command.js';
import type { ConversationOptions } from './options.js';
import { saveConversation } from './resume.js';
import type { ToolRunner } from '../tools/tool-runner.js';
import { Composition } from './composition.js';
import { turnParts } from './turn-parts.js';
import { ToolRetry } from './tool-retry.js';
import { runTurn } from './run-turn.js';
import { conversationLayers } from './layers.js';
import type { Assessor } from '../assess/assessment.js';
import type { FactsLayer } from '../facts/facts-layer.js';
import type { MiddleSummary } from '../condense/middle-summary.js';
import type { MemoryNotes } from '../tools/memory/memory-notes.js';

export class Conversation {
  readonly store: ContextStore;
  readonly turns: TurnFigures[] = [];
  readonly condensations: CondensationFigures[] = [];
  /** The facts layer, when the settings keep facts. */
  readonly facts: FactsLayer | null;
  /** The summarise policy's summary of the middle turns, under that policy. */
  readonly summary: MiddleSummary | null;
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
  readonly #retry: ToolRetry;
  #window: number | null;
  #turn = 0;
  readonly #composition: Composition;
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
    this.#window = options.window ?? model.window ?? null;
    const layers = conversationLayers(options, this.#audit, this.#caller, {
      turn: () => this.#turn,
      store: () => this.store,
    });
    this.facts = layers.facts;
    this.summary = layers.summary;
    this.#notes = layers.notes;
    this.#tools = new Map(layers.tools.map((t) => [t.spec.name, t]));
    this.#assessor = layers.assessor;
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
    this.#retry = new ToolRetry({ assessor: this.#assessor, store: this.store, caller: this.#caller });
    this.#composition = new Composition({
      store: this.store,
      facts: this.facts,
      summary: this.summary,
      assessor: this.#assessor,
      tools: () => [...this.#tools.values()].map((t) => t.spec),
      window: () => this.#window,
    });
    const parts = turnParts(
      {
        options,
        policy,
        audit: this.#audit,
        caller: this.#caller,
        meter,
        store: this.store,
        facts: this.facts,
        summary: this.summary,
        assessor: this.#assessor,
        tools: this.#tools,
        condensations: this.condensations,
      },
      {
        window: () => this.#window,
        toolBudget: () => this.toolBudget,
        composeSent: (turn) => this.#composition.sent(turn),
        composeRequest: (list, at) => this.composeRequest(list, at),
        squeeze: (at, kept) => this.#composition.squeeze(at, kept),
        learnWindow: (overflow) => this.#learnWindow(overflow),
        retryingTools: () => this.#retry.retrying,
      },
    );
    this.#views = parts.views;
    this.#runner = parts.runner;
    this.#condenser = parts.condenser;
    this.#recovery = parts.recovery;
  }

  /**
   * The active transcript and the store's sidecar, as the text of the two files a save writes: what a
   * new conversation needs to resume this one with its store, facts and summary whole.
   */
  save(): { transcript: string; sidecar: string } {
    return saveConversation(this.store.all(), this.#start, this.#carriedFrom, this.facts?.save() ?? null);
  }

  /**
   * The context's current size in tokens as the engine measures it: the request the next turn would
   * carry now, counted by the model when it counts, else estimated from the last usage the runtime
   * reported plus what changed since, at four bytes a token.
   */
  async contextTokens(): Promise<number> {
    return this.#meter.measure(this.composeRequest());
  }

  /** Guided calls made to distil facts (facts-and-summary calls among them). */
  get distilCalls(): number {
    return this.facts?.distilCalls ?? 0;
  }

  /** Guided calls made for a summary alone: the running summary's and the summarise policy's. */
  get summaryCalls(): number {
    return (this.facts?.summaryCalls ?? 0) + (this.summary?.calls ?? 0);
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
    return this.#composition.request(entries, turn);
  }

  /** The prompt-side blocks that `turn`'s latest request carried; undefined for a turn not sent. */
  blocksAt(turn: number): TurnBlocks | undefined {
    return this.#composition.blocksAt(turn);
  }

  /**
   * The context composed at the start of `turn`, as its first request carried it, rebuilt from the
   * store: the entries recorded before the turn's prompt less those dropped before that request
   * (what an overflow during the turn dropped afterwards is still there), the prompt, and the blocks
   * that request carried. Given `upToEntry`, the turn's latest request instead: the entries not
   * dropped by the end of the turn, its own up to that entry (the one before its reply), and the
   * blocks the latest request carried.
   */
  contextAt(turn: number, upToEntry?: number): Message[] {
    return this.#composition.contextAt(this.store.all(), turn, upToEntry);
  }

  /** The assessment's figures, when it is on. */
  get assessment(): Assessor['figures'] | null {
    return this.#assessor?.figures ?? null;
  }

  /** The person states a fact (or, under the subject `task`, sets the task) in the latest turn. */
  statePersonFact(subject: string, name: string, value: string): void {
    this.facts?.personStates(subject, name, value, this.#turn);
  }

  /** Runs one person turn. A failure is returned as figures with status `failed`, never thrown. */
  async turn(prompt: string): Promise<TurnFigures> {
    const deps = {
      clock: this.options.clock,
      audit: this.#audit,
      caller: this.#caller,
      store: this.store,
      views: this.#views,
      assessor: this.#assessor,
      condenser: this.#condenser,
      retry: this.#retry,
      recovery: this.#recovery,
      facts: this.facts,
      notes: this.#notes,
    };
    const figures = await runTurn(deps, ++this.#turn, prompt);
    this.turns.push(figures);
    return figures;
  }

  #learnWindow(overflow: Overflow): void {
    if (overflow.limit !== null && overflow.limit > 0) this.#window = overflow.limit;
  }

  /** A command the person ran (after `!`), stored as a prompt that goes with the next turn. */
  async personCommand(command: string): Promise<ToolResult> {
    const { ids, clock } = this.options;
    const parts = {
      ids,
      clock,
      audit: this.#audit,
      store: this.store,
      runner: this.#runner,
      facts: this.facts,
    };
    return runPersonCommand(parts, this.#turn, command);
  }
}
