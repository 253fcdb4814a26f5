/**
 * A turn's model steps: compose the request from the store, send it, and either store the reply or
 * run the tool calls it asks for and go round again, up to a bound of steps. Each request's figures go
 * to the turn's tally; the runtime's reported usage anchors the meter; the model's tool calls get
 * the engine's own call ids.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import { ToolLoopError, UnregisteredToolError } from '../errors.js';
import { byteLength, tokensForBytes } from '../measure/estimate.js';
import type { Message, ModelRequest, ModelResponse, ToolCall } from '../model/port.js';
import type { Clock, Ids } from '../ports.js';
import type { ContextStore } from '../store/store.js';
import type { RequestFigures } from '../measure/figures.js';
import type { Meter } from '../measure/meter.js';
import type { ModelCaller } from '../model/model-calls.js';
import type { ToolRunner } from './tool-runner.js';
import type { TurnTally } from '../measure/turn-tally.js';

export interface ToolLoopOptions {
  caller: ModelCaller;
  meter: Meter;
  store: ContextStore;
  audit: AuditRecorder;
  runner: ToolRunner;
  clock: Clock;
  ids: Ids;
  /** Model steps a turn may take before it is stopped. */
  maxSteps: number;
  /** The request for `turn` from the store's active entries. */
  compose: (turn: number) => ModelRequest;
  /**
   * When the request registers only some tools: whether it registers `tool`, and whether this is
   * the retry. A call to a tool it does not register stops the attempt before any tool runs.
   */
  registration?: { registers: (tool: string) => boolean; retrying: () => boolean };
}

export class ToolLoop {
  #lastRequest: ModelRequest | null = null;

  constructor(private readonly options: ToolLoopOptions) {}

  /** The last request sent, whether or not the model answered it. */
  get lastRequest(): ModelRequest | null {
    return this.#lastRequest;
  }

  /** Runs the turn's steps to its reply; throws what the model throws, or a ToolLoopError past the bound. */
  async run(turn: number, tally: TurnTally): Promise<string> {
    const { caller, store, audit, runner, clock, maxSteps } = this.options;
    const seen = new Set<string>();
    for (let step = 0; step < maxSteps; step++) {
      const request = this.options.compose(turn);
      const response = await this.#send(turn, request, tally);
      const answer: Message = response.toolCalls.length
        ? { role: 'assistant', content: response.text, toolCalls: response.toolCalls }
        : { role: 'assistant', content: response.text };
      caller.hold(request.messages, answer, request.tools);
      const done = response.toolCalls.length === 0;
      const event = audit.record({
        type: 'response',
        turn,
        session: caller.lastSession,
        entry: done ? store.nextId() : null,
        text: response.text,
        toolCalls: response.toolCalls.length,
        usage: response.usage ?? null,
        ...(caller.lastTruncated ? { truncated: true as const } : {}),
        durationMs: caller.lastMs,
      });
      const unregistered = response.toolCalls.find(
        (call) => this.options.registration?.registers(call.tool) === false,
      );
      if (unregistered) {
        const registered = request.tools.map((tool) => tool.name);
        throw new UnregisteredToolError(
          unregistered.tool,
          registered,
          this.options.registration?.retrying() ?? false,
        );
      }
      if (done) {
        store.append({
          kind: 'reply',
          turn,
          text: response.text,
          sources: [event.id],
          recordedAt: clock.now(),
        });
        return response.text;
      }
      await runner.runCalls(turn, response.toolCalls, seen, tally);
    }
    throw new ToolLoopError(maxSteps);
  }

  async #send(turn: number, request: ModelRequest, tally: TurnTally): Promise<ModelResponse> {
    const { caller, meter } = this.options;
    const model = caller.model;
    const bytes = meter.bytes(request);
    const counted = meter.counts && model.countTokens ? await model.countTokens(request) : null;
    this.#lastRequest = request;
    const toolTokens = tokensForBytes(byteLength(JSON.stringify(request.tools)));
    const figures: RequestFigures = {
      session: '',
      fresh: false,
      estimated: 0,
      reported: null,
      counted,
      toolTokens,
    };
    let response = await caller.respond(turn, request, (started) => {
      Object.assign(figures, started);
      tally.addRequest(figures);
    });
    const calls = response.toolCalls.map((call) => this.#withCallId(call));
    response = { ...response, toolCalls: calls };
    if (response.usage) {
      figures.reported = response.usage.promptTokens;
      const answerBytes =
        byteLength(response.text) +
        calls.reduce((n, c) => n + byteLength(c.tool + JSON.stringify(c.arguments)), 0);
      meter.anchorOn(response.usage.promptTokens + response.usage.completionTokens, bytes + answerBytes);
    }
    return response;
  }

  #withCallId(call: ToolCall): ToolCall {
    return { callId: this.options.ids.next('call'), tool: call.tool, arguments: call.arguments ?? {} };
  }
}
