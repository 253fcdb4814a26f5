/**
 * Models by name, through an explicit map: the embedded reader's three profiles and the scripted
 * model. `ollama:<model>` names a real model behind an Ollama server, `openai:<model>` one behind an
 * OpenAI-compatible chat-completions server; those are opened by `serverModelFactory`.
 */
import { UnknownModelError, UsageError } from '../errors.js';
import type { ModelPort } from '../../engine/index.js';
import type { Scenario } from '../../scenarios/schema.js';
import { createReaderMemory, createReaderModel, type ReaderMemory } from './reader/index.js';
import { createScriptedModel } from './scripted.js';
import { promptOf } from '../../scenarios/prompt.js';
import { defaultModelSettings, type ModelSettings } from './model-settings.js';
import { SERVER_MODELS, parseModelName } from './names.js';
import { ollamaHost, ollamaUrl } from './ollama/host.js';
import type { CallPolicy } from './server-calls.js';
import type { ModelFactory } from './model-factory.js';
import { FolderRecording, replayFactory } from './replay/index.js';
import { cachedModel } from './cache/answer-cache.js';
import { isServerModel, type ServerModel } from './server-model.js';

/** Builds a built-in for a run; readers made with one memory share what they worked out of texts. */
type Factory = (window: number, scenario: Scenario, memory?: ReaderMemory) => ModelPort;

function scriptedSteps(scenario: Scenario) {
  return scenario.steps.flatMap((step) => {
    if ('command' in step || 'save' in step || 'resume' in step || 'model' in step) return [];
    const prompt = promptOf(step);
    return [
      {
        prompt,
        ...(step.script?.reply ? { reply: step.script.reply } : {}),
        toolCalls: step.script?.toolCalls ?? [],
      },
    ];
  });
}

/** The built-in models and what each is for. */
export const builtinModels: ReadonlyMap<string, { description: string; create: Factory }> = new Map([
  [
    'reader',
    {
      description:
        'embedded extractive model; reports usage and drops the front past its window, as Ollama does',
      create: (window, _scenario, memory) => createReaderModel({ profile: 'reader', window, memory }),
    },
  ],
  [
    'reader-counting',
    {
      description: 'the reader counting its tokens, reporting no usage, failing with "Provided N tokens ..."',
      create: (window, _scenario, memory) =>
        createReaderModel({ profile: 'reader-counting', window, memory }),
    },
  ],
  [
    'reader-strict',
    {
      description: 'the reader with an unstated window and a typed overflow error',
      create: (window, _scenario, memory) => createReaderModel({ profile: 'reader-strict', window, memory }),
    },
  ],
  [
    'scripted',
    {
      description: "replays each step's script: its tool calls, then its reply",
      create: (window, scenario) => createScriptedModel({ steps: scriptedSteps(scenario), window }),
    },
  ],
]);

/** Every model name `list models` shows: the built-ins, then the server prefixes. */
export function modelListing(): [string, string][] {
  return [
    ...[...builtinModels.entries()].map(([name, m]): [string, string] => [name, m.description]),
    ...[...SERVER_MODELS.entries()].map(([prefix, description]): [string, string] => [
      `${prefix}:<model>`,
      description.slice(description.indexOf(': ') + 2),
    ]),
  ];
}

/** Checks a model name without building it: a built-in, or `ollama:<model>` / `openai:<model>`. */
export function checkModelName(name: string): void {
  parseModelName(name, [...builtinModels.keys()]);
}

/**
 * Checks the model each switch step of `scenario` names, as `--model` is checked, so that a run never
 * stops halfway on a name no backend knows. Throws an UnknownModelError (bad input) naming `where`
 * (the scenario, or its file), the step and the field.
 */
export function checkModelSteps(scenario: Scenario, where = `scenario ${scenario.name}`): void {
  scenario.steps.forEach((step, index) => {
    if (!('model' in step)) return;
    try {
      checkModelName(step.model);
    } catch (thrown) {
      if (!(thrown instanceof UnknownModelError)) throw thrown;
      throw new UnknownModelError(`${where}: step ${index + 1} (model): model: ${thrown.message}`);
    }
  });
}

/** The models `scenario`'s switch steps name, each once, in the order first named. */
export function switchedModels(scenario: Scenario): string[] {
  return [...new Set(scenario.steps.flatMap((step) => ('model' in step ? [step.model] : [])))];
}

/** Builds a built-in model by name for a run; a server model needs `serverModelFactory`. */
export function createModel(name: string, window: number, scenario: Scenario): ModelPort {
  return builtinModel(name, window, scenario);
}

/** `createModel`, for a reader that shares `memory` (its analyses of texts) with others built with it. */
function builtinModel(name: string, window: number, scenario: Scenario, memory?: ReaderMemory): ModelPort {
  const parsed = parseModelName(name, [...builtinModels.keys()]);
  const entry = parsed.kind === 'builtin' ? builtinModels.get(parsed.name) : undefined;
  if (!entry)
    throw new UnknownModelError(`model "${name}" is behind a server: open it with its server's options`);
  return entry.create(window, scenario, memory);
}

/**
 * A factory of built-in models whose readers share one memory: the runs of one invocation show their
 * readers the same texts, and each is analysed once rather than once a run.
 */
export function builtinModelFactory(memory: ReaderMemory = createReaderMemory()): ModelFactory {
  return (name, window, scenario) => builtinModel(name, window, scenario, memory);
}

/** Where the server models are and how they are called: the command line's flags and environment. */
export interface ServerOptions {
  /** --host, for ollama: models. */
  host?: string;
  /** --base-url, for openai: models. */
  baseUrl?: string;
  /** --timeout, in milliseconds, for each call. */
  timeoutMs: number;
  /** The wait before the first retry after a server error. */
  backoffMs?: number;
  settings?: ModelSettings;
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * --replay: a results folder whose recorded answers every model gives, run by run and call by
   * call, in place of calling it; no server is reached.
   */
  replay?: string;
  /** --cache: the answer cache server models answer through (built-ins are never cached). */
  cache?: string;
}

/** The default deadline of one model call: ten minutes, for a slow local model and a long request. */
export const DEFAULT_TIMEOUT_MS = 600_000;

/**
 * Checks that each server model of `names` has its server: an `openai:` model needs --base-url or
 * OPENAI_BASE_URL. Throws a UsageError otherwise, before anything is run.
 */
export function checkServerOptions(names: readonly string[], options: ServerOptions): void {
  // A replayed model reaches no server.
  if (options.replay !== undefined) return;
  const env = options.env ?? {};
  // An address given on the command line must read as one, whether or not a model of its kind runs.
  if (options.host !== undefined) checkServerAddress('--host', options.host, ollamaUrl);
  if (options.baseUrl !== undefined) checkServerAddress('--base-url', options.baseUrl, (url) => url);
  for (const name of names) {
    const parsed = parseModelName(name, [...builtinModels.keys()]);
    if (parsed.kind === 'openai' && !options.baseUrl && !env.OPENAI_BASE_URL) {
      throw new UsageError(
        `--model ${name}: give the server's address with --base-url (e.g. http://127.0.0.1:8080/v1) or OPENAI_BASE_URL`,
      );
    }
    if (parsed.kind === 'openai' && options.baseUrl === undefined && env.OPENAI_BASE_URL !== undefined)
      checkServerAddress('OPENAI_BASE_URL', env.OPENAI_BASE_URL, (url) => url);
    if (parsed.kind === 'ollama' && options.host === undefined && env.OLLAMA_HOST?.trim())
      checkServerAddress('OLLAMA_HOST', env.OLLAMA_HOST, ollamaUrl);
  }
}

/**
 * Refuses a server address that is not an http:// or https:// URL once `normal` has read it (Ollama's
 * `host:port` forms become URLs): bad input, named with where it came from, before any run.
 */
function checkServerAddress(source: string, value: string, normal: (value: string) => string): void {
  let url: URL;
  try {
    url = new URL(normal(value));
  } catch {
    throw new UsageError(`${source} ${JSON.stringify(value)}: not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(
      `${source} ${JSON.stringify(value)}: the server is reached over http:// or https://, not ${url.protocol}//`,
    );
}

/** The results folders replayed in this thread, each read once. */
const recordings = new Map<string, FolderRecording>();

/** A built-in model by name, or null for a model behind a server. */
export function builtinOrNull(
  name: string,
  window: number,
  scenario: Scenario,
  memory?: ReaderMemory,
): ModelPort | null {
  return parseModelName(name, [...builtinModels.keys()]).kind === 'builtin'
    ? builtinModel(name, window, scenario, memory)
    : null;
}

/** A factory that answers every model's calls from the results folder `dir`. */
export function replayModelFactory(dir: string): ModelFactory {
  let recording = recordings.get(dir);
  if (recording === undefined) {
    recording = new FolderRecording(dir);
    recordings.set(dir, recording);
  }
  const memory = createReaderMemory();
  return replayFactory(recording, (name, window, scenario) => builtinOrNull(name, window, scenario, memory));
}

/**
 * A factory that builds the built-ins and opens server models with `options`; with `replay`, one
 * whose models answer from that results folder instead.
 */
export function serverModelFactory(options: ServerOptions): ModelFactory {
  if (options.replay !== undefined) return replayModelFactory(options.replay);
  const env = options.env ?? {};
  const settings = options.settings ?? defaultModelSettings();
  const policy: CallPolicy = {
    timeoutMs: options.timeoutMs,
    retries: settings.retries,
    backoffMs: options.backoffMs ?? 250,
  };
  // The built-ins of every run this factory opens share one memory of the texts they read.
  const memory = createReaderMemory();
  const opened = (name: string, window: number, scenario: Scenario): ModelPort | Promise<ServerModel> => {
    const parsed = parseModelName(name, [...builtinModels.keys()]);
    switch (parsed.kind) {
      case 'builtin':
        return builtinModel(name, window, scenario, memory);
      case 'ollama':
        // Imported when used: a run on the reader never loads the client.
        return import('./ollama/index.js').then(({ openOllamaModel }) =>
          openOllamaModel({
            model: parsed.model,
            window,
            host: ollamaHost(options.host, env),
            settings,
            policy,
          }),
        );
      case 'openai':
        return import('./openai/index.js').then(({ openOpenAIModel }) =>
          openOpenAIModel({
            model: parsed.model,
            window,
            baseUrl: options.baseUrl ?? env.OPENAI_BASE_URL ?? '',
            apiKey: env.OPENAI_API_KEY ?? 'none',
            settings,
            policy,
          }),
        );
    }
  };
  const cache = options.cache;
  if (cache === undefined) return opened;
  return async (name, window, scenario, run) => {
    const model = await opened(name, window, scenario);
    if (!isServerModel(model)) return model;
    const backend = model.backendRecord();
    const counts = run ? (run.cache ??= { hits: 0, misses: 0 }) : { hits: 0, misses: 0 };
    // Read at each call: an OpenAI-compatible server names its build (its fingerprint) in its answers.
    const identity = () => ({ name, digest: model.backendRecord().digest, options: backend.options });
    return Object.assign(cachedModel(model, cache, identity, counts), {
      backendRecord: () => model.backendRecord(),
    });
  };
}
