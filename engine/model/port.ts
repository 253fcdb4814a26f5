/**
 * The model port: the one way the engine talks to a language model.
 *
 * A model takes one request (instructions, the composed messages, the registered tools) and returns
 * either text or tool calls, with token usage when its runtime reports it. It may also offer guided
 * generation (a JSON schema in, a parsed value out), count the tokens of a request, and know its window.
 */
import { WispError, type EngineErrorCode } from '../errors.js';

/** One message of a composed request. `system` appears once, first, and carries the instructions. */
export type Message =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; content: string; callId: string; tool: string };

/** A tool call the model asked for. `callId` is assigned by the engine when the model gives none. */
export interface ToolCall {
  callId: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** A tool as the model sees it: a name, one short sentence, and a JSON schema for its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** Everything one request carries. `messages[0]` is the system message. */
export interface ModelRequest {
  messages: Message[];
  tools: ToolSpec[];
}

/** Token usage as a runtime reports it (Ollama's prompt_eval_count / eval_count). */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** A model's answer: text, or tool calls (possibly with some text beside them). */
export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
  usage?: Usage;
  /** Milliseconds the runtime says it spent on the call, when it reports its own durations. */
  serverMs?: number;
}

/** A guided-generation request: a task in plain words, the material, and the JSON schema of the answer. */
export interface GuidedRequest {
  /** What the call is for, so a model can route it: `distil`, `summary`, `assessment`. */
  purpose: string;
  messages: Message[];
  schema: Record<string, unknown>;
  maxTokens: number;
}

export interface GuidedResponse {
  value: unknown;
  usage?: Usage;
  /** Milliseconds the runtime says it spent on the call, when it reports its own durations. */
  serverMs?: number;
}

/** What a caller passes with each call: a signal that aborts it (a run stopped, a deadline passed). */
export interface CallOptions {
  signal?: AbortSignal;
}

/** The model port. Optional members are capabilities a runtime may lack. */
export interface ModelPort {
  /** The model's name as the run records it (`reader`, `ollama:granite4.1:8b`). */
  readonly name: string;
  /** The window in tokens, when the model states it. */
  readonly window?: number;
  /** True when responses carry `usage`. */
  readonly reportsUsage: boolean;
  respond(request: ModelRequest, options?: CallOptions): Promise<ModelResponse>;
  /** Guided generation: an answer that follows `schema`. */
  generate?(request: GuidedRequest, options?: CallOptions): Promise<GuidedResponse>;
  /** The model's own count of the tokens a request takes. */
  countTokens?(request: ModelRequest): Promise<number>;
}

/**
 * The typed overflow a strict runtime raises: the request took `count` tokens where `limit` fit
 * (`count` is null when the runtime refuses without saying how many it counted, as Ollama does).
 * The other two overflow behaviours are a generic error whose message reads
 * "Provided N tokens, but the maximum allowed is W", and silent truncation of the front. It is a
 * port's error: the engine recovers from it, or reports it as a ModelFailure, so it never ends a run
 * on its own; its kind says what it would mean if it escaped a caller that is not the engine.
 */
export class ContextOverflowError extends WispError<EngineErrorCode> {
  constructor(
    readonly limit: number,
    readonly count: number | null,
  ) {
    super(
      'CONTEXT_OVERFLOW',
      'run',
      count === null
        ? `context size exceeded: the request does not fit a window of ${limit}`
        : `context size exceeded: ${count} tokens for a window of ${limit}`,
    );
    this.name = 'ContextOverflowError';
  }
}
