/**
 * Models by name, through an explicit map: the embedded reader's three profiles and the scripted
 * model. `ollama:<model>` names a real model behind an Ollama server.
 */
import { UnknownModelError } from '../errors.js';
import type { ModelPort } from '../../engine/index.js';
import type { Scenario } from '../../scenarios/schema.js';
import { createReaderModel } from './reader/index.js';
import { createScriptedModel } from './scripted.js';
import { promptOf } from '../../scenarios/prompt.js';

type Factory = (window: number, scenario: Scenario) => ModelPort;

function scriptedSteps(scenario: Scenario) {
  return scenario.steps.flatMap((step) => {
    if ('command' in step || 'save' in step || 'resume' in step) return [];
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
      create: (window) => createReaderModel({ profile: 'reader', window }),
    },
  ],
  [
    'reader-counting',
    {
      description: 'the reader counting its tokens, reporting no usage, failing with "Provided N tokens ..."',
      create: (window) => createReaderModel({ profile: 'reader-counting', window }),
    },
  ],
  [
    'reader-strict',
    {
      description: 'the reader with an unstated window and a typed overflow error',
      create: (window) => createReaderModel({ profile: 'reader-strict', window }),
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

/** Checks a model name without building it. */
export function checkModelName(name: string): void {
  if (builtinModels.has(name)) return;
  throw new UnknownModelError(
    `unknown model "${name}"; known models: ${[...builtinModels.keys()].join(', ')}`,
  );
}

/** Builds a model by name for a run. */
export function createModel(name: string, window: number, scenario: Scenario): ModelPort {
  checkModelName(name);
  const entry = builtinModels.get(name);
  if (!entry) throw new UnknownModelError(`unknown model "${name}"`);
  return entry.create(window, scenario);
}
