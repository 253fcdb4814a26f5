/** Errors raised while loading or resolving a scenario. */
import { WispError } from '../engine/index.js';

export type ScenarioErrorCode = 'SCENARIO_INVALID';

/**
 * A scenario that cannot be used: a file that cannot be read or parsed, a step or field that does
 * not fit the schema, a duplicate probe id, a missing workspace, or an unknown built-in name. The
 * message is one line that names the file, the step and the field; nothing is run.
 */
export class ScenarioError extends WispError<ScenarioErrorCode> {
  constructor(message: string) {
    super('SCENARIO_INVALID', 'input', message.replace(/\s*\n\s*/g, ' ').trim());
    this.name = 'ScenarioError';
  }
}
