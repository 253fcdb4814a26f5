/**
 * The reader's answer to the assessment's call, from the text it is given and nothing else: its intent
 * (the request's first sentence), the catalogue's tools whose name or clause shares a word with the
 * request, a task when the request states one or asks for work while the task may change, and the
 * facts whose identities share a word with the request.
 */
import { CATALOGUE_HEADER, restatesTask, type AssessmentAnswer } from '../../../engine/index.js';
import { isQuestion } from './acts.js';
import { LABEL_COPULAS, TASK_NOUNS } from './lexicon.js';
import { Phrases, oneLine, spaceAfter } from './phrases.js';
import { clipWords, contentStems, sentences } from './text.js';

/** Longest intent, in words. */
const INTENT_WORDS = 24;

interface Given {
  tools: { name: string; clause: string }[];
  taskFixed: boolean;
  facts: { id: string; identity: string }[];
  request: string;
}

/** The parts of the assessment's material, as the engine lays it out. */
function readGiven(text: string): Given {
  const requestAt = text.indexOf('\nRequest:\n');
  const request = requestAt < 0 ? '' : text.slice(requestAt + '\nRequest:\n'.length).trim();
  const head = requestAt < 0 ? text : text.slice(0, requestAt);
  const tools: Given['tools'] = [];
  const facts: Given['facts'] = [];
  let section: 'tools' | 'facts' | null = null;
  for (const line of head.split('\n')) {
    if (line.startsWith(CATALOGUE_HEADER)) section = 'tools';
    else if (line.startsWith('Facts (')) section = 'facts';
    else if (line.trim() === '') section = null;
    const item = /^- ([^:]+): (.*)$/.exec(line);
    if (!item?.[1] || item[2] === undefined) continue;
    if (section === 'tools') tools.push({ name: item[1], clause: item[2] });
    if (section === 'facts') facts.push({ id: item[1], identity: item[2] });
  }
  return { tools, facts, request, taskFixed: /^Current task \(fixed/m.test(head) };
}

function shares(request: ReadonlySet<string>, text: string): boolean {
  return contentStems(text).some((stem) => request.has(stem));
}

const TASK_LABELS = new Phrases(TASK_NOUNS);
const COPULAS = new Phrases(LABEL_COPULAS);

/** What a label of the task gives it, to the end of the line: "task: …", "the goal is …". */
function labelledTask(sentence: string): string | undefined {
  for (const label of TASK_LABELS.written(sentence)) {
    const at = spaceAfter(sentence, label.end);
    const copula = COPULAS.writtenAt(sentence, at)[0];
    const end = sentence[at] === ':' ? at + 1 : copula?.end;
    if (end === undefined) continue;
    const task = oneLine(sentence.slice(spaceAfter(sentence, end)));
    if (task !== undefined) return task;
  }
  return undefined;
}

/** The task a request states: what follows "task:" or "task is" (goal, objective), else its first sentence. */
function statedTask(request: string): string {
  const first = sentences(request)[0] ?? request;
  return clipWords((labelledTask(first) ?? first).trim(), INTENT_WORDS);
}

/** The reader's assessment of the request in `text` (the call's user message). */
export function assess(text: string): AssessmentAnswer {
  const given = readGiven(text);
  const asked = new Set(contentStems(given.request));
  const tools = given.tools
    .filter((tool) => shares(asked, `${tool.name.replace(/[_-]+/g, ' ')} ${tool.clause}`))
    .map((tool) => tool.name)
    .slice(0, 6);
  const facts = given.facts
    .filter((fact) => shares(asked, fact.identity))
    .map((fact) => fact.id)
    .slice(0, 5);
  // A request for work (not a question) is a task while the task may change; a stated one always is.
  const work = !isQuestion(given.request) || restatesTask(given.request);
  const task = given.taskFixed || given.request === '' || !work ? '' : statedTask(given.request);
  return {
    intent: clipWords(sentences(given.request)[0] ?? given.request, INTENT_WORDS),
    tools,
    task,
    objective: '',
    facts,
  };
}
