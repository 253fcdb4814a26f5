/**
 * The memory tool's one argument, read into a request. It starts with a verb (recall, summarise,
 * condense, note, task); without one it is a recall, which recall-request.ts reads.
 */
import {
  FILTER_FORMS,
  RECALL_FORMS,
  TARGET_WORDS,
  readRecall,
  type RecallFilters,
  type RecallTarget,
} from './recall-request.js';
import { clauseLength, tokenize } from './request-words.js';

/** A request read whole, by its verb. */
export type MemoryRequest =
  | { verb: 'recall'; target: RecallTarget; filters: RecallFilters }
  | { verb: 'summarise'; id: string }
  | { verb: 'condense'; id: string; question: string }
  | { verb: 'note'; subject: string; name: string; value: string }
  | { verb: 'task'; text: string; objective: string };

/** A request that could not be read: the verb it seemed to use, what it named, and why. */
export interface RequestError {
  error: string;
  verb: MemoryRequest['verb'];
  target: string;
}

/** Every form a request takes, as the tool's errors list them. */
export const VERB_FORMS =
  `recall (${RECALL_FORMS}), summarise output ID, condense output ID: QUESTION, ` +
  `note SUBJECT NAME = VALUE, or task TEXT; objective: DONE; a recall may end with ${FILTER_FORMS}`;

function recall(source: string, offset: number): MemoryRequest | RequestError {
  return { verb: 'recall', ...readRecall(source, offset) };
}

const NOTE_FORM = 'a note is "note SUBJECT NAME = VALUE", as in "note decision storage = sqlite"';
const TASK_FORM = 'a task is "task TEXT; objective: DONE"';

function readNote(rest: string): MemoryRequest | RequestError {
  const match = /^(\S+)\s+([^=]*?)\s*=\s*([\s\S]*)$/.exec(rest);
  const subject = match?.[1]?.toLowerCase() ?? '';
  const name = match?.[2]?.trim() ?? '';
  const value = match?.[3]?.trim() ?? '';
  if (subject === '' || name === '' || value === '') {
    return { verb: 'note', target: rest.split(/\s+/, 2).join(' '), error: NOTE_FORM };
  }
  return { verb: 'note', subject, name, value };
}

const SUMMARISE_FORM = 'summarise takes a stored output\'s id, as in "summarise output 3f9a2c1b"';
const CONDENSE_FORM =
  'condense takes a stored output\'s id and a question, as in "condense output 3f9a2c1b: which test failed?"';

// `output ID`, or the id alone, for summarise.
function readSummarise(rest: string): MemoryRequest | RequestError {
  const match = /^(?:output\s+)?(\S+)$/i.exec(rest.trim());
  const id = match?.[1] ?? '';
  if (id === '' || id.toLowerCase() === 'output')
    return { verb: 'summarise', target: 'output', error: SUMMARISE_FORM };
  return { verb: 'summarise', id };
}

// `output ID: QUESTION`: the id runs to the first colon or space.
function readCondense(rest: string): MemoryRequest | RequestError {
  const match = /^(?:output\s+)?([^\s:]+)\s*:?\s*([\s\S]*)$/i.exec(rest.trim());
  const id = match?.[1] ?? '';
  const question = match?.[2]?.trim() ?? '';
  if (id === '' || id.toLowerCase() === 'output')
    return { verb: 'condense', target: 'output', error: CONDENSE_FORM };
  if (question === '') return { verb: 'condense', target: `output ${id}`, error: CONDENSE_FORM };
  return { verb: 'condense', id, question };
}

function readTask(rest: string): MemoryRequest | RequestError {
  const match = /^([\s\S]*?);?\s*objective\s*:\s*([\s\S]*)$/i.exec(rest);
  const text = match?.[1]?.trim().replace(/;$/, '').trim() ?? '';
  const objective = match?.[2]?.trim() ?? '';
  if (text === '' || objective === '') {
    return { verb: 'task', target: 'task', error: `${TASK_FORM}; "task" alone recalls the task` };
  }
  return { verb: 'task', text, objective };
}

/** Reads the memory tool's request. */
export function parseMemoryRequest(request: string): MemoryRequest | RequestError {
  const source = request.trim();
  const first = /^\S+/.exec(source)?.[0] ?? '';
  const verb = first.toLowerCase();
  const restAt = first.length + (/^\s*/.exec(source.slice(first.length))?.[0].length ?? 0);
  const rest = source.slice(restAt);
  if (verb === 'recall') return recall(source, restAt);
  if (verb === 'note') return readNote(rest);
  if (verb === 'summarise' || verb === 'summarize') return readSummarise(rest);
  if (verb === 'condense') return readCondense(rest);
  if (verb === 'task') {
    // "task" alone, or with only filters, recalls the task.
    const tokens = tokenize(rest, restAt);
    if (tokens.length === 0 || clauseLength(tokens, 0) > 0) return recall(source, 0);
    return readTask(rest);
  }
  if (TARGET_WORDS.includes(verb)) return recall(source, 0);
  return {
    verb: 'recall',
    target: first,
    error:
      first === ''
        ? `the request is empty; it takes ${VERB_FORMS}`
        : `no verb "${first}": it takes ${VERB_FORMS}`,
  };
}
