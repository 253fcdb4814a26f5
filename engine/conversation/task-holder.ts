/** Where the assessment finds and records the task: the facts layer, or a record of its own. */
import type { TaskHolder } from '../assess/assessment.js';
import type { FactsLayer } from '../facts/facts-layer.js';

export function taskHolder(facts: FactsLayer | null): TaskHolder {
  if (facts) {
    return {
      current: () => {
        const task = facts.facts.current().findLast((f) => f.identity.subject === 'task');
        if (!task) return null;
        const byPerson = task.source.kind === 'person' || task.source.kind === 'caller';
        return { text: task.value, setByPerson: byPerson };
      },
      infer: (turn, value) => facts.modelNotes('task', 'task', value, turn, 'inferred'),
      facts: () => facts.facts.current(),
    };
  }
  let own: string | null = null;
  return {
    current: () => (own === null ? null : { text: own, setByPerson: false }),
    infer: (_turn, value) => {
      own = value;
    },
    facts: () => [],
  };
}
