/** The one way a run opens a model: by name, for a window, for the scenario it will answer. */
import type { ModelPort } from '../../engine/index.js';
import type { Scenario } from '../../scenarios/schema.js';

/**
 * Builds the model for a run; the runner owns the registry. A model behind a server is opened
 * asynchronously (its server is asked about it first); what it throws fails the run, not the matrix.
 */
export type ModelFactory = (
  name: string,
  window: number,
  scenario: Scenario,
) => ModelPort | Promise<ModelPort>;
