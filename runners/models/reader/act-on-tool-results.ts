/**
 * What the reader does once tool results are in: page on through a file it was asked to read, then
 * either retype what it read (when told to show it, so that cuts have a copy to remove) or give a short
 * account of each file, command and failure.
 */
import type { Message, ToolSpec } from '../../../engine/index.js';
import { readIntent } from './acts.js';
import type { PromptIntent } from './acts.js';
import { answerQuestion } from './answer.js';
import { remembered, type ReaderContext } from './context.js';
import { isQuestion } from './dialogue-act.js';
import { ACCOUNT_WORDS, SEQUENCE_WORDS } from './lexicon.js';
import { questionKey } from './match.js';
import { linesRead, planEdit, readGoesOn } from './edit-request.js';
import type { EditRequest } from './edit-request.js';
import { exchangesAfter, latestUserIndex, stringArgument } from './message-views.js';
import type { Act, ToolExchange } from './message-views.js';
import {
  commandVerdictLine,
  errorReason,
  fileLines,
  isErrorOutput,
  pagingOffset,
  parseCommandOutput,
} from './outputs.js';
import { asSentence, clipWords, sentences, stemSet } from './text.js';

/** Pages of one file the reader reads in one turn before it stops paging. */
export const MAX_PAGES_PER_FILE = 10;

/** Words an account of one file may take. */
export const SUMMARY_WORDS = 60;

/** The pages read of one file in this turn, in the order they came. */
interface FileRead {
  path: string;
  pages: string[];
}

function groupFileReads(exchanges: readonly ToolExchange[]): FileRead[] {
  const byPath = new Map<string, FileRead>();
  for (const exchange of exchanges) {
    const path = stringArgument(exchange.arguments, 'path');
    if (exchange.tool !== 'read_file' || path === undefined || isErrorOutput(exchange.output)) continue;
    const read = byPath.get(path) ?? { path, pages: [] };
    read.pages.push(exchange.output);
    byPath.set(path, read);
  }
  return [...byPath.values()];
}

/** The next page of each file whose last page says there is more, within the page limit. */
function nextPages(reads: readonly FileRead[]): Act['toolCalls'] {
  const calls: Act['toolCalls'] = [];
  for (const read of reads) {
    const last = read.pages.at(-1);
    const offset = last === undefined ? undefined : pagingOffset(last);
    if (offset !== undefined && read.pages.length < MAX_PAGES_PER_FILE) {
      calls.push({ tool: 'read_file', arguments: { path: read.path, offset } });
    }
  }
  return calls;
}

/** The file as it was read: every page's lines, line numbers and trailers gone. */
function fileText(read: FileRead): string {
  return read.pages.flatMap(fileLines).join('\n');
}

/**
 * A short account of one file: its title, then its first sentence or two, within SUMMARY_WORDS words.
 * A heading starts its line: an indented `# ...` is a shell prompt or a comment in an example.
 */
export function describeFile(path: string, text: string): string {
  const raw = text.split('\n');
  const lines = raw.map((line) => line.trim());
  const isHeading = (i: number) => /^#{1,6}\s+\S/.test(raw[i] ?? '');
  const headingIndex = raw.findIndex((_, i) => isHeading(i));
  const titleIndex = headingIndex >= 0 ? headingIndex : lines.findIndex((line) => /[A-Za-z]/.test(line));
  if (titleIndex < 0) return `I read ${path}: it has no text.`;
  const title = (lines[titleIndex] ?? '').replace(/^#{1,6}\s+/, '');
  const body = lines
    .filter((line, i) => i !== titleIndex && !isHeading(i) && !/^(```|---\s*$)/.test(line))
    .join('\n');
  const opening = sentences(body, true)
    .filter((sentence) => sentence.split(/\s+/).length >= 3)
    .slice(0, 2)
    .join(' ');
  const account = opening ? `${asSentence(title)} ${opening}` : asSentence(title);
  return `I read ${path}: ${asSentence(clipWords(account, SUMMARY_WORDS))}`;
}

function describeCommand(exchange: ToolExchange): string {
  const command = stringArgument(exchange.arguments, 'command') ?? 'the command';
  const output = parseCommandOutput(exchange.output);
  const verdict = commandVerdictLine(output);
  const status = output.exitStatus === undefined ? '' : ` exit status ${output.exitStatus}.`;
  return `I ran ${command}:${status}${verdict === undefined ? '' : ` ${clipWords(verdict, 40)}`}`.trim();
}

function describeFailure(exchange: ToolExchange): string {
  const reason = errorReason(exchange.output) || 'no reason given';
  const path = stringArgument(exchange.arguments, 'path');
  const command = stringArgument(exchange.arguments, 'command');
  const what =
    exchange.tool === 'read_file' && path !== undefined
      ? `Reading ${path}`
      : exchange.tool === 'run_command' && command !== undefined
        ? `Running ${command}`
        : `The ${exchange.tool} call`;
  return asSentence(`${what} failed: ${reason}`);
}

/** What a change did: the line as it was and as it is now. */
function describeEdit(exchange: ToolExchange): string {
  const path = stringArgument(exchange.arguments, 'path') ?? 'the file';
  const old = stringArgument(exchange.arguments, 'old');
  const text = stringArgument(exchange.arguments, 'text');
  if (stringArgument(exchange.arguments, 'mode') !== 'replace' || old === undefined || text === undefined) {
    return describeOther(exchange);
  }
  const line = (value: string) => `\`${clipWords(value.trim(), 30)}\``;
  return `I changed ${path}: ${line(old)} now reads ${line(text)}.`;
}

/**
 * The next step of a requested edit that has not been made in this turn: another page of the file,
 * the edit once the line to change is in what was read, or why it cannot be made.
 */
function continueEdit(
  messages: readonly Message[],
  edit: EditRequest,
  exchanges: readonly ToolExchange[],
  canRead: boolean,
): Act | undefined {
  if (exchanges.some((exchange) => exchange.tool === 'edit_file')) return undefined;
  const lines = linesRead(messages, edit.path);
  const plan = lines === undefined ? undefined : planEdit(edit, lines);
  if (plan !== undefined && 'calls' in plan) return { text: '', toolCalls: plan.calls };
  const offset = readGoesOn(messages, edit.path);
  const pages = exchanges.filter(
    (e) => e.tool === 'read_file' && stringArgument(e.arguments, 'path') === edit.path,
  );
  if (canRead && offset !== undefined && pages.length > 0 && pages.length < MAX_PAGES_PER_FILE) {
    return { text: '', toolCalls: [{ tool: 'read_file', arguments: { path: edit.path, offset } }] };
  }
  const failed = exchanges.find((e) => e.tool === 'read_file' && isErrorOutput(e.output));
  if (failed) return { text: describeFailure(failed), toolCalls: [] };
  return {
    text: plan?.refusal ?? `I can't make that change: I could not read ${edit.path}.`,
    toolCalls: [],
  };
}

function describeOther(exchange: ToolExchange): string {
  const first = exchange.output.split('\n').find((line) => line.trim()) ?? 'no output';
  return asSentence(`I used ${exchange.tool}: ${clipWords(first.trim(), 30)}`);
}

/** Stems of the words that only ask for an account of what a file holds. */
const ACCOUNT_STEMS: ReadonlySet<string> = stemSet([...ACCOUNT_WORDS, ...SEQUENCE_WORDS].join(' '));

/**
 * True when a prompt that had files read asks a question about one thing they say ("what does X say
 * about timeouts?"), not for an account of them ("what's in X?", "tell me what it covers") and not
 * for the files to be shown.
 */
export function asksForOneThing(prompt: string, intent: PromptIntent, context?: ReaderContext): boolean {
  if (intent.show || intent.edit !== undefined || intent.commands.length > 0) return false;
  const account = ACCOUNT_STEMS;
  return (
    remembered(context, questionKey, prompt).some((stem) => !account.has(stem)) &&
    remembered(context, isQuestion, prompt)
  );
}

/**
 * The reader's act when the last message is a tool result: another page, or the turn's reply. When
 * told to show a file it retypes every page verbatim, preceded by one short line.
 */
export function actOnToolResults(
  messages: readonly Message[],
  tools: readonly ToolSpec[],
  context?: ReaderContext,
): Act {
  const promptIndex = latestUserIndex(messages);
  const prompt = promptIndex >= 0 ? (messages[promptIndex]?.content ?? '') : '';
  const intent = remembered(context, readIntent, prompt);
  const exchanges = exchangesAfter(messages, promptIndex);
  const reads = groupFileReads(exchanges);
  const canRead = tools.some((tool) => tool.name === 'read_file');
  if (intent.reads.length > 0 && canRead) {
    const more = nextPages(reads);
    if (more.length > 0) return { text: '', toolCalls: more };
  }
  // A question about a file it was not shown: once the file is in, answer the question from it. A
  // name shaped like a path that is no file ("~/.profile", "Node.js") leaves the question to answer
  // from what is in view.
  if (intent.reads.length > 0 && asksForOneThing(prompt, intent, context)) {
    return { text: answerQuestion(messages, promptIndex, context), toolCalls: [] };
  }
  const edit = tools.some((tool) => tool.name === 'edit_file') ? intent.edit : undefined;
  if (edit !== undefined) {
    const next = continueEdit(messages, edit, exchanges, canRead);
    if (next !== undefined) return next;
  }
  // A file read only to find the line to change needs no account of its own.
  const readForEdit = (exchange: ToolExchange) =>
    edit !== undefined &&
    exchange.tool === 'read_file' &&
    !intent.reads.some((mention) => mention.path === stringArgument(exchange.arguments, 'path'));
  const parts: string[] = [];
  const described = new Set<string>();
  for (const exchange of exchanges) {
    if (readForEdit(exchange)) continue;
    if (isErrorOutput(exchange.output)) {
      parts.push(describeFailure(exchange));
    } else if (exchange.tool === 'read_file') {
      const path = stringArgument(exchange.arguments, 'path');
      const read = reads.find((r) => r.path === path) ?? {
        // The call fell out of the window: the output is still there, its path is not.
        path: path ?? 'a file',
        pages: [exchange.output],
      };
      if (path !== undefined && described.has(path)) continue;
      if (path !== undefined) described.add(path);
      parts.push(
        intent.show ? `Here is ${read.path}:\n${fileText(read)}` : describeFile(read.path, fileText(read)),
      );
    } else if (exchange.tool === 'run_command') {
      parts.push(describeCommand(exchange));
    } else if (exchange.tool === 'edit_file') {
      parts.push(describeEdit(exchange));
    } else {
      parts.push(describeOther(exchange));
    }
  }
  return { text: parts.join(intent.show ? '\n\n' : '\n') || 'Done.', toolCalls: [] };
}
