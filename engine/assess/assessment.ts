/**
 * The assessment per request: before each person turn (not each step of the tool loop), which tools
 * the request registers, which task it serves, and which facts bear on it. The rules go first; when
 * they leave the tools or the task open, one guided call in a session of its own decides, given only
 * the catalogue, the task, the facts' identities, the previous request's tools and the request. A
 * failed call registers every allowed tool and leaves the task as it was. Every assessment is audited
 * as context.assessment; none of it enters the context except the now block's lines.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import type { AssessmentEvent } from '../audit/events.js';
import { ModelFailure, toError } from '../errors.js';
import type { Fact } from '../facts/fact.js';
import { factLine } from '../facts/lines.js';
import type { ToolSpec } from '../model/port.js';
import type { Clock } from '../ports.js';
import type { EngineSettings } from '../settings.js';
import type { Entry } from '../store/entry.js';
import type { ModelCaller } from '../model/model-calls.js';
import { restatesTask, ruleTools } from './rules.js';
import { RELEVANT_HEADER, TOOLS_LINE_START } from '../protocol.js';
import {
  assessmentRequest,
  readAssessment,
  type AssessmentAnswer,
  type TaskState,
} from './assessment-call.js';
import { relevantFacts } from './relevant-facts.js';
import { toolCatalogue } from './catalogue.js';

/** Where the task lives: the facts layer when it is on, else the assessment's own record. */
export interface TaskHolder {
  current(): TaskState | null;
  /** Records a task the assessment inferred, as the model's fact with method inferred. */
  infer(turn: number, value: string): void;
  /** The facts that stand, for their ids and identities. */
  facts(): readonly Fact[];
}

/** The assessment's figures over a conversation. */
export interface AssessmentFigures {
  /** Requests assessed. */
  assessed: number;
  /** Requests the rules settled without a call. */
  rulesSettled: number;
  /** Calls made, and the time they took. */
  calls: number;
  callMs: number;
  /** Calls that failed, after which every allowed tool was registered. */
  fallbacks: number;
  /** Requests retried because the model called a tool they did not register. */
  misses: number;
  /** Requests that changed the inferred task. */
  taskChanges: number;
}

export interface AssessorOptions {
  settings: EngineSettings['assessment'];
  /** The conversation's tools: nothing outside them is ever registered. */
  allowed: readonly ToolSpec[];
  caller: ModelCaller;
  clock: Clock;
  audit: AuditRecorder;
  /** Every entry of the store, for the tools each turn called. */
  entries: () => readonly Entry[];
  task: TaskHolder;
}

export class Assessor {
  readonly figures: AssessmentFigures = {
    assessed: 0,
    rulesSettled: 0,
    calls: 0,
    callMs: 0,
    fallbacks: 0,
    misses: 0,
    taskChanges: 0,
  };
  readonly #allowed: readonly string[];
  /** The tools the request in progress registers. */
  #registered: string[];
  /** The facts the request in progress repeats in the now block. */
  #relevant: Fact[] = [];
  /** The turn the task last changed at, and the tools registered since, for `tools: task`. */
  #taskSince = 0;
  #taskRegistered = new Set<string>();

  constructor(private readonly options: AssessorOptions) {
    this.#allowed = options.allowed.map((spec) => spec.name);
    this.#registered = [...this.#allowed];
  }

  /** The catalogue the instructions carry, when each request registers its own tools; else null. */
  get catalogue(): string | null {
    return this.options.settings.tools === 'all' ? null : toolCatalogue(this.options.allowed);
  }

  /** The specs of the tools the request in progress registers. */
  get tools(): ToolSpec[] {
    const registered = new Set(this.#registered);
    return this.options.allowed.filter((spec) => registered.has(spec.name));
  }

  /** True when `tool` is registered for the request in progress. */
  registers(tool: string): boolean {
    return this.#registered.includes(tool);
  }

  /** The lines the now block gains: the relevant facts, then the tools line. */
  nowLines(): string[] {
    const lines: string[] = [];
    if (this.#relevant.length > 0) lines.push(RELEVANT_HEADER, ...this.#relevant.map((f) => factLine(f)));
    lines.push(`${TOOLS_LINE_START}${this.#registered.join(', ') || 'none'}.`);
    return lines;
  }

  /** Assesses the request of `turn` before anything of the turn is sent. */
  async assess(turn: number, request: string): Promise<void> {
    const { settings, task } = this.options;
    const started = this.options.clock.monotonic();
    this.figures.assessed += 1;
    const before = task.current();
    const rules = ruleTools({
      request,
      allowed: this.#allowed,
      taskTools: this.#toolsCalledSince(this.#taskSince),
      previousTools: this.#toolsCalledSince(turn - 1, turn - 1),
    });
    // The task is settled when the person set it, or under `restated` once there is one and the
    // request does not restate it; under `any` the model may revise an inferred task every time.
    const taskFixed =
      before !== null &&
      (before.setByPerson || (settings.taskChanges === 'restated' && !restatesTask(request)));
    let method: AssessmentEvent['method'] = 'rules';
    let answer: AssessmentAnswer | null = null;
    let error: string | null = null;
    let tools = rules.tools;
    if (rules.toolsSettled && taskFixed) {
      this.figures.rulesSettled += 1;
    } else {
      const outcome = await this.#call(turn, request, before, taskFixed);
      if (outcome.ok) {
        method = 'model';
        answer = outcome.answer;
        const chosen = new Set([...rules.tools, ...answer.tools]);
        tools = this.#allowed.filter((tool) => chosen.has(tool));
      } else {
        method = 'fallback';
        error = outcome.error;
        tools = [...this.#allowed];
        this.figures.fallbacks += 1;
      }
    }
    let after = before?.text ?? null;
    const inferred = answer && !taskFixed && answer.task !== '' ? this.#taskValue(answer) : null;
    if (inferred !== null && inferred !== after && !(before?.setByPerson ?? false)) {
      task.infer(turn, inferred);
      after = inferred;
      this.figures.taskChanges += 1;
    }
    if (after !== (before?.text ?? null)) {
      this.#taskSince = turn;
      this.#taskRegistered = new Set();
    }
    this.#register(tools);
    this.#relevant = relevantFacts(this.options.task.facts(), request, answer?.facts ?? []);
    this.#audit(turn, method, {
      taskBefore: before?.text ?? null,
      taskAfter: after,
      taskFixed,
      intent: answer?.intent ?? null,
      error,
      durationMs: this.options.clock.monotonic() - started,
    });
  }

  /**
   * The model called a tool the request did not register: every allowed tool is registered for the
   * retry, which is audited as an assessment with method retry. Returns the event's id.
   */
  retry(turn: number): string {
    this.figures.misses += 1;
    this.#registered = [...this.#allowed];
    const task = this.options.task.current()?.text ?? null;
    return this.#audit(turn, 'retry', {
      taskBefore: task,
      taskAfter: task,
      taskFixed: true,
      intent: null,
      error: null,
      durationMs: 0,
    });
  }

  #register(tools: readonly string[]): void {
    const mode = this.options.settings.tools;
    if (mode === 'all') {
      this.#registered = [...this.#allowed];
      return;
    }
    if (mode === 'task') {
      for (const tool of tools) this.#taskRegistered.add(tool);
      this.#registered = this.#allowed.filter((tool) => this.#taskRegistered.has(tool));
      return;
    }
    this.#registered = [...tools];
  }

  #taskValue(answer: AssessmentAnswer): string {
    return answer.objective === '' ? answer.task : `${answer.task}; objective: ${answer.objective}`;
  }

  /** Tools called in turns `from` to `to`, in the order `allowed` gives them. */
  #toolsCalledSince(from: number, to = Infinity): string[] {
    if (from <= 0 && to <= 0) return [];
    const called = new Set(
      this.options
        .entries()
        .filter((e) => e.kind === 'toolCall' && e.turn >= from && e.turn <= to && e.call)
        .map((e) => e.call?.tool ?? ''),
    );
    return this.#allowed.filter((tool) => called.has(tool));
  }

  async #call(
    turn: number,
    request: string,
    task: TaskState | null,
    taskFixed: boolean,
  ): Promise<{ ok: true; answer: AssessmentAnswer } | { ok: false; error: string }> {
    const { caller, clock } = this.options;
    const started = clock.monotonic();
    try {
      if (!caller.model.generate) throw new ModelFailure('the model offers no guided generation');
      this.figures.calls += 1;
      const response = await caller.generate(
        turn,
        assessmentRequest({
          allowed: this.options.allowed,
          facts: this.options.task.facts(),
          previous: this.#toolsCalledSince(turn - 1, turn - 1),
          task,
          taskFixed,
          request,
        }),
        'assessment',
      );
      return { ok: true, answer: readAssessment(response.value) };
    } catch (thrown) {
      return { ok: false, error: toError(thrown).message };
    } finally {
      this.figures.callMs += clock.monotonic() - started;
    }
  }

  #audit(
    turn: number,
    method: AssessmentEvent['method'],
    rest: Pick<AssessmentEvent, 'taskBefore' | 'taskAfter' | 'taskFixed' | 'intent' | 'error' | 'durationMs'>,
  ): string {
    return this.options.audit.record({
      type: 'context.assessment',
      turn,
      method,
      tools: [...this.#registered],
      facts: this.#relevant.map((fact) => fact.id),
      ...rest,
    }).id;
  }
}
