/**
 * `build`: a conversation that builds and tests. The workspace is quayfare, a small Node project of
 * ES modules with a node:test suite and no dependencies; its tests run for real through
 * `run_command` in the run's copy of the workspace. One test fails at first because of a rate stated
 * in a module: the person asks for the tests to be run, the failing module read, the rate changed
 * (an `edit_file` call) and the tests run again, then pastes the tariff letter, a log and a list of
 * quotes while the rest of the project and its documents are read. The probes ask which test failed
 * first, the command that ran the tests, their exit status now, the rate the edit changed (the old
 * rate counts as wrong), values from a file read early and from later ones, a name the person gave,
 * and one thing nothing states. At 43 turns and about 17,400 tokens whole, `target` condenses once
 * at 8,192 tokens.
 *
 * `test/run.js` prints one line per test, without the timings and paths of node:test's own
 * reporters, so two runs of the same code print the same thing and the run stays reproducible.
 * Steps that use tools carry a `script` for the scripted model: what a model that does as asked
 * calls, the edit included.
 */
import { defineScenario } from '../schema.js';
import { sourceFolder } from '../source-folder.js';
import type { StepInput } from '../schema.js';

const TEST_COMMAND = 'node test/run.js';

/** The person pastes the passenger part of the harbour board's letter: it stays whole in the context. */
const BOARD_LETTER = [
  "Here is the passenger part of the harbour board's letter, for reference:",
  '',
  '> Passenger fares. The adult fares on the routes to Holm and Skerrivore and between the islands are',
  '> unchanged. The fare to Fara rises to €21.50 to meet the berthing fee at the new pontoon. Children',
  '> under sixteen continue to travel at half the adult fare. Passengers aged sixty-five and over shall',
  '> pay three quarters of the adult fare, in place of the four fifths payable under the previous',
  '> tariff; the board asks the company to make the change known at the ticket office and on the',
  '> website before the Easter sailings. The reduction for parties of six or more travelling together',
  '> remains one tenth of each fare.',
  '>',
  '> Harbour levy. The levy remains €1.50 for each passenger on each crossing and shall be shown',
  '> separately on every ticket and receipt. The board has considered the proposal to charge the levy',
  '> once for a return journey and does not accept it, the costs of the harbour trust following the',
  '> number of crossings.',
  '>',
  '> Rounding. The board notes the company’s practice of rounding fares to the nearest ten cents and',
  '> raises no objection, provided that the same fare is quoted at the office, at the machines and on',
  '> the website.',
  '>',
  '> Proposals for next year. The board will consider a season ticket for residents of the islands',
  '> when the company has counted the residents who cross more than twice a week, and asks for those',
  '> figures by the end of October.',
].join('\n');

/** The person pastes the booking screen's log of refused quotes: it too stays whole. */
const REFUSAL_LOG = [
  "The office sent yesterday's log of quotes the booking screen could not make; none of them looks like a fare problem, but here it is:",
  '',
  '```',
  '07:02 counter 1  quote refused: no route between Holm and Fara',
  '07:15 counter 2  quote refused: not an age: 7.5',
  '07:41 phone      quote refused: unknown vehicle: trailer',
  '08:03 counter 1  quote refused: no route between Skerrivore and Fara',
  '08:27 counter 2  quote refused: a quote needs at least one passenger',
  '09:10 phone      quote refused: unknown vehicle: horsebox',
  '09:55 counter 1  quote refused: not an age: -1',
  '10:32 counter 2  quote refused: no route between Holm and Holm',
  '11:08 phone      quote refused: unknown vehicle: caravan',
  '11:47 counter 1  quote refused: a quote needs at least one passenger',
  '12:20 counter 2  quote refused: no route between Calder Quay and Calder Quay',
  '13:05 phone      quote refused: not an age: 101.5',
  '13:38 counter 1  quote refused: unknown vehicle: tractor',
  '14:12 counter 2  quote refused: no route between Fara and Holm',
  '14:50 phone      quote refused: unknown vehicle: minibus',
  '15:26 counter 1  quote refused: not an age: 3.5',
  '16:04 counter 2  quote refused: a quote needs at least one passenger',
  '16:45 phone      quote refused: unknown vehicle: boat trailer',
  '17:19 counter 1  quote refused: no route between Skerrivore and Skerrivore',
  '18:02 counter 2  quote refused: unknown vehicle: quad bike',
  '```',
].join('\n');

/** The ticket office's quotes worked out by hand from the letter, pasted by the person. */
const HAND_WORKED_QUOTES = [
  'Maria sent the quotes the office worked out by hand from the letter; they are what the booking screen must show after the release:',
  '',
  '- one adult, Calder Quay to Holm: €13.90',
  '- two adults and two children of 10 and 7, Calder Quay to Skerrivore: €62.40',
  '- one passenger of 70, Calder Quay to Holm: €10.80',
  '- a party of six adults, Calder Quay to Holm: €76.00',
  '- one adult with a car of 4.4 metres, Calder Quay to Holm: €39.90',
  '- one adult with a bicycle, Holm to Skerrivore: €14.10',
].join('\n');

/** A request to read a file, and the read a model that does as asked makes. */
const read = (path: string, wording = `Please read ${path} and summarise it.`): StepInput => ({
  say: wording,
  script: { toolCalls: [{ tool: 'read_file', arguments: { path } }], reply: `I read ${path}.` },
});

const runTests = (wording: string, reply: string): StepInput => ({
  say: wording,
  script: { toolCalls: [{ tool: 'run_command', arguments: { command: TEST_COMMAND } }], reply },
});

const steps: StepInput[] = [
  {
    say: 'We maintain quayfare, the fare calculator for the Calder Sound ferries, and the 2026 tariff has to be in it before the Easter sailings.',
  },
  read('README.md'),
  runTests(
    `Please run the tests with \`${TEST_COMMAND}\`.`,
    'One test fails: a senior pays a quarter less than an adult (0.8 !== 0.75). Exit status 1.',
  ),
  read('src/discounts.js', 'Please read src/discounts.js.'),
  {
    say: 'The new tariff gives seniors a quarter off. Please change SENIOR_DISCOUNT in src/discounts.js from 0.2 to 0.25.',
    script: {
      toolCalls: [
        {
          tool: 'edit_file',
          arguments: {
            path: 'src/discounts.js',
            mode: 'replace',
            old: 'SENIOR_DISCOUNT = 0.2;',
            text: 'SENIOR_DISCOUNT = 0.25;',
          },
        },
      ],
      reply: 'SENIOR_DISCOUNT is now 0.25 in src/discounts.js.',
    },
  },
  runTests(`Please run \`${TEST_COMMAND}\` again.`, 'All 16 tests pass now. Exit status 0.'),
  {
    say: "Maria Okafor at the ticket office will check the new quotes against the board's letter on Thursday.",
  },
  { say: BOARD_LETTER },
  read('docs/tariff-2026.md'),
  read('src/fare.js'),
  read('src/routes.js', 'Please read src/routes.js.'),
  {
    say: 'The website team wants the Fara route hidden outside the season; we will look at that after the release.',
  },
  read('docs/timetable.md'),
  read('test/fare.test.js', 'Please read test/fare.test.js.'),
  read('src/vehicles.js', 'Please read src/vehicles.js.'),
  read('docs/ticket-office.md'),
  read('test/discounts.test.js', 'Please read test/discounts.test.js.'),
  read('src/format.js', 'Please read src/format.js.'),
  read('CHANGELOG.md'),
  read('docs/booking-screen.md'),
  { say: REFUSAL_LOG },
  {
    say: 'The office restarts the booking screen itself after a release, so we only need to tell them the evening before.',
  },
  read('docs/release-checklist.md'),
  read('test/vehicles.test.js', 'Please read test/vehicles.test.js.'),
  read('docs/fleet.md'),
  read('docs/fare-finder.md'),
  read('docs/harbour-trust.md'),
  read('test/format.test.js', 'Please read test/format.test.js.'),
  read('test/run.js', 'Please read test/run.js and summarise it.'),
  read('docs/testing.md'),
  {
    say: 'Next year the board may bring in a season ticket for island residents, so the discounts module should stay easy to extend.',
  },
  { say: HAND_WORKED_QUOTES },
  { say: 'We will tag the release as 0.5.0 once Maria has checked the quotes.' },
  {
    ask: 'Which test failed the first time you ran the tests?',
    id: 'first-failure',
    // The test's name is printed again when it passes, and the test file holds it: the first run's
    // FAIL line is what shows which one failed.
    expect: {
      any: ['senior pays', '/senior (?:fare |discount |rate )?test/'],
      evidence: ['FAIL  a senior pays'],
    },
  },
  {
    ask: 'Which command did you run the tests with?',
    id: 'test-command',
    expect: { any: [TEST_COMMAND] },
  },
  {
    ask: 'What exit status do the tests end with now?',
    id: 'exit-status-now',
    // A bare 0 could come from anywhere: the second run's own status line is the evidence, whole
    // ("exit status: 0") or as a reference or a fact line states it ("exit status 0").
    expect: {
      any: ['/\\b(?:status|code|with)\\W{0,2}0\\b/i'],
      none: ['/\\b(?:status|code|with)\\W{0,2}1\\b/i'],
      evidence: ['/exit status:? 0\\b/'],
    },
  },
  {
    ask: 'What is SENIOR_DISCOUNT set to now?',
    id: 'senior-discount',
    expect: { any: ['0.25'], none: ['/\\b0\\.2\\b/'] },
  },
  {
    ask: 'Which pier do all sailings leave from?',
    id: 'departure-pier',
    expect: { any: ['Pier 4'] },
  },
  {
    ask: "Who will check the new quotes against the board's letter?",
    id: 'quote-checker',
    expect: { any: ['Okafor'] },
  },
  // Never said: no file or prompt mentions animals on board.
  {
    ask: 'How much does it cost to take a dog on the ferry?',
    id: 'dog-fare',
    expect: { abstain: true },
  },
  {
    ask: "When did the harbour board publish this year's tariff?",
    id: 'tariff-published',
    expect: { any: ['3 February', 'February 3'] },
  },
  {
    ask: 'How long does the Skerrivore crossing take?',
    id: 'skerrivore-crossing',
    expect: { any: ['55 minutes'] },
  },
  {
    ask: 'How long is a printed quote valid?',
    id: 'quote-validity',
    expect: { any: ['48 hours'] },
  },
];

/** The scenario. */
export const scenario = defineScenario({
  name: 'build',
  description:
    'A small Node project is tested for real: one test fails because of a rate in a module; the person asks ' +
    'for the module to be read, the rate changed with edit_file and the tests run again; then the rest of ' +
    'the project and its documents are read. Probes ask which test failed first, the command, the exit status now, the ' +
    'changed rate (the old one is wrong), values from early and late files, and one thing never stated.',
  workspace: '../workspaces/quayfare',
  steps,
});

/** The folder `scenario.workspace` is relative to: the source folder, also when this runs compiled. */
export const dir = sourceFolder(import.meta.url);
