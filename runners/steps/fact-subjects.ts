/** A check made before a scenario runs: every fact step names a subject kind the settings know. */
import { loadKinds, type EngineSettings, type KindOverrides } from '../../engine/index.js';
import type { Scenario } from '../../scenarios/schema.js';
import { UsageError } from '../errors.js';

/**
 * Checks that every fact step names a subject kind the settings know, so a run never stops halfway
 * on a fact it cannot record. Throws a UsageError naming the scenario, the step and the kinds.
 */
export function checkFactSubjects(scenario: Scenario, settings: EngineSettings): void {
  if (!settings.facts.enabled) return;
  const kinds = loadKinds(settings.facts.kinds as KindOverrides);
  scenario.steps.forEach((step, index) => {
    if (!('fact' in step) || kinds.has(step.fact.subject)) return;
    throw new UsageError(
      `scenario ${scenario.name}: step ${index + 1} (fact): subject "${step.fact.subject}" is no subject kind; ` +
        `the kinds are ${[...kinds.keys()].join(', ')}`,
    );
  });
}
