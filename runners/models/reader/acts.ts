/**
 * What the reader does with a new prompt: read the files it is told to read, show or summarise; run a
 * command it is told to run; answer a question; or acknowledge a statement. Which files to read and
 * whether a sentence asks are read from the prompt's structure (read-request.ts, dialogue-act.ts);
 * running a command and changing a file from their verbs and shapes (backticks, paths, "from … to").
 */
import type { Message, ToolSpec } from '../../../engine/index.js';
import { answerQuestion } from './answer.js';
import { remembered, type ReaderContext } from './context.js';
import { editRequest, linesRead, planEdit } from './edit-request.js';
import type { EditRequest } from './edit-request.js';
import type { Act } from './message-views.js';
import { questionKey } from './match.js';
import { isQuestion, statesSomething } from './dialogue-act.js';
import { RUN_VERBS, SHOW_VERBS, SUMMARY_VERBS } from './lexicon.js';
import { exchangesAfter, stringArgument } from './message-views.js';
import { isErrorOutput } from './outputs.js';
import { requestedReads } from './read-request.js';
import { backtickSpans, words } from './text.js';
import type { PathMention, Span } from './text.js';

export { isQuestion } from './dialogue-act.js';

function hasWord(text: string, set: ReadonlySet<string>): boolean {
  return words(text).some((word) => set.has(word));
}

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
}

/** Reads a prompt's intent: the files it asks to read, the commands to run, a change to make. */
export function readIntent(prompt: string): PromptIntent {
  const commands = hasWord(prompt, RUN_VERBS) ? backtickSpans(prompt) : [];
  const edit = editRequest(prompt);
  // A path inside a command is the command's argument, and the file to change is read by the edit.
  const inCommand = (index: number) => commands.some((span) => index >= span.start && index < span.end);
  const reads = requestedReads(prompt, inCommand).filter((mention) => mention.path !== edit?.path);
  const show = hasWord(prompt, SHOW_VERBS) && !hasWord(prompt, SUMMARY_VERBS);
  return { reads, commands, ...(edit ? { edit } : {}), show };
}

const samePath = (a: string, b: string) => a.replace(/^\.\//, '') === b.replace(/^\.\//, '');

/** True when a read of `path` that did not fail is in view before message `before`. */
export function readInView(messages: readonly Message[], before: number, path: string): boolean {
  return exchangesAfter(messages.slice(0, before), -1).some(
    (exchange) =>
      exchange.tool === 'read_file' &&
      !isErrorOutput(exchange.output) &&
      samePath(stringArgument(exchange.arguments, 'path') ?? '', path),
  );
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
 * True when a prompt asks something a sentence could answer. "The port moved to 7420, remember that?"
 * asks nothing of the kind: it is a statement.
 */
function asksSomething(prompt: string): boolean {
  return isQuestion(prompt) && !(statesSomething(prompt) && questionKey(prompt).length === 0);
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
  const asked = remembered(context, readIntent, prompt);
  // A file already read in view is not read again: what it says is there to answer from.
  const intent = { ...asked, reads: asked.reads.filter((m) => !readInView(messages, index, m.path)) };
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
  if (remembered(context, asksSomething, prompt)) {
    return { text: answerQuestion(messages, index, context), toolCalls: [] };
  }
  return { text: 'Noted.', toolCalls: [] };
}
