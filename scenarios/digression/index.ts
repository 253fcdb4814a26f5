/**
 * `digression`: the memory evaluation. The person sets a task, states four facts (two with
 * `/fact`, two in plain sentences), changes one of them, then digresses through ten documents; the
 * probes ask for an early fact, the changed fact's current value and its time of day (never said),
 * the first file read, the task and two more facts.
 */
import { defineScenario } from '../schema.js';
import { sourceFolder } from '../source-folder.js';

const digressionDocs = [
  'history',
  'overview',
  'configuration',
  'snapshots',
  'replication',
  'api',
  'troubleshooting',
  'glossary',
  'roadmap',
  'release-process',
];

/** The scenario. */
export const scenario = defineScenario({
  name: 'digression',
  description:
    'A task and four facts are set, one fact changes value, then ten documents are read in a digression; ' +
    'seven probes ask what survived it, one of them about something never said.',
  workspace: '../workspaces/tidewater',
  steps: [
    {
      task: 'Write the cut-over plan for moving the Porto build farm onto Tidewater; objective: CUTOVER PLAN READY',
    },
    { fact: { subject: 'entity', name: 'mirror fleet owning team', value: 'Platform Foundations' } },
    { say: 'The production mirror hostname is tw-prod-07.internal.' },
    { fact: { subject: 'person', name: 'cut-over rollback contact', value: 'Tomasz Wierzba' } },
    { say: 'The deploy window is Tuesday.' },
    { say: 'The cut-over plan needs a rollback section and a communication section.' },
    { say: 'The deploy window is now Thursday.' },
    { say: 'Before drafting further, I want to read up on Tidewater itself.' },
    ...digressionDocs.map((doc) => ({ say: `Please read docs/${doc}.md and summarise it.` })),
    {
      ask: 'What is the production mirror hostname?',
      id: 'mirror-hostname',
      expect: { any: ['tw-prod-07'] },
    },
    {
      ask: 'When is the deploy window?',
      id: 'deploy-window',
      expect: { any: ['Thursday'], none: ['Tuesday'] },
    },
    // Never said: the person gave the window's day, not its time.
    {
      ask: 'What time of day does the deploy window start?',
      id: 'deploy-window-time',
      expect: { abstain: true },
    },
    {
      ask: 'Which file did you read first?',
      id: 'first-file',
      expect: { any: ['history.md'], none: digressionDocs.slice(1).map((doc) => `${doc}.md`) },
    },
    {
      ask: 'What task were we working on before reading the docs?',
      id: 'task',
      expect: { any: ['cut-over plan', 'cutover plan'] },
    },
    {
      ask: 'Who is the rollback contact for the cut-over?',
      id: 'rollback-contact',
      expect: { any: ['Wierzba'] },
    },
    {
      ask: 'How many days before each release does the feature freeze begin?',
      id: 'feature-freeze',
      expect: { any: ['eleven', '/\\b11 days/'] },
    },
  ],
});

/** The folder `scenario.workspace` is relative to: the source folder, also when this runs compiled. */
export const dir = sourceFolder(import.meta.url);
