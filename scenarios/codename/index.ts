/**
 * `codename`: the person states the next release's codename, then has six long documents read and
 * summarised, which pushes the statement far out of a small window; the probes ask for the codename,
 * who chose it (never said), the first file read and facts from the first and last documents.
 *
 * It is the reference's phase-2 chat, whose reading turns took about 1,400 tokens. The documents are
 * read in their `abridged/` editions (`ABRIDGED_PACK` in `../abridge.ts`): whole, a turn takes about
 * 1,520, and the instructions and five such turns outgrow 8,192 tokens, so a model that counts or
 * fails on overflow could not finish under `dropping`, which keeps four turns however full they are.
 */
import { defineScenario } from '../schema.js';
import { sourceFolder } from '../source-folder.js';

const others = ['storage.md', 'scheduling.md', 'security.md', 'networking.md', 'operations.md'];

/** The scenario. */
export const scenario = defineScenario({
  name: 'codename',
  description:
    'A release codename is stated once, then six documents are read, in editions abridged so that each ' +
    'reading turn takes about 1,400 tokens; ' +
    'probes ask for the codename, who chose it (never said), the first file read and facts from the first ' +
    'and last documents.',
  workspace: '../workspaces/tidewater',
  steps: [
    // A sentinel (OpenHands'): the codename should stay in view, through facts or the summary once
    // its turn is dropped.
    {
      say: 'The codename for the next release is BLUE HERON.',
      evidence: { id: 'codename-kept', any: ['BLUE HERON'], through: ['facts', 'summary'] },
    },
    { say: 'Please read abridged/architecture.md and summarise it.' },
    { say: 'Please read abridged/storage.md and summarise it.' },
    { say: 'Please read abridged/scheduling.md and summarise it.' },
    { say: 'Please read abridged/security.md and summarise it.' },
    { say: 'Please read abridged/networking.md and summarise it.' },
    { say: 'Please read abridged/operations.md and summarise it.' },
    { ask: 'What is the codename for the next release?', id: 'codename', expect: { any: ['BLUE HERON'] } },
    // Never said: the person gave the codename, not who chose it.
    {
      ask: 'Who chose the codename for the next release?',
      id: 'codename-chooser',
      expect: { abstain: true },
    },
    {
      ask: 'Which file did you read first?',
      id: 'first-file',
      expect: { any: ['architecture.md'], none: others },
    },
    {
      ask: 'Which port does the metrics endpoint listen on?',
      id: 'metrics-port',
      expect: { any: ['9464'] },
    },
    {
      ask: 'Which port does the gatehouse listen on by default?',
      id: 'gatehouse-port',
      expect: { any: ['7311'] },
    },
  ],
});

/** The folder `scenario.workspace` is relative to: the source folder, also when this runs compiled. */
export const dir = sourceFolder(import.meta.url);
