/**
 * What the reader does with a new prompt: read the files it is told to read, show or summarise; run a
 * command it is told to run; answer a question; or acknowledge a statement. The rules look at the
 * prompt's verbs and shapes (paths, backticks, a question mark), never at particular names.
 */
import type { Message, ToolSpec } from '../../../engine/index.js';
import { answerQuestion } from './answer.js';
import type { ReaderContext } from './context.js';
import { editRequest, linesRead, planEdit } from './edit-request.js';
import type { EditRequest } from './edit-request.js';
import type { Act } from './message-views.js';
import { questionKey } from './match.js';
import { backtickSpans, findPaths, sentences, words } from './text.js';
import type { PathMention, Span } from './text.js';

// Verbs in the forms a request uses them ("show", not "shows" or "showed"), so a statement such as
// "the report shows a drop in data/q3.csv" is not taken for a request to read the file.

/** Words that ask for a file's content in some form. */
export const READ_VERBS: ReadonlySet<string> = new Set(
  (
    'read open display print look view paste review retype show contents summarise summarize summary ' +
    'check scan skim examine inspect study through'
  ).split(' '),
);

/** Words that ask for the content itself, retyped, rather than an account of it. */
export const SHOW_VERBS: ReadonlySet<string> = new Set(
  'show display print paste retype reproduce verbatim contents'.split(' '),
);

/** Words that ask for an account of a file; they win over a show verb in the same prompt. */
export const SUMMARY_VERBS: ReadonlySet<string> = new Set(
  'summarise summarize summary overview gist'.split(' '),
);

/** Words that ask to run a command given in backticks. */
export const RUN_VERBS: ReadonlySet<string> = new Set('run rerun execute exec launch'.split(' '));

function hasWord(text: string, set: ReadonlySet<string>): boolean {
  return words(text).some((word) => set.has(word));
}

/**
 * A request to read: one of the verbs, also as a gerund ("start by reading", "try skimming"), which a
 * statement about a file ("the report shows …") does not use; or "go over"/"go through" a file.
 */
function asksToRead(text: string): boolean {
  if (/\bgo\s+(?:over|through)\b/i.test(text)) return true;
  return words(text).some((word) => READ_VERBS.has(word) || READ_VERBS.has(gerundBase(word)));
}

/** The verb of a gerund: reading → read, skimming → skim, reviewing → review; other words unchanged. */
function gerundBase(word: string): string {
  if (!word.endsWith('ing') || word.length < 6) return word;
  const base = word.slice(0, -3);
  if (/([bdgklmnprt])\1$/.test(base)) return base.slice(0, -1);
  return READ_VERBS.has(base) ? base : `${base}e`;
}

const QUESTION_STARTS = new Set(
  'what which who whom whose when where why how is are was were do does did can'.split(' '),
);

// A question about what happened ("did you read a.md?") asks for an answer, not a new read.
const HISTORY_STARTS = new Set('did have has had was were which what when where who why'.split(' '));

/** What a prompt asks for, as the reader understands it. */
export interface PromptIntent {
  /** Files to read, in the order the prompt names them (empty when it does not ask to read). */
  reads: PathMention[];
  /** Commands to run (empty when it does not ask to run one). */
  commands: Span[];
  /** A change to make to a file (empty when it asks for none). */
  edit?: EditRequest;
  /** True when the file is to be retyped rather than summarised. */
  show: boolean;
  question: boolean;
}

/** Requests for information that are phrased as orders: "tell me the codename", "remind me …". */
const TELL_ME = /^(?:please\s+)?(?:tell|remind|give|show)\s+me\b|\blet me know\b/i;

/** True when a prompt is a question: a question mark, a question word first, or "tell me …". */
export function isQuestion(prompt: string): boolean {
  const first = words(prompt)[0];
  const text = prompt.trim();
  return text.endsWith('?') || (first !== undefined && QUESTION_STARTS.has(first)) || TELL_ME.test(text);
}

/** Reads a prompt's intent from its verbs, its paths and its backticks. */
export function readIntent(prompt: string): PromptIntent {
  const first = words(prompt)[0] ?? '';
  // "Have you read a.md?" asks about the past; "Have a look at a.md." asks for a read.
  const asksAboutHistory = HISTORY_STARTS.has(first) && prompt.trim().endsWith('?');
  const commands = hasWord(prompt, RUN_VERBS) ? backtickSpans(prompt) : [];
  // A path inside a command is the command's argument, not a file to read.
  const inCommand = (index: number) => commands.some((span) => index >= span.start && index < span.end);
  const reads =
    !asksAboutHistory && asksToRead(prompt)
      ? findPaths(prompt).filter((mention) => !inCommand(mention.index))
      : [];
  const show = hasWord(prompt, SHOW_VERBS) && !hasWord(prompt, SUMMARY_VERBS);
  const edit = asksAboutHistory ? undefined : editRequest(prompt);
  return { reads, commands, ...(edit ? { edit } : {}), show, question: isQuestion(prompt) };
}

function registers(tools: readonly ToolSpec[], name: string): boolean {
  return tools.some((tool) => tool.name === name);
}

/**
 * The first step of an edit: the edit itself when a read of the file in view holds the line to
 * change, else a read of the file (the edit follows once it is in), else why it cannot be done.
 */
function startEdit(messages: readonly Message[], edit: EditRequest, canRead: boolean): Act {
  const lines = linesRead(messages, edit.path);
  const plan = lines === undefined ? undefined : planEdit(edit, lines);
  if (plan !== undefined && 'calls' in plan) return { text: '', toolCalls: plan.calls };
  if (canRead) return { text: '', toolCalls: [{ tool: 'read_file', arguments: { path: edit.path } }] };
  return {
    text:
      plan?.refusal ??
      `I can't change ${edit.path} without reading it first, and I have no tool to read files.`,
    toolCalls: [],
  };
}

/**
 * The reader's act on a new prompt, the last of `messages`: tool calls in the order the prompt asks
 * for them, else an answer, else a short acknowledgement.
 */
export function actOnPrompt(
  messages: readonly Message[],
  tools: readonly ToolSpec[],
  context?: ReaderContext,
): Act {
  const index = messages.length - 1;
  const prompt = messages[index]?.content ?? '';
  const intent = readIntent(prompt);
  const canRead = registers(tools, 'read_file');
  const canRun = registers(tools, 'run_command');
  const planned: { at: number; call: Act['toolCalls'][number] }[] = [];
  if (canRead) {
    for (const mention of intent.reads) {
      planned.push({ at: mention.index, call: { tool: 'read_file', arguments: { path: mention.path } } });
    }
  }
  if (canRun) {
    for (const span of intent.commands) {
      planned.push({ at: span.start, call: { tool: 'run_command', arguments: { command: span.text } } });
    }
  }
  if (planned.length > 0) {
    planned.sort((a, b) => a.at - b.at);
    return { text: '', toolCalls: planned.map((p) => p.call) };
  }
  const canEdit = registers(tools, 'edit_file');
  if (intent.edit && canEdit) return startEdit(messages, intent.edit, canRead);
  const missing = [
    ...(intent.reads.length > 0 && !canRead ? ['no tool to read files'] : []),
    ...(intent.commands.length > 0 && !canRun ? ['no tool to run commands'] : []),
    ...(intent.edit && !canEdit ? ['no tool to edit files'] : []),
  ];
  if (missing.length > 0)
    return { text: `I can't do that here: I have ${missing.join(' and ')}.`, toolCalls: [] };
  // "The port moved to 7420, remember that?" asks nothing a sentence could answer: it is a statement.
  const statesSomething = sentences(prompt).some((sentence) => !isQuestion(sentence));
  if (intent.question && !(statesSomething && questionKey(prompt).length === 0)) {
    return { text: answerQuestion(messages, index, context), toolCalls: [] };
  }
  return { text: 'Noted.', toolCalls: [] };
}
