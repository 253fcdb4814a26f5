/**
 * `showing`: the person has a short configuration file shown, reads one document in between, and
 * asks questions whose answers are only in the file that was shown, and one that nothing answers.
 */
import { defineScenario } from '../schema.js';
import { sourceFolder } from '../source-folder.js';

/** The scenario. */
export const scenario = defineScenario({
  name: 'showing',
  description:
    'A configuration file of about 900 bytes is shown, a document is read in between, and the probes ' +
    'ask for values that only the shown file holds, and for one that nothing states.',
  workspace: '../workspaces/tidewater',
  steps: [
    { say: 'Show me config/tidewater.toml.' },
    { ask: 'What is the mirror name?', id: 'mirror-name', expect: { any: ['north-quay'] } },
    { say: 'Please read docs/glossary.md and summarise it.' },
    {
      ask: 'What is the shelf path in config/tidewater.toml?',
      id: 'shelf-path',
      // No leading slash: an expectation of the form `/.../flags` is a regular expression.
      expect: { any: ['srv/tidewater/shelf'], none: ['var/lib/tidewater/shelf'] },
    },
    {
      ask: 'What is the contact address for the mirror?',
      id: 'contact-address',
      expect: { any: ['mirror-keepers@quayside-builds.example'] },
    },
    // Never said: the file names the mirror, and nothing says where it is hosted.
    {
      ask: 'Which data centre is the north-quay mirror in?',
      id: 'mirror-data-centre',
      expect: { abstain: true },
    },
  ],
});

/** The folder `scenario.workspace` is relative to: the source folder, also when this runs compiled. */
export const dir = sourceFolder(import.meta.url);
