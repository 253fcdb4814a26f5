/**
 * `ferry`: a departure time is stated once and asked for after two unrelated turns, and one question
 * asks what nothing in the conversation says. As a built-in it is scenarios/ferry/index.ts.
 */
import { defineScenario } from '../../../scenarios/schema.js';
import { sourceFolder } from '../../../scenarios/source-folder.js';

/** The scenario. */
export const scenario = defineScenario({
  name: 'ferry',
  description: 'A departure time is stated once, then asked for; who runs the ferry is never said.',
  steps: [
    { say: 'The first ferry to Harrow Point leaves at 06:40 on weekdays.' },
    { say: 'Remind me to pack a rain jacket.' },
    { say: 'The harbour café opens at seven.' },
    {
      ask: 'When does the first weekday ferry to Harrow Point leave?',
      id: 'first-ferry',
      expect: { any: ['06:40'], none: ['07:00'] },
    },
    // Never said: the right reply is "I don't know".
    { ask: 'Which company runs the ferry to Harrow Point?', id: 'ferry-operator', expect: { abstain: true } },
  ],
});

/** The folder a `workspace:` of the scenario would be relative to. */
export const dir = sourceFolder(import.meta.url);
