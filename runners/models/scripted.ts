/**
 * The `scripted` model: replays the replies and tool calls a scenario writes into its steps. It makes
 * runs exact for tests and equivalence snapshots, since its answers do not depend on what the engine
 * sends, while its usage still does (it counts with the reader's tokenizer).
 */
import {
  ModelFailure,
  type ModelPort,
  type ModelRequest,
  type ModelResponse,
  type ToolCall,
} from '../../engine/index.js';
import { TokenCounter } from './reader/tokens.js';

/** One scripted step: the prompt it answers, and its reply or the tool calls it makes first. */
export interface ScriptedStep {
  prompt: string;
  reply?: string;
  toolCalls?: { tool: string; arguments: Record<string, unknown> }[];
}

/** How to build a scripted model. */
export interface ScriptedOptions {
  steps: ScriptedStep[];
  /** A window to state through the port; the scripted model never enforces it. */
  window?: number;
  name?: string;
}

/** The reply a step gives when the scenario wrote none. */
export const DEFAULT_SCRIPTED_REPLY = 'ok';

/** Creates a scripted model that replays `steps` in order. */
export function createScriptedModel(options: ScriptedOptions): ModelPort {
  const steps = options.steps;
  const counter = new TokenCounter();
  let callCount = 0;
  // The step being played, and whether its turn has ended with a reply.
  let position = -1;
  let finished = false;

  const find = (prompt: string): number => {
    // After a finished turn the next step comes first (a repeated prompt is the next step); otherwise,
    // or when no later step matches, the current one is replayed, which is what a retried turn needs.
    const from = Math.max(position, 0);
    const order = finished ? [...range(from + 1, steps.length), from] : range(from, steps.length);
    const index = order.find((i) => steps[i]?.prompt === prompt);
    if (index === undefined) {
      const where = position < 0 ? 'from the start' : `from step ${position + 1} of ${steps.length}`;
      throw new ModelFailure(
        `scripted model: no step has the prompt ${JSON.stringify(prompt)} (searched ${where})`,
      );
    }
    return index;
  };

  const respond = async (request: ModelRequest): Promise<ModelResponse> => {
    const last = request.messages.at(-1);
    let text = '';
    let toolCalls: ToolCall[] = [];
    if (last?.role === 'user') {
      position = find(last.content);
      const step = steps[position];
      finished = false;
      if (step?.toolCalls && step.toolCalls.length > 0) {
        toolCalls = step.toolCalls.map((call) => ({
          callId: `call_${++callCount}`,
          tool: call.tool,
          arguments: call.arguments,
        }));
      } else {
        text = step?.reply ?? DEFAULT_SCRIPTED_REPLY;
        finished = true;
      }
    } else {
      if (last?.role === 'tool' && position < 0) {
        throw new ModelFailure('scripted model: a tool result arrived before any scripted step was played');
      }
      text = steps[position]?.reply ?? DEFAULT_SCRIPTED_REPLY;
      finished = true;
    }
    return {
      text,
      toolCalls,
      usage: { promptTokens: counter.request(request), completionTokens: counter.answer(text, toolCalls) },
    };
  };

  return {
    name: options.name ?? 'scripted',
    reportsUsage: true,
    respond,
    ...(options.window === undefined ? {} : { window: options.window }),
  };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(i);
  return out;
}
