/**
 * Running the model's tool calls: each call and result is recorded in the store and the audit, a
 * repeated call is marked, and a result past the tool-output budget is kept whole in the output
 * store and shown in part.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import { InternalError, toError } from '../errors.js';
import { byteLength } from '../measure/estimate.js';
import type { ToolCall } from '../model/port.js';
import { keepWithinBudget } from '../output/keep.js';
import type { OutputStore } from '../output/store-port.js';
import type { Clock } from '../ports.js';
import type { ContextStore } from '../store/store.js';
import type { Tool, ToolResult } from './tool.js';
import { REPEATED_CALL_NOTICE } from '../protocol.js';
import type { ToolTally } from '../measure/turn-tally.js';

export interface ToolRunnerOptions {
  tools: ReadonlyMap<string, Tool>;
  audit: AuditRecorder;
  store: ContextStore;
  clock: Clock;
  outputStore?: OutputStore;
  memory: boolean;
  /** The tool-output budget in bytes, as it stands now. */
  budget: () => number;
}

export class ToolRunner {
  constructor(private readonly options: ToolRunnerOptions) {}

  /** Records the calls, runs each, and records its result; `tally` collects the turn's figures. */
  async runCalls(
    turn: number,
    calls: readonly ToolCall[],
    seen: Set<string>,
    tally?: ToolTally,
  ): Promise<void> {
    const { clock, audit, store } = this.options;
    for (const call of calls) {
      const event = audit.record({
        type: 'tool.call',
        turn,
        entry: store.nextId(),
        callId: call.callId,
        tool: call.tool,
        arguments: call.arguments,
      });
      store.append({
        kind: 'toolCall',
        turn,
        text: JSON.stringify({ tool: call.tool, arguments: call.arguments }),
        call,
        sources: [event.id],
        recordedAt: clock.now(),
      });
    }
    for (const call of calls) {
      const key = `${call.tool}\u0000${JSON.stringify(call.arguments)}`;
      const repeat = seen.has(key);
      seen.add(key);
      const started = clock.monotonic();
      // The notice counts inside the budget: the result is bounded to the room the notice leaves.
      const reserve = repeat ? byteLength(REPEATED_CALL_NOTICE) + 1 : 0;
      let result = await this.run(turn, call, tally, reserve);
      const durationMs = clock.monotonic() - started;
      tally?.addToolCall(durationMs);
      if (repeat) {
        result = {
          ...result,
          content: `${REPEATED_CALL_NOTICE}\n${result.content}`,
        };
      }
      const event = audit.record({
        type: 'tool.result',
        turn,
        entry: store.nextId(),
        callId: call.callId,
        tool: call.tool,
        ok: result.ok,
        content: result.content,
        bytes: byteLength(result.content),
        ...(repeat ? { repeat: true } : {}),
        durationMs,
      });
      store.append({
        kind: 'toolOutput',
        turn,
        text: result.content,
        call,
        outcome:
          result.exitCode === undefined ? { ok: result.ok } : { ok: result.ok, exitCode: result.exitCode },
        sources: [event.id],
        recordedAt: clock.now(),
      });
    }
  }

  /**
   * Runs one call: an unknown tool or a tool that throws is an error result, never a crash. The result
   * stays `reserve` bytes under the budget, for a line the caller puts above it.
   */
  async run(turn: number, call: ToolCall, tally?: ToolTally, reserve = 0): Promise<ToolResult> {
    const { tools, audit } = this.options;
    const tool = tools.get(call.tool);
    if (!tool) {
      const names = [...tools.keys()].join(', ') || 'none';
      return { content: `error: there is no tool named "${call.tool}"; the tools are: ${names}`, ok: false };
    }
    const budget = this.options.budget() - reserve;
    const memory = this.options.memory;
    let result: ToolResult;
    try {
      result = await tool.run(call.arguments, { callId: call.callId, turn, budget, memory });
    } catch (thrown) {
      return { content: `error: ${call.tool} failed: ${toError(thrown).message}`, ok: false };
    }
    if (!result.stored && byteLength(result.content) > budget)
      result = await this.#keep(call, result, budget);
    if (result.stored) {
      const stored = result.stored;
      audit.record({
        type: 'output.kept',
        turn,
        callId: call.callId,
        tool: call.tool,
        output: stored.id,
        bytes: stored.bytes,
        lines: stored.lines,
        sha256: stored.sha256,
        truncated: stored.truncated,
      });
      tally?.addHeldBack();
    }
    return result;
  }

  /** A result past the budget: kept whole in the output store, shown as its head and tail. */
  async #keep(call: ToolCall, result: ToolResult, budget: number): Promise<ToolResult> {
    const store = this.options.outputStore;
    const memory = this.options.memory;
    if (!store)
      throw new InternalError(
        `the ${call.tool} result exceeds the tool-output budget and no output store is set`,
      );
    const tool = this.options.tools.get(call.tool);
    const kept = await keepWithinBudget(result.content, budget, store, call.callId, {
      memory,
      command: !(tool?.readOnly ?? false),
    });
    return { ...result, content: kept.text, ...(kept.stored ? { stored: kept.stored } : {}) };
  }
}
