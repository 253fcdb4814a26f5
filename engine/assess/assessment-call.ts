/**
 * The assessment's guided call: what it is shown (the catalogue, the task, the facts' identities,
 * the previous request's tools and the request, cut to a bound), the schema it answers, and the
 * reading of its answer, which throws on an answer off the schema.
 */
import type { Fact } from '../facts/fact.js';
import type { GuidedRequest, ToolSpec } from '../model/port.js';
import { toolCatalogue } from './catalogue.js';
import { AnswerError } from '../errors.js';

/** The request as the assessment's call sees it, at most this many characters. */
export const REQUEST_MAX_CHARS = 1500;
/** Facts the call is shown (ids and identities, never values). */
export const FACTS_SHOWN = 30;
/** The call's answer: at most this many tools and relevant facts, in at most this many tokens. */
export const MAX_TOOLS = 6;
export const MAX_FACTS = 5;
export const MAX_TOKENS = 256;

/** The schema the assessment's call answers. */
export const ASSESSMENT_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    intent: { type: 'string', description: "the person's intent, in one line" },
    tools: { type: 'array', items: { type: 'string' }, maxItems: MAX_TOOLS },
    task: { type: 'string', description: 'the task, or empty for no change' },
    objective: { type: 'string', description: "the task's objective, or empty" },
    facts: { type: 'array', items: { type: 'string' }, maxItems: MAX_FACTS },
  },
  required: ['intent', 'tools', 'task', 'objective', 'facts'],
};

const INSTRUCTIONS =
  "You assess one request of a conversation before it is answered: the person's intent in one line, " +
  'the tools it needs (names from the catalogue), the task and its objective if the request gives a ' +
  'new one (else empty), and the ids of the facts that bear on it. Answer in the schema only.';

/** The call's answer, read and checked. */
export interface AssessmentAnswer {
  intent: string;
  tools: string[];
  task: string;
  objective: string;
  facts: string[];
}

/** The task as it stands, and who set it. */
export interface TaskState {
  text: string;
  /** The person or a caller set it: the assessment never changes it. */
  setByPerson: boolean;
}

function stringList(value: unknown, field: string, max: number): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new AnswerError(`the assessment's ${field} must be a list of strings`);
  }
  return (value as string[]).slice(0, max);
}

/** Reads the call's answer; throws on an answer that does not follow the schema. */
export function readAssessment(value: unknown): AssessmentAnswer {
  if (typeof value !== 'object' || value === null) throw new AnswerError('the assessment is not an object');
  const v = value as Record<string, unknown>;
  const text = (field: string): string => {
    const found = v[field] ?? '';
    if (typeof found !== 'string') throw new AnswerError(`the assessment's ${field} must be a string`);
    return found.replace(/\s+/g, ' ').trim();
  };
  return {
    intent: text('intent'),
    tools: stringList(v['tools'] ?? [], 'tools', MAX_TOOLS),
    task: text('task'),
    objective: text('objective'),
    facts: stringList(v['facts'] ?? [], 'facts', MAX_FACTS),
  };
}

/** The task's fact and the session's facts, which the now block holds already. */
export function isTaskOrSession(fact: Fact): boolean {
  return fact.identity.subject === 'task' || fact.identity.scope === 'session';
}

/** What a fact is about: its subject, and its name when it has one. */
export function identity(fact: Fact): string {
  const { subject, name } = fact.identity;
  return name === '' ? subject : `${subject} ${name}`;
}

/** What the call is given. */
export interface AssessmentInput {
  /** The conversation's tools, for the catalogue. */
  allowed: readonly ToolSpec[];
  /** The facts that stand; the call sees the last ones' ids and identities. */
  facts: readonly Fact[];
  /** Tools the previous request called. */
  previous: readonly string[];
  task: TaskState | null;
  /** The task is fixed for this request: the call may not change it. */
  taskFixed: boolean;
  request: string;
}

/** The assessment call's request. */
export function assessmentRequest(input: AssessmentInput): GuidedRequest {
  const { task, taskFixed, request, previous } = input;
  const facts = input.facts.filter((fact) => !isTaskOrSession(fact)).slice(-FACTS_SHOWN);
  const taskLine =
    task === null
      ? 'Current task: none yet.'
      : `Current task${taskFixed ? ' (fixed: this request does not change it)' : ''}: ${task.text}`;
  const chars = Array.from(request);
  const cut = chars.length <= REQUEST_MAX_CHARS ? request : chars.slice(0, REQUEST_MAX_CHARS).join('');
  const content = [
    toolCatalogue(input.allowed),
    taskLine,
    facts.length === 0
      ? 'Facts: none.'
      : ['Facts (ids and what they are about):', ...facts.map((f) => `- ${f.id}: ${identity(f)}`)].join('\n'),
    `Tools the previous request used: ${previous.join(', ') || 'none'}.`,
    `Request:\n${cut}`,
  ].join('\n\n');
  return {
    purpose: 'assessment',
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content },
    ],
    schema: ASSESSMENT_SCHEMA,
    maxTokens: MAX_TOKENS,
  };
}
