/** The context policy the settings name, looked up by its name. */
import { baselineSetting, type EngineSettings } from '../settings.js';
import { condensePolicy, failFastPolicy } from './keep-turns.js';
import type { ContextPolicy } from './policy.js';
import { summarisePolicy } from './summarise.js';
import { targetPolicy } from './target.js';
import { trimPolicy } from './trim.js';

/** The policy `context.policy` names, with its settings. */
export function policyFor(settings: EngineSettings): ContextPolicy {
  const context = settings.context;
  switch (context.policy) {
    case 'condense':
      return condensePolicy(context.keepTurns, context.budget);
    case 'failFast':
      return failFastPolicy();
    case 'target':
      return targetPolicy(context);
    // Masking bounds only tool output; past the budget the masked context is trimmed as `trim` does.
    case 'mask':
      return trimPolicy(context.budget, baselineSetting(context, 'trimKeep'), 'mask');
    case 'summarise':
      return summarisePolicy({
        budget: context.budget,
        head: baselineSetting(context, 'summaryHead'),
        tail: baselineSetting(context, 'summaryTail'),
      });
    case 'trim':
      return trimPolicy(context.budget, baselineSetting(context, 'trimKeep'));
  }
}
