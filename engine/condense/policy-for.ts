/** The context policy the settings name, looked up by its name. */
import type { EngineSettings } from '../settings.js';
import { condensePolicy, failFastPolicy } from './keep-turns.js';
import type { ContextPolicy } from './policy.js';
import { targetPolicy } from './target.js';

/** The policy `context.policy` names, with its settings. */
export function policyFor(settings: EngineSettings): ContextPolicy {
  switch (settings.context.policy) {
    case 'condense':
      return condensePolicy(settings.context.keepTurns, settings.context.budget);
    case 'failFast':
      return failFastPolicy();
    case 'target':
      return targetPolicy(settings.context);
  }
}
