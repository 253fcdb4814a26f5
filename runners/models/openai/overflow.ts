/**
 * The overflow errors OpenAI-compatible servers answer with (HTTP 400), read as the port's typed
 * overflow with the limit and the count they state:
 *
 * - OpenAI and vLLM: "This model's maximum context length is 8192 tokens. However, you requested
 *   9100 tokens (8600 in the messages, 500 in the completion)."
 * - llama.cpp's server: "the request exceeds the available context size, try increasing it", its body
 *   carrying `n_prompt_tokens` and `n_ctx` where the version gives them.
 * - LM Studio: "... the model is loaded with context length of only 4096 tokens ...".
 */
import { ContextOverflowError } from '../../../engine/index.js';

const MAXIMUM = /maximum context length is\s+([\d,]+)\s+tokens?/i;
const REQUESTED = /you requested\s+([\d,]+)\s+tokens?/i;
const AVAILABLE = /exceeds the available context size/i;
const ONLY = /context length of only\s+([\d,]+)\s+tokens?/i;

function number(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

function numberField(body: unknown, name: string): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'number' ? value : null;
}

/**
 * The overflow a server's error states, or null for any other error. `body` is the error object of
 * the response, `window` the window the run was given, for a message that states no limit.
 */
export function recogniseServerOverflow(
  message: string,
  body: unknown,
  window: number,
): ContextOverflowError | null {
  const maximum = MAXIMUM.exec(message);
  if (maximum) {
    const count = number(REQUESTED.exec(message)?.[1]);
    return new ContextOverflowError(number(maximum[1]) ?? window, count);
  }
  if (AVAILABLE.test(message)) {
    return new ContextOverflowError(
      numberField(body, 'n_ctx') ?? window,
      numberField(body, 'n_prompt_tokens'),
    );
  }
  const only = ONLY.exec(message);
  if (only) return new ContextOverflowError(number(only[1]) ?? window, null);
  return null;
}
