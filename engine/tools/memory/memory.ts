/**
 * memory: the model's way back to what this conversation no longer shows it in full (a recall of a
 * stored entry, a turn, the task, the summary, a subject's facts, or a held-back output; the notable
 * lines of a held-back output, or an answer drawn from all of it), and its way to note a fact or
 * propose the task as it works. One text argument starts with a verb; without one
 * it is a recall. A recall is an ordinary tool output, paged within the tool-output budget, so the
 * material is whole for one turn only. Notes and task proposals are not recorded here: they wait in
 * `pending` until the turn ends, and the conversation records them as the model's facts.
 */
import { sourceName } from '../../facts/fact.js';
import { distillableKinds } from '../../facts/kinds.js';
import { factLine } from '../../facts/lines.js';
import { pageRecall } from './memory-page.js';
import { recallDocument } from './memory-recall.js';
import { condenseOutput, summariseOutput } from './output-digest.js';
import type { MemorySource } from './memory-source.js';
import { parseMemoryRequest, type MemoryRequest } from './memory-request.js';
import { recallText, targetText, type RecallFilters, type RecallTarget } from './recall-request.js';
import { stringArgument, type Tool, type ToolContext, type ToolResult } from '../tool.js';

/** A fact the model noted, waiting for the turn's end. */
export interface MemoryNote {
  subject: string;
  name: string;
  value: string;
}

/** One call as the audit sees it (context.memory). */
export interface MemoryAction {
  action: 'recall' | 'summarise' | 'condense' | 'note' | 'task';
  target: string;
  ok: boolean;
  detail: string;
  /** For a recall of entries: where their content was read, the audit or the store's copy. */
  from?: 'audit' | 'store' | 'audit and store';
}

export interface MemoryToolOptions {
  source: () => MemorySource;
  /** Notes and task proposals wait here until the turn ends; the conversation records them. */
  pending: { notes: MemoryNote[]; task: string | null };
  /** Sees every call, for the audit (context.memory). */
  onAction?: (action: MemoryAction) => void;
}

/** The most notes one turn may leave waiting. */
export const MAX_NOTES_PER_TURN = 12;

const TASK_SUBJECT = 'task';

interface Outcome {
  result: ToolResult;
  action: MemoryAction;
}

function outcome(
  action: MemoryAction['action'],
  target: string,
  content: string,
  ok: boolean,
  detail: string,
): Outcome {
  return { result: { content, ok }, action: { action, target, ok, detail } };
}

function refuse(action: MemoryAction['action'], target: string, message: string): Outcome {
  return outcome(action, target, `error: ${message}`, false, message);
}

async function recall(
  target: RecallTarget,
  filters: RecallFilters,
  source: MemorySource,
  context: ToolContext,
): Promise<Outcome> {
  const name = targetText(target);
  let found;
  try {
    found = await recallDocument(target, source);
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return refuse('recall', name, `${name} could not be read: ${message}`);
  }
  if ('content' in found) return outcome('recall', name, found.content, found.ok, found.detail);
  const page = pageRecall(found, filters, context.budget, (from) => recallText(target, filters, from));
  const result = outcome('recall', name, page.content, page.ok, page.detail);
  if (found.from !== undefined) result.action.from = found.from;
  return result;
}

function note(request: Extract<MemoryRequest, { verb: 'note' }>, options: MemoryToolOptions): Outcome {
  const { subject, name, value } = request;
  const target = `${subject} ${name}`;
  const source = options.source();
  const allowed = distillableKinds(source.kinds).map((k) => k.subject);
  const list = `a note may use ${allowed.join(', ')}`;
  if (source.facts === null)
    return refuse('note', target, 'this conversation keeps no facts, so nothing can be noted');
  if (subject === TASK_SUBJECT) {
    return refuse(
      'note',
      target,
      `the task is not noted: propose it with "task TEXT; objective: DONE"; ${list}`,
    );
  }
  if (!source.kinds.has(subject))
    return refuse('note', target, `no subject kind is called "${subject}"; ${list}`);
  if (!allowed.includes(subject)) {
    return refuse(
      'note',
      target,
      `"${subject}" facts come from the tools' own records, not from notes; ${list}`,
    );
  }
  const pending = options.pending.notes;
  if (pending.length >= MAX_NOTES_PER_TURN) {
    return refuse(
      'note',
      target,
      `${MAX_NOTES_PER_TURN} notes already wait for this turn's end; no more this turn`,
    );
  }
  pending.push({ subject, name, value });
  const content =
    `Noted ${subject} ${name} = ${value}. It is recorded as the model's fact when this turn ends ` +
    `(${pending.length} of ${MAX_NOTES_PER_TURN} notes this turn).`;
  return outcome('note', target, content, true, `pending, ${pending.length} this turn`);
}

function task(request: Extract<MemoryRequest, { verb: 'task' }>, options: MemoryToolOptions): Outcome {
  const source = options.source();
  if (source.facts === null) {
    return refuse('task', 'task', 'this conversation keeps no facts, so a task cannot be recorded');
  }
  const standing = source.facts.current().filter((f) => f.identity.subject === TASK_SUBJECT);
  const owner = standing.find((f) => f.source.kind === 'person' || f.source.kind === 'caller');
  if (owner !== undefined) {
    const who = sourceName(owner.source);
    const detail = `refused: ${who} set the task`;
    const content = [
      `error: ${who} set the task, and their word is not replaced. The task as it stands:`,
      ...standing.map((f) => factLine(f)),
    ].join('\n');
    return outcome('task', 'task', content, false, detail);
  }
  const text = `${request.text}; objective: ${request.objective}`;
  const replaced = options.pending.task !== null;
  options.pending.task = text;
  const content =
    `Task proposed: ${text}. It is recorded as the model's when this turn ends` +
    `${replaced ? ', in place of the one proposed earlier this turn' : ''}.`;
  return outcome(
    'task',
    'task',
    content,
    true,
    replaced ? 'pending, replaces an earlier proposal' : 'pending',
  );
}

const REQUEST_GUIDE =
  'A verb and its argument: recall entry N, turn N, task, summary, fact SUBJECT or output ID, ' +
  'optionally with matching TEXT, lines A-B, head N, tail N or from line N; summarise output ID; ' +
  'condense output ID: QUESTION; or note SUBJECT NAME = VALUE.';

/** The memory tool over what `options.source` publishes. */
export function memoryTool(options: MemoryToolOptions): Tool {
  const report = (found: Outcome): ToolResult => {
    options.onAction?.(found.action);
    return found.result;
  };
  return {
    readOnly: true,
    spec: {
      name: 'memory',
      description: 'Recall earlier material of this conversation in full, note a fact, or set the task.',
      parameters: {
        type: 'object',
        properties: { request: { type: 'string', description: REQUEST_GUIDE } },
        required: ['request'],
      },
    },
    async run(args, context): Promise<ToolResult> {
      const text = stringArgument(args, 'request');
      if (typeof text !== 'string') return report(refuse('recall', '', text.error));
      const request = parseMemoryRequest(text);
      if ('error' in request) return report(refuse(request.verb, request.target, request.error));
      switch (request.verb) {
        case 'recall':
          return report(await recall(request.target, request.filters, options.source(), context));
        case 'summarise': {
          const done = await summariseOutput(request.id, options.source(), context.budget);
          return report(outcome('summarise', `output ${request.id}`, done.content, done.ok, done.detail));
        }
        case 'condense': {
          const done = await condenseOutput(request.id, request.question, options.source(), context.budget);
          return report(outcome('condense', `output ${request.id}`, done.content, done.ok, done.detail));
        }
        case 'note':
          return report(note(request, options));
        case 'task':
          return report(task(request, options));
      }
    },
  };
}
