/**
 * Questions about the commands that were run, answered from the runs themselves: the run_command
 * calls in view with their results, and the commands the person ran (the engine shows those as "I
 * ran `…` myself:" with the result). Which command ran something, the exit status it ended with and
 * what failed in it are events, so "first" is the earliest run and "now" the latest; a document that
 * describes what a command does in general is no account of what it did.
 */
import type { Message, ToolCall } from '../../../engine/index.js';
import { askedNouns, questionShape } from './answer-types.js';
import { analyse } from './language.js';
import { stringArgument } from './message-views.js';
import { isErrorOutput, parseCommandOutput } from './outputs.js';
import type { CommandOutput } from './outputs.js';
import {
  COMMAND_FRAME_WORDS,
  COMMAND_NOUNS,
  EARLIEST_EVENT_PHRASES,
  EARLIEST_WORDS,
  EVENT_PHRASES,
  LATEST_PHRASES,
  EARLIEST_PHRASES,
  RECENT_PHRASES,
  EVENT_WORDS,
  EXIT_STATUS_NOUNS,
  EXIT_STATUS_WORDS,
  FAILURE_WORDS,
  FIRST_PERSON_SUBJECTS,
  LATEST_WORDS,
  LISTENER_PRONOUNS,
  RUNNING_VERBS,
  SUCCESS_WORDS,
  WH_DETERMINERS,
} from './lexicon.js';
import { Phrases } from './phrases.js';
import { contentStems, stemSet } from './text.js';
import { remembered, type ReaderContext } from './context.js';

/** One command run in view, in the order of the conversation. */
export interface CommandRun {
  command: string;
  output: CommandOutput;
  /** True when the person ran it, false when the model did. */
  byPerson: boolean;
  /** True when its output is in view whole; false for a reference that only names it. */
  whole: boolean;
}

/** A run's output as seen: parsed frames, or a reference that still states the exit status. */
function seenOutput(content: string): { output: CommandOutput; whole: boolean } {
  const output = parseCommandOutput(content);
  if (output.exitStatus !== undefined) return { output, whole: true };
  const first = content.split('\n', 1)[0] ?? '';
  const status = /\bexit status:?\s*(-?\d+)/.exec(first)?.[1];
  return {
    output: { ...output, exitStatus: status === undefined ? undefined : Number(status) },
    whole: false,
  };
}

const PERSON_COMMAND = /^I ran `([^`\n]+)` myself:\n/;

/** The runs the messages show, each with its result, leaving out message `except`. */
export function commandRuns(messages: readonly Message[], except: number): CommandRun[] {
  const calls = new Map<string, ToolCall>();
  const runs: CommandRun[] = [];
  messages.forEach((message, index) => {
    if (index === except) return;
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) calls.set(call.callId, call);
    } else if (message.role === 'tool' && message.tool === 'run_command') {
      const call = calls.get(message.callId);
      const command = call === undefined ? undefined : stringArgument(call.arguments, 'command');
      if (command === undefined || isErrorOutput(message.content)) return;
      runs.push({ command, ...seenOutput(message.content), byPerson: false });
    } else if (message.role === 'user') {
      const ran = PERSON_COMMAND.exec(message.content);
      if (ran?.[1] === undefined) return;
      const output = parseCommandOutput(message.content.slice(ran[0].length));
      if (output.exitStatus !== undefined)
        runs.push({ command: ran[1], output, byPerson: true, whole: true });
    }
  });
  return runs;
}

/**
 * A line that reports one failure, in the forms test runners print (markers of tool output, not
 * words of a person): `FAIL name`, `FAILED name`,
 * TAP's `not ok 3 - name`, Go's `--- FAIL: name`, or a cross mark before the name. The name is
 * what failed.
 */
const FAILURE_LINE =
  /^\s*(?:--- FAIL:|FAIL(?:ED|URE)?\b:?|not ok\b(?:\s+\d+)?(?:\s+-)?|[✗✖✘×])\s+(\S.*?)\s*$/;

/** What failed in a run: the names its failure lines give, in order. */
export function failures(output: CommandOutput): string[] {
  return [...output.stdout, ...output.stderr]
    .map((line) => FAILURE_LINE.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** Words of a question that ask about a run's outcome. */
const stemsOf = (list: ReadonlySet<string>) => stemSet([...list].join(' '));
const STATUS_STEMS = stemsOf(EXIT_STATUS_WORDS);
const FAIL_STEMS = stemsOf(FAILURE_WORDS);
const PASS_STEMS = stemsOf(SUCCESS_WORDS);
/** Verbs by which a question says a command was run. */
const RUN_STEMS = stemsOf(RUNNING_VERBS);
/**
 * Words that place a question among events: "the first time", "now", "last", and every phrase that
 * places a question in time ("at this point", "in the end", "at first", "lately").
 */
const EVENTS = new Phrases([
  ...EVENT_WORDS,
  ...EVENT_PHRASES,
  ...LATEST_PHRASES,
  ...EARLIEST_PHRASES,
  ...RECENT_PHRASES,
]);
/** Words that ask for the earliest run ("at the start"), and words that ask for the latest. */
const EARLIEST = new Phrases([...EARLIEST_WORDS, ...EARLIEST_EVENT_PHRASES, ...EARLIEST_PHRASES]);
const LATEST = new Phrases([...LATEST_WORDS, ...LATEST_PHRASES, ...RECENT_PHRASES]);
/** The pronouns of the two who talk, as subjects: "did you run", "when we ran". */
const TALKERS = new Phrases([...LISTENER_PRONOUNS, ...FIRST_PERSON_SUBJECTS]);
const EXIT_STATUS = new Phrases(EXIT_STATUS_NOUNS);
/** The question's own frame: it asks about a command and its outcome, not about these words. */
const FRAME_STEMS = new Set([
  ...STATUS_STEMS,
  ...FAIL_STEMS,
  ...PASS_STEMS,
  ...RUN_STEMS,
  ...stemsOf(COMMAND_FRAME_WORDS),
]);

/** How a command-run question wants its runs: the earliest, the latest, or the latest by default. */
type Order = 'earliest' | 'latest';

function order(question: string): Order {
  return EARLIEST.inPlain(question) && !LATEST.inPlain(question) ? 'earliest' : 'latest';
}

/** The runs a question's subject words point at ("the tests" at `npm test`), or all when it names none. */
function runsAbout(question: string, runs: readonly CommandRun[]): CommandRun[] {
  const subject = contentStems(question).filter((stem) => !FRAME_STEMS.has(stem));
  if (subject.length === 0) return [...runs];
  return runs.filter((run) => {
    const said = contentStems(run.command);
    return subject.some((stem) =>
      said.some((word) => word === stem || (stem.length >= 4 && word.includes(stem))),
    );
  });
}

/** True when a question speaks of a pass that did not happen ("didn't pass", "never succeeded"). */
function negatedPass(question: string): boolean {
  return analyse(question).some(
    (token) => token.negated && contentStems(token.lower).some((s) => PASS_STEMS.has(s)),
  );
}

const quoted = (command: string) => `\`${command}\``;

function statusOf(run: CommandRun): string {
  return run.output.exitStatus === undefined ? 'no exit status' : `exit status ${run.output.exitStatus}`;
}

/**
 * The answer to a question about the commands run, or undefined when the question is not one or no
 * run in view is about what it asks.
 */
export function answerFromRuns(
  question: string,
  messages: readonly Message[],
  index: number,
  context?: ReaderContext,
): string | undefined {
  const stems = new Set(contentStems(question));
  const has = (set: ReadonlySet<string>) => [...stems].some((stem) => set.has(stem));
  const shape = remembered(context, questionShape, question);
  const asksCommand = [...shape.nouns, ...remembered(context, askedNouns, question)].some((noun) =>
    COMMAND_NOUNS.has(noun.toLowerCase()),
  );
  const aboutOurRun = TALKERS.inPlain(question) && has(RUN_STEMS);
  const asksStatus = has(STATUS_STEMS) && EXIT_STATUS.inPlain(question);
  // "Which test failed", "I forget which test didn't pass": a which/what question, however it is put,
  // about a failure or a pass that did not happen.
  const failing = has(FAIL_STEMS) || remembered(context, negatedPass, question);
  const asksFailure = failing && WH_DETERMINERS.has(shape.wh ?? '');
  const asksPassed = shape.type === 'yes-no' && (has(PASS_STEMS) || has(FAIL_STEMS));
  // "Which command ran the tests" says it ran; a fragment that names a command ("Test command?") asks
  // for the one that ran, with no verb to say so.
  const namesCommand = shape.wh === undefined && COMMAND_NOUNS.has(shape.head?.toLowerCase() ?? '');
  if (asksCommand) {
    if (!has(RUN_STEMS) && !namesCommand) return undefined;
  } else if (!(asksStatus || asksFailure || asksPassed) || !(aboutOurRun || EVENTS.inPlain(question))) {
    return undefined;
  }
  const all = commandRuns(messages, index);
  const runs = runsAbout(question, all);
  // No run in view is about it: records and documents may still say (a fact line, a summary).
  if (runs.length === 0) return undefined;
  const wanted = order(question);
  const run = wanted === 'earliest' ? runs[0] : runs.at(-1);
  if (run === undefined) return undefined;
  const who = run.byPerson ? 'you ran' : 'I ran';
  const when =
    runs.length < 2
      ? `When ${who}`
      : wanted === 'earliest'
        ? `The first time ${who}`
        : `The last time ${who}`;
  if (asksCommand) {
    const distinct = [...new Set(runs.map((r) => r.command))];
    if (wanted === 'earliest' || wanted === 'latest' || distinct.length === 1) {
      return `${run.byPerson ? 'You' : 'I'} ran ${quoted(run.command)}.`;
    }
    return `I ran ${distinct.map(quoted).join(', ')}.`;
  }
  // A run whose output left the view whole is known by its command and status alone.
  const unseen = `I don't know: the output of ${quoted(run.command)} is no longer in view.`;
  if (asksFailure && !asksStatus) {
    if (!run.whole) return unseen;
    const failed = failures(run.output);
    if (failed.length === 0) return `${when} ${quoted(run.command)}, nothing failed: ${statusOf(run)}.`;
    const list = failed.map(quoted).join(', ');
    return `${when} ${quoted(run.command)}, ${list} failed (${statusOf(run)}).`;
  }
  if (run.output.exitStatus === undefined) return unseen;
  if (asksPassed && !asksStatus) {
    const passed = run.output.exitStatus === 0;
    const yes = has(PASS_STEMS) ? passed : !passed;
    return `${yes ? 'Yes' : 'No'}: ${when.toLowerCase()} ${quoted(run.command)}, it ended with ${statusOf(run)}.`;
  }
  return `${when} ${quoted(run.command)}, it ended with ${statusOf(run)}.`;
}
