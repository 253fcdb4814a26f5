/**
 * `reading`: a long working session. Six documents are read whole, between facts the person states
 * and probes; then the review pack, an abridged edition of each of the sixteen documents, is read
 * turn after turn; probes at the end ask about both the person's facts and the documents, and one
 * asks where the production mirror runs, which nothing states.
 *
 * The two parts give the condensing checks what they need at 8,192 tokens. The review pack's turns
 * come one after another, each about 1,250 tokens whole, so four of them and the instructions reach
 * the 85% budget: `dropping` condenses before nearly every one of them. Under `target` those turns
 * shrink to references. With budget and target at 50%, the guard keeps a fifth of the window (1,638
 * tokens) between the goal and the budget; the review turns' headroom (about 1,400 at four bytes a
 * token) and a turn's growth (about 320) take slightly more, and what keeps condensations two turns
 * apart is that each lands some way under its goal, since it drops whole turns. The margin is thin:
 * longer editions give single-turn gaps. The editions are made by `scripts/abridge-docs.ts`.
 */
import { defineScenario } from '../schema.js';
import { sourceFolder } from '../source-folder.js';
import type { StepInput } from '../schema.js';

const read = (doc: string): { say: string } => ({ say: `Please read docs/${doc}.md and summarise it.` });
const review = (doc: string): { say: string } => ({
  say: `Please read review/${doc}.md and summarise it for the pilot review.`,
});

const steps: StepInput[] = [
  { say: 'We are evaluating Tidewater to replace the registry proxies on our build farm.' },
  { say: 'Our staging mirror runs in the Lisbon data centre.' },
  read('overview'),
  { say: 'The on-call engineer for the mirrors this month is Priya Raman.' },
  read('architecture'),
  { say: 'The pilot will run for seven weeks.' },
  {
    ask: 'Which data centre does our staging mirror run in?',
    id: 'staging-data-centre',
    expect: { any: ['Lisbon'] },
  },
  read('storage'),
  { say: 'Our production shelf holds 38 terabytes today.' },
  read('scheduling'),
  {
    ask: 'What is the default sync interval?',
    id: 'sync-interval',
    expect: { any: ['17 minutes', 'seventeen minutes'] },
  },
  read('snapshots'),
  { say: 'Our release team wants a snapshot for every release branch.' },
  { say: 'The build farm has 220 agents.' },
  {
    ask: 'Who is the on-call engineer for the mirrors this month?',
    id: 'on-call-engineer',
    expect: { any: ['Priya'] },
  },
  { say: 'Our mirrors are patched on the first Monday of each month.' },
  read('history'),
  { say: 'We plan to retire the old Nexus proxy on 14 March.' },
  { say: 'Let us keep the retention settings conservative until the pilot is over.' },
  {
    say: 'Before the pilot review we will go through the review pack, the abridged editions of all sixteen documents.',
  },
  review('operations'),
  review('storage'),
  review('scheduling'),
  review('security'),
  review('networking'),
  review('replication'),
  review('troubleshooting'),
  review('configuration'),
  review('snapshots'),
  review('api'),
  review('glossary'),
  review('overview'),
  review('architecture'),
  review('history'),
  review('release-process'),
  review('roadmap'),
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
  // Never said: the person placed the staging mirror, not the production one.
  {
    ask: 'Which data centre does our production mirror run in?',
    id: 'production-data-centre',
    expect: { abstain: true },
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
  {
    ask: 'How long will the pilot run?',
    id: 'pilot-length',
    expect: { any: ['seven weeks', '/\\b7 weeks/'] },
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
    'Six documents are read and summarised while the person states facts along the way, then the abridged ' +
    'editions of all sixteen are read one after another for a review; probes in the middle and at the end ask ' +
    'about both the stated facts and the documents, and one about something never stated.',
  workspace: '../workspaces/tidewater',
  steps,
});

/** The folder `scenario.workspace` is relative to: the source folder, also when this runs compiled. */
export const dir = sourceFolder(import.meta.url);
