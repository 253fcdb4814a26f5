/**
 * Model names as the command line gives them: a built-in model (`reader`, `scripted`, ...), or a
 * model behind a server, `ollama:<model>` or `openai:<model>`, where everything after the first colon
 * is the server's own name for the model (`ollama:granite4.1:8b`).
 */
import { didYouMean } from '../../scenarios/nearest-name.js';
import { UnknownModelError } from '../errors.js';

/** The prefixes that name a model behind a server. */
export const SERVER_PREFIXES = ['ollama', 'openai'] as const;

export type ServerKind = (typeof SERVER_PREFIXES)[number];

/** A parsed model name. */
export type ModelName = { kind: 'builtin'; name: string } | { kind: ServerKind; model: string };

/** What each prefix stands for, for listings and messages. */
export const SERVER_MODELS: ReadonlyMap<ServerKind, string> = new Map([
  ['ollama', 'ollama:<model>: a model an Ollama server runs (--host, else OLLAMA_HOST)'],
  ['openai', 'openai:<model>: a model an OpenAI-compatible chat-completions server runs (--base-url)'],
]);

function isServerKind(prefix: string): prefix is ServerKind {
  return (SERVER_PREFIXES as readonly string[]).includes(prefix);
}

/**
 * Parses `name`, given the built-in names; throws an UnknownModelError (bad input) for an unknown
 * name, an unknown prefix, or a prefix with no model after it.
 */
export function parseModelName(name: string, builtins: readonly string[]): ModelName {
  if (builtins.includes(name)) return { kind: 'builtin', name };
  const known = `known models: ${builtins.join(', ')}, ${SERVER_PREFIXES.map((p) => `${p}:<model>`).join(', ')}`;
  const colon = name.indexOf(':');
  if (colon < 0)
    throw new UnknownModelError(`unknown model "${name}"${didYouMean(name, builtins)}; ${known}`);
  const prefix = name.slice(0, colon);
  const model = name.slice(colon + 1).trim();
  if (!isServerKind(prefix)) {
    throw new UnknownModelError(
      `unknown model "${name}": "${prefix}:" is no model prefix (the prefixes are ${SERVER_PREFIXES.map((p) => `${p}:`).join(' and ')}); ${known}`,
    );
  }
  if (model === '') {
    throw new UnknownModelError(
      `model "${name}" names no model: give ${prefix}:<model>, e.g. ${prefix === 'ollama' ? 'ollama:granite4.1:8b' : 'openai:qwen2.5-7b-instruct'}`,
    );
  }
  return { kind: prefix, model };
}
