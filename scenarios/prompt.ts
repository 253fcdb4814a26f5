/** What the person types for each step of a scenario: the one wording every model is given. */
import type { PromptStep } from './schema.js';

/**
 * What the person types for a step. A fact or a task is said in the conversation like any statement,
 * and the facts layer (when on) records it as the person's, so it outlives the turn.
 */
export function promptOf(step: PromptStep): string {
  if ('say' in step) return step.say;
  if ('ask' in step) return step.ask;
  if ('fact' in step)
    return `Record this fact: ${step.fact.subject} ${step.fact.name} is ${step.fact.value}.`;
  return `Record the task: ${step.task}`;
}
