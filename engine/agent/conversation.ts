/**
 * The conversation: the turn loop over the store. Each prompt is checked against the window,
 * condensed ahead when due, sent with the composed context, and its tool calls run step by step up
 * to a bound. An overflow is recovered once by condensing and retrying on a fresh session. Every
 * entry and event is recorded; the figures of each turn are kept for the run record.
 */
import { AuditRecorder } from '../audit/recorder.js';
import { composeMessages } from '../compose/composer.js';
import type { ContextPolicy } from '../condense/policy.js';
import { policyFor } from '../condense/policy-for.js';
import { RETRIED_PREFIX, headroomFor } from '../condense/target.js';
import { DoesNotFitError, ModelFailure, ToolLoopError, WispError, errorCode, toError } from '../errors.js';
import { byteLength, estimateTokens, requestBytes, tokensForBytes } from '../measure/estimate.js';
import { recogniseOverflow, type Overflow } from '../model/overflow.js';
import type { Message, ModelPort, ModelRequest, ModelResponse, ToolCall } from '../model/port.js';
import type { AuditSink, Clock, Ids } from '../ports.js';
import type { EngineSettings } from '../settings.js';
import type { Entry } from '../store/entry.js';
import { ContextStore } from '../store/store.js';
import { groupTurns } from '../store/turns.js';
import { toolOutputBudget } from '../output/budget.js';
import type { OutputStore } from '../output/store-port.js';
import type { Tool, ToolResult } from '../tools/tool.js';
import { cutRetypedOutput, switchToReferences } from './output-views.js';
import { ToolRunner } from './tool-runner.js';
import { condense } from './condensation.js';
import { memoryTool, type MemoryNote } from '../tools/memory/memory.js';
import { loadKinds } from '../facts/kinds.js';

/** The standing rule the instructions carry when the memory tool is on. */
export const MEMORY_RULE =
  'Earlier turns may reach you only as a summary, facts or references. When a question needs detail ' +
  'they leave out, recall the entry or turn they name with the memory tool rather than guess or run a tool again.';
import { FactsLayer } from './facts-layer.js';
import { planResume, saveConversation, type SavedConversation } from './resume.js';
import type { CondensationFigures, RequestFigures, TurnFigures } from './figures.js';
import { Meter } from './meter.js';
import { ModelCaller, type ModelCallListener } from './model-calls.js';

export interface ConversationOptions {
  model: ModelPort;
  clock: Clock;
  ids: Ids;
  audit: AuditSink;
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
  /** Resume a saved conversation instead of starting over the instructions. */
  resume?: SavedConversation;
}

export class Conversation {
  readonly store: ContextStore;
  readonly turns: TurnFigures[] = [];
  readonly condensations: CondensationFigures[] = [];
  readonly #audit: AuditRecorder;
  readonly #meter: Meter;
  readonly #caller: ModelCaller;
  readonly #policy: ContextPolicy;
  readonly #tools: Map<string, Tool>;
  readonly #runner: ToolRunner;
  #window: number | null;
  #turn = 0;
  #lastRequest: ModelRequest | null = null;
  #current: TurnFigures | null = null;
  /** The facts layer, when the settings keep facts. */
  readonly facts: FactsLayer | null;
  /** The turn whose earlier block is squeezed to the floor's size. */
  #squeezedTurn = -1;
  readonly #pending: { notes: MemoryNote[]; task: string | null } = { notes: [], task: null };
  /** This conversation's session.start event, and the sessions a resume carried entries from. */
  readonly #start: string;
  readonly #carriedFrom: string[];

  constructor(private readonly options: ConversationOptions) {
    this.#audit = new AuditRecorder(options.audit, options.clock, options.ids);
    this.#meter = new Meter(options.model);
    this.#caller = new ModelCaller({
      model: options.model,
      clock: options.clock,
      ids: options.ids,
      ...(options.onCall ? { onCall: options.onCall } : {}),
    });
    this.#policy = policyFor(options.settings);
    this.facts = options.settings.facts.enabled
      ? new FactsLayer(options.settings.facts, this.#audit, options.clock, this.#caller)
      : null;
    const tools = options.settings.context.memory ? [...options.tools, this.#memoryTool()] : options.tools;
    this.#tools = new Map(tools.map((t) => [t.spec.name, t]));
    this.#window = options.window ?? options.model.window ?? null;
    const resume = options.resume ? planResume(options.resume) : null;
    const start = this.#audit.record({
      type: 'session.start',
      turn: resume?.lastTurn ?? 0,
      model: options.model.name,
      window: this.#window,
      settings: options.settings as unknown as Record<string, unknown>,
      ...(resume && options.resume ? { resumed: options.resume.name, carriedFrom: resume.carriedFrom } : {}),
    });
    this.#start = start.id;
    this.#carriedFrom = resume?.carriedFrom ?? [];
    if (resume && options.resume) {
      this.store = ContextStore.restore(resume.entries(start.id, options.clock.now()));
      this.#turn = resume.lastTurn;
      if (resume.facts) this.facts?.restore(resume.facts);
      this.#audit.record({
        type: 'context.resume',
        turn: this.#turn,
        name: options.resume.name,
        linked: resume.linked,
        reason: resume.reason,
        entries: this.store.all().length,
        dropped: this.store.all().filter((e) => !e.active).length,
        facts: this.facts ? (resume.facts?.facts.length ?? 0) : 0,
        summaries: this.facts ? (resume.facts?.summaries.length ?? 0) : 0,
      });
    } else {
      this.store = new ContextStore();
      this.store.append({
        kind: 'instructions',
        turn: 0,
        origin: 'carried',
        text: options.settings.context.memory
          ? `${options.instructions}\n${MEMORY_RULE}`
          : options.instructions,
        sources: [start.id],
        recordedAt: options.clock.now(),
      });
    }
    this.#runner = new ToolRunner({
      tools: this.#tools,
      audit: this.#audit,
      store: this.store,
      clock: options.clock,
      memory: options.settings.context.memory,
      budget: () => this.toolBudget,
      ...(options.outputStore ? { outputStore: options.outputStore } : {}),
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
    const blocks = this.facts?.blocks(entries, this.#window, this.#squeezedTurn === turn) ?? null;
    const messages = composeMessages(entries, {
      turn,
      ...(blocks?.earlier ? { earlierBlock: blocks.earlier } : {}),
      ...(blocks?.now ? { nowBlock: blocks.now } : {}),
    });
    return { messages, tools: [...this.#tools.values()].map((t) => t.spec) };
  }

  /** The memory tool over this conversation's store, facts, summary and stored outputs. */
  #memoryTool(): Tool {
    return memoryTool({
      source: () => ({
        turn: this.#turn,
        entries: this.store.all(),
        facts: this.facts?.facts ?? null,
        summaries: this.facts?.summaries ?? [],
        kinds: this.facts?.kinds ?? loadKinds(),
        ...(this.options.outputStore ? { outputs: this.options.outputStore } : {}),
      }),
      pending: this.#pending,
      onAction: (action) => this.#audit.record({ type: 'context.memory', turn: this.#turn, ...action }),
    });
  }

  /** Notes and a task the model proposed this turn: recorded as the model's facts when it ends. */
  #recordPending(turn: number): void {
    const { notes, task } = this.#pending;
    this.#pending.notes = [];
    this.#pending.task = null;
    for (const note of notes) this.facts?.modelNotes(note.subject, note.name, note.value, turn);
    if (task !== null) this.facts?.modelNotes('task', 'task', task, turn);
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
    const turn = ++this.#turn;
    const figures: TurnFigures = {
      turn,
      prompt,
      reply: null,
      status: 'completed',
      error: null,
      requests: [],
      toolCalls: 0,
      overflowRetries: 0,
      condensations: 0,
      modelMs: 0,
      toolMs: 0,
      engineMs: 0,
      saved: { referenceBytes: 0, references: 0, cutBytes: 0, cuts: 0 },
      heldBack: 0,
    };
    this.#current = figures;
    const promptEvent = this.#audit.record({
      type: 'prompt',
      turn,
      entry: this.store.nextId(),
      text: prompt,
    });
    try {
      this.#switchReferences(turn);
      await this.#condenseAheadIfDue(turn, prompt);
      const promptEntry = this.store.append({
        kind: 'prompt',
        turn,
        text: prompt,
        sources: [promptEvent.id],
        recordedAt: clock.now(),
      });
      figures.reply = await this.#runWithRecovery(turn, promptEntry);
      this.#cutReply(turn);
      this.facts?.extract(turn, this.store.all());
      this.#recordPending(turn);
    } catch (thrown) {
      const error = toError(thrown);
      figures.status = 'failed';
      figures.error = { code: errorCode(thrown), message: error.message };
    }
    figures.engineMs = Math.max(0, clock.monotonic() - started - figures.modelMs - figures.toolMs);
    this.#audit.record({
      type: 'turn.end',
      turn,
      status: figures.status,
      error: figures.error?.message ?? null,
    });
    this.turns.push(figures);
    this.#current = null;
    return figures;
  }

  /** From the start of a turn, outputs of earlier turns go as their references. */
  #switchReferences(turn: number): number {
    if (!this.options.settings.context.references) return 0;
    const { switched, bytesSaved } = switchToReferences(this.store, this.#audit, {
      turn,
      memory: this.options.settings.context.memory,
      readOnly: (tool) => this.#tools.get(tool)?.readOnly ?? false,
    });
    if (this.#current) {
      this.#current.saved.references += switched;
      this.#current.saved.referenceBytes += bytesSaved;
    }
    return switched;
  }

  /** After a turn that succeeded, stretches of its reply that retyped its outputs are cut. */
  #cutReply(turn: number): void {
    if (!this.options.settings.context.cuts) return;
    const reply = this.store.active().findLast((e) => e.kind === 'reply' && e.turn === turn);
    if (!reply) return;
    const before = reply.cuts?.length ?? 0;
    const bytes = cutRetypedOutput(this.store, this.#audit, reply);
    if (this.#current) {
      this.#current.saved.cutBytes += bytes;
      this.#current.saved.cuts += (reply.cuts?.length ?? 0) - before;
    }
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
    const result = await this.#runner.run(turn, call, this.#current ?? undefined);
    const text = `I ran \`${command}\` myself:\n${result.content}`;
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

  async #condenseAheadIfDue(turn: number, prompt: string): Promise<void> {
    const window = this.#window;
    if (window === null || this.#policy.failsFast) return;
    const entries = this.store.active();
    const fill = await this.#meter.measure(this.composeRequest(entries, turn));
    const promptTokens = estimateTokens(prompt);
    const turns = groupTurns(entries).turns.length;
    const headroom = this.#headroom();
    if (this.#policy.dueAhead({ fill, prompt: promptTokens, headroom, window, turns })) {
      await this.#condense('budget', turn, entries, promptTokens, headroom);
    }
  }

  /** The room the next turn needs; only the target policy keeps one. */
  #headroom(): number {
    if (this.options.settings.context.policy !== 'target') return 0;
    return headroomFor(this.store.all(), this.options.settings.context.headroomTurns, estimateTokens);
  }

  async #runWithRecovery(turn: number, promptEntry: Entry): Promise<string> {
    try {
      return await this.#toolLoop(turn);
    } catch (thrown) {
      const overflow = recogniseOverflow(thrown);
      if (!overflow || this.#policy.failsFast) throw this.#asRunError(thrown);
      const failed = this.#lastRequest;
      this.#learnWindow(overflow);
      const window = this.#window;
      const overflowEvent = this.#audit.record({
        type: 'context.overflow',
        turn,
        session: this.#caller.lastSession,
        limit: overflow.limit,
        count: overflow.count,
        message: toError(thrown).message,
        retried: window !== null,
      });
      if (window === null) throw this.#asRunError(thrown);
      // The attempt's own entries stay in the store as a record, dropped; the turn is run again.
      const attempt = this.store.active().filter((e) => e.id > promptEntry.id);
      this.store.drop(
        attempt.map((e) => e.id),
        RETRIED_PREFIX + overflowEvent.id,
        turn,
      );
      // Measure from the overflow's own count: the failed request less what the turn added.
      if (overflow.count !== null && failed) this.#meter.anchorOn(overflow.count, requestBytes(failed));
      else this.#meter.forget();
      const before = this.store.active().filter((e) => e.id !== promptEntry.id);
      const added = byteLength(promptEntry.text);
      await this.#condense('overflow', turn, before, tokensForBytes(added), this.#headroom());
      this.#caller.sessions.reset();
      if (this.#current) this.#current.overflowRetries += 1;
      try {
        return await this.#toolLoop(turn);
      } catch (again) {
        const second = recogniseOverflow(again);
        if (!second) throw this.#asRunError(again);
        this.#learnWindow(second);
        const needed =
          second.count ?? (await this.#meter.measure(this.#lastRequest ?? this.composeRequest()));
        throw new DoesNotFitError(needed, this.#window ?? window);
      }
    }
  }

  #learnWindow(overflow: Overflow): void {
    if (overflow.limit !== null && overflow.limit > 0) this.#window = overflow.limit;
  }

  #asRunError(thrown: unknown): Error {
    if (thrown instanceof WispError) return thrown;
    return new ModelFailure(`the model failed: ${toError(thrown).message}`);
  }

  async #condense(
    reason: 'budget' | 'overflow',
    turn: number,
    entries: readonly Entry[],
    prompt: number,
    headroom: number,
  ): Promise<void> {
    const window = this.#window;
    if (window === null) return;
    const figures = await condense(
      {
        policy: this.#policy,
        store: this.store,
        audit: this.#audit,
        meter: this.#meter,
        facts: this.facts,
        compose: (list, at) => this.composeRequest(list, at),
        referenceEarlier: (at) => this.#switchReferences(at),
        squeeze: (at) => {
          if (!this.facts) return false;
          this.#squeezedTurn = at;
          return true;
        },
        ...(this.options.saveTranscript ? { saveTranscript: this.options.saveTranscript } : {}),
      },
      { reason, turn, window, entries, prompt, headroom },
    );
    this.condensations.push(figures);
    if (this.#current) this.#current.condensations += 1;
  }

  async #toolLoop(turn: number): Promise<string> {
    const maxSteps = this.options.maxSteps ?? 16;
    const seen = new Set<string>();
    for (let step = 0; step < maxSteps; step++) {
      const request = this.composeRequest(this.store.active(), turn);
      const response = await this.#send(turn, request);
      const answer: Message = response.toolCalls.length
        ? { role: 'assistant', content: response.text, toolCalls: response.toolCalls }
        : { role: 'assistant', content: response.text };
      this.#caller.hold(request.messages, answer);
      if (response.toolCalls.length === 0) {
        const event = this.#audit.record({
          type: 'response',
          turn,
          session: this.#caller.lastSession,
          entry: this.store.nextId(),
          text: response.text,
          toolCalls: 0,
          usage: response.usage ?? null,
          durationMs: this.#caller.lastMs,
        });
        this.store.append({
          kind: 'reply',
          turn,
          text: response.text,
          sources: [event.id],
          recordedAt: this.options.clock.now(),
        });
        return response.text;
      }
      this.#audit.record({
        type: 'response',
        turn,
        session: this.#caller.lastSession,
        entry: null,
        text: response.text,
        toolCalls: response.toolCalls.length,
        usage: response.usage ?? null,
        durationMs: this.#caller.lastMs,
      });
      await this.#runner.runCalls(turn, response.toolCalls, seen, this.#current ?? undefined);
    }
    throw new ToolLoopError(maxSteps);
  }

  async #send(turn: number, request: ModelRequest): Promise<ModelResponse> {
    const { model } = this.options;
    const bytes = requestBytes(request);
    const counted = this.#meter.counts && model.countTokens ? await model.countTokens(request) : null;
    this.#lastRequest = request;
    const figures: RequestFigures = { session: '', fresh: false, estimated: 0, reported: null, counted };
    let response: ModelResponse;
    try {
      response = await this.#caller.respond(turn, request, (started) => {
        Object.assign(figures, started);
        this.#current?.requests.push(figures);
      });
    } finally {
      if (this.#current) this.#current.modelMs += this.#caller.lastMs;
    }
    const calls = response.toolCalls.map((call) => this.#withCallId(call));
    response = { ...response, toolCalls: calls };
    if (response.usage) {
      figures.reported = response.usage.promptTokens;
      const answerBytes =
        byteLength(response.text) +
        calls.reduce((n, c) => n + byteLength(c.tool + JSON.stringify(c.arguments)), 0);
      this.#meter.anchorOn(
        response.usage.promptTokens + response.usage.completionTokens,
        bytes + answerBytes,
      );
    }
    return response;
  }

  #withCallId(call: ToolCall): ToolCall {
    return { callId: this.options.ids.next('call'), tool: call.tool, arguments: call.arguments ?? {} };
  }
}
