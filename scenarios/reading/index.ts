/**
 * `reading`: a long working session of sixteen read-and-summarise turns with facts stated by the
 * person along the way and probes spread through it and at the end, asking both about the person's
 * facts and about what the documents say.
 */
import { fileURLToPath } from 'node:url';
import { defineScenario } from '../schema.js';
import type { StepInput } from '../schema.js';

const read = (doc: string): { say: string } => ({ say: `Please read docs/${doc}.md and summarise it.` });
const reread = (doc: string): { say: string } => ({
  say: `Please read docs/${doc}.md again and summarise it for the pilot review.`,
});

const steps: StepInput[] = [
  { say: 'We are evaluating Tidewater to replace the registry proxies on our build farm.' },
  { say: 'Our staging mirror runs in the Lisbon data centre.' },
  read('overview'),
  { say: 'The on-call engineer for the mirrors this month is Priya Raman.' },
  read('architecture'),
  read('configuration'),
  {
    ask: 'Which data centre does our staging mirror run in?',
    id: 'staging-data-centre',
    expect: { any: ['Lisbon'] },
  },
  read('storage'),
  { say: 'Our production shelf holds 38 terabytes today.' },
  read('scheduling'),
  read('snapshots'),
  {
    ask: 'What is the default sync interval?',
    id: 'sync-interval',
    expect: { any: ['17 minutes', 'seventeen minutes'] },
  },
  read('replication'),
  { say: 'The build farm has 220 agents.' },
  read('networking'),
  read('security'),
  {
    ask: 'Who is the on-call engineer for the mirrors this month?',
    id: 'on-call-engineer',
    expect: { any: ['Priya'] },
  },
  read('api'),
  { say: 'I think the API pagination will matter for our dashboards.' },
  read('operations'),
  read('troubleshooting'),
  { say: 'We plan to retire the old Nexus proxy on 14 March.' },
  read('release-process'),
  read('glossary'),
  read('history'),
  read('roadmap'),
  { say: 'Let us keep the retention settings conservative until the pilot is over.' },
  { say: 'Before the pilot review we will go over the operational documents a second time.' },
  reread('operations'),
  reread('storage'),
  reread('scheduling'),
  reread('security'),
  reread('networking'),
  reread('replication'),
  reread('troubleshooting'),
  reread('configuration'),
  reread('snapshots'),
  reread('api'),
  { say: 'Those were the documents the review will ask about.' },
  {
    ask: 'How many terabytes does our production shelf hold today?',
    id: 'shelf-terabytes',
    expect: { any: ['/\\b38\\b/'] },
  },
  {
    ask: 'How many agents does the build farm have?',
    id: 'build-farm-agents',
    expect: { any: ['/\\b220\\b/'] },
  },
  {
    ask: 'When do we plan to retire the old Nexus proxy?',
    id: 'nexus-retirement',
    expect: { any: ['14 March', 'March 14'] },
  },
  {
    ask: 'Which data centre does our staging mirror run in, as I told you at the start?',
    id: 'staging-data-centre-late',
    expect: { any: ['Lisbon'] },
  },
  {
    ask: 'Which hash addresses every blob on the shelf?',
    id: 'blob-hash',
    expect: { any: ['BLAKE3'] },
  },
  {
    ask: 'Which port does the gatehouse listen on by default?',
    id: 'gatehouse-port',
    expect: { any: ['7311'] },
  },
  { ask: 'Who started Tidewater?', id: 'founder', expect: { any: ['Ines Varga'] } },
  {
    ask: 'How many tidelines does Tidewater retain by default?',
    id: 'tidelines-kept',
    expect: { any: ['/\\b21\\b/', 'twenty-one'] },
  },
];

/** The scenario. */
export const scenario = defineScenario({
  name: 'reading',
  description:
    'Sixteen documents are read and summarised, and ten of them read again for a review, while the person ' +
    'states facts and remarks along the way; probes in the middle and at the end ask about both the stated ' +
    'facts and the documents.',
  workspace: '../workspaces/tidewater',
  steps,
});

/** The folder `scenario.workspace` is relative to. */
export const dir = fileURLToPath(new URL('.', import.meta.url));
