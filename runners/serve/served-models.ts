/**
 * What both of the loopback server's APIs answer from: the models it serves, their context sizes, the
 * faults switched on, and the reader's answer to a chat. Each API turns these into its own wire form.
 */
import type { ServerResponse } from 'node:http';
import type { Message, ModelResponse, ToolSpec } from '../../engine/index.js';
import type { ReaderProfile } from '../models/reader/index.js';

/** Faults to switch on and off while the server runs. */
export interface Faults {
  /** Chat calls answered with HTTP 500 before the next one is served; Infinity for all of them. */
  errors500: number;
  /** Milliseconds every chat answer is held back. */
  slowMs: number;
  /** Chat calls answered with a body cut off in the middle of its JSON. */
  badJson: boolean;
  /** The models do not support tools: /api/show says so and a chat with tools is refused. */
  noTools: boolean;
  /** The next answer to a request with tools calls this tool instead, whatever the reader would do. */
  unknownToolCall: string | null;
  /** The wording of the OpenAI form's overflow error: OpenAI's and vLLM's, or llama.cpp's server's. */
  overflowForm: 'openai' | 'llama.cpp';
}

/** The served models as an API handler sees them. */
export interface ServedModels {
  /** The models' names (`reader`, not `reader:latest`). */
  served: readonly string[];
  /** The models' trained context length, as Ollama's /api/show reports it. */
  context: number;
  /** The OpenAI form's fixed context size. */
  openaiContext: number;
  faults: Faults;
  /** The served model a request names (`reader:latest` is `reader`), or null. */
  known(name: unknown): string | null;
  /** A served model's digest, stable across starts. */
  digest(name: string): string;
  /** The reader's answer to a chat, or its guided value as JSON text; throws ContextOverflowError. */
  answer(
    profile: ReaderProfile,
    window: number,
    messages: Message[],
    tools: ToolSpec[],
    schema: unknown,
  ): Promise<ModelResponse>;
  /** A fault that answers before the reader is asked: a 500, or a body cut off. True when it answered. */
  faulted(res: ServerResponse, error500: () => unknown): Promise<boolean>;
}
