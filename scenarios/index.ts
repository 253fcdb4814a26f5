/**
 * The built-in scenarios, by name, and `resolveScenario`, which turns a command-line argument (a
 * built-in name or a path to a `.json`/`.yaml`/`.yml` file) into a loaded scenario. The map is
 * explicit: adding a scenario means importing its module here.
 */
import * as build from './build/index.js';
import * as codename from './codename/index.js';
import * as digression from './digression/index.js';
import { ScenarioError } from './errors.js';
import { checkScenario, loadScenarioFile } from './load.js';
import type { LoadedScenario } from './load.js';
import * as reading from './reading/index.js';
import type { Scenario } from './schema.js';
import * as showing from './showing/index.js';

function builtin(module: { scenario: Scenario; dir: string }): LoadedScenario {
  return { scenario: module.scenario, dir: module.dir, source: 'built-in' };
}

/** The built-in scenarios, keyed by scenario name, in the order `list` shows them. */
export const builtinScenarios: ReadonlyMap<string, LoadedScenario> = new Map(
  [codename, showing, reading, digression, build].map((module) => [module.scenario.name, builtin(module)]),
);

/** The built-in scenario names, in the registry's order. */
export const builtinScenarioNames: readonly string[] = [...builtinScenarios.keys()];

/**
 * A built-in scenario by name, or a scenario file by path (one ending in `.json`, `.yaml` or `.yml`).
 * Throws a {@link ScenarioError} for an unknown name or a bad file.
 */
/** True for a scenario named by its file (a `.json`, `.yaml` or `.yml` path) rather than a built-in's name. */
export function isScenarioFile(nameOrPath: string): boolean {
  return /\.(?:json|ya?ml)$/i.test(nameOrPath);
}

export async function resolveScenario(nameOrPath: string): Promise<LoadedScenario> {
  if (isScenarioFile(nameOrPath)) return loadScenarioFile(nameOrPath);
  const found = builtinScenarios.get(nameOrPath);
  if (found === undefined) {
    throw new ScenarioError(
      `unknown scenario '${nameOrPath}': the built-in scenarios are ${builtinScenarioNames.join(', ')}; ` +
        'or give the path of a .json, .yaml or .yml file',
    );
  }
  await checkScenario(found);
  return found;
}
