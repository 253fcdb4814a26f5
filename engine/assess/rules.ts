/**
 * The assessment's rules: what a request settles without a model call. The tools always allowed
 * (run_command, the general fallback, and memory, how earlier material comes back), the tools the
 * request's words name, and the previous turn's tools for a follow-up or a short request; edit_file
 * brings read_file. Under `restated`, once there is a task only a request that restates one may
 * change it. Nothing here reads a model's answer: the rules are the same for every model.
 */

/** Tools allowed on every request the rules settle: the command fallback and memory. */
export const ALWAYS_ALLOWED: readonly string[] = ['run_command', 'memory'];

/**
 * Words by which a request names a built-in tool. A tool with no entry is named by the words of its
 * own name ("system_info" by "system" or "info"), or by its name written out.
 */
const TOOL_WORDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    read_file: 'read reading reads open show view display print contents page pages skim file',
    edit_file: 'edit change modify replace write append update rename insert delete fix set',
    current_date: 'date time today tomorrow yesterday clock weekday',
    run_command: 'run execute command shell build test tests install',
    memory: 'recall remember memory note earlier',
  }).map(([tool, list]) => [tool, new Set(list.split(' '))]),
);

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The allowed tools a request names by its words, in the order `allowed` gives them. */
export function toolsNamedBy(request: string, allowed: readonly string[]): string[] {
  const said = new Set(wordsOf(request));
  const lower = request.toLowerCase();
  return allowed.filter((tool) => {
    if (lower.includes(tool.toLowerCase())) return true;
    const words = TOOL_WORDS.get(tool) ?? new Set(wordsOf(tool.replace(/[_-]+/g, ' ')));
    return [...words].some((word) => said.has(word));
  });
}

const FOLLOW_UP_START =
  /^\s*(?:and|also|then|so|next|again|now|ok|okay|what about|how about|and then|same)\b/i;
const FOLLOW_UP_WORDS = /\b(?:again|as well|too|the same|that one)\b/i;

/** A request of this many words or fewer is short: it leans on the turn before it. */
export const SHORT_REQUEST_WORDS = 6;

/** A follow-up ("and the other one?", "again, please") or a short request. */
export function isFollowUp(request: string): boolean {
  if (wordsOf(request).length <= SHORT_REQUEST_WORDS) return true;
  return FOLLOW_UP_START.test(request) || FOLLOW_UP_WORDS.test(request);
}

const STATES_TASK = [
  /\b(?:task|goal|objective)\s*(?::|is\b)/i,
  /\bnew task\b/i,
  /\bfrom now on\b/i,
  /\b(?:let'?s|let us|we need to|we have to|we should|i want you to|i'd like you to|i need you to)\s+(?:now\s+)?(?:work on|switch to|move on to|focus on|start on|turn to)\b/i,
];

/**
 * True when a request restates the task: a sentence that is no question and holds "task:" or "task
 * is" (goal and objective alike), "new task", "from now on", or "let's" (we need to, I want you to,
 * ...) followed by work on, switch to, move on to, focus on, start on or turn to. "Today's task: X"
 * restates it; "What is the task?" and "Let's get back to the task we started with." do not.
 */
export function restatesTask(request: string): boolean {
  const statements = request
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '' && !sentence.endsWith('?'));
  return statements.some((sentence) => STATES_TASK.some((pattern) => pattern.test(sentence)));
}

/** What the rules conclude about one request. */
export interface RuleOutcome {
  /** The tools the rules register, in the order `allowed` gives them. */
  tools: string[];
  /** True when the rules found the tools the request needs (named, or the previous turn's). */
  toolsSettled: boolean;
}

export interface RuleInput {
  request: string;
  /** The conversation's tools: nothing outside them is ever registered. */
  allowed: readonly string[];
  /** Tools called since the task last changed. */
  taskTools: readonly string[];
  /** Tools the previous turn called. */
  previousTools: readonly string[];
}

/** The rules' tools for a request, and whether they settle them. */
export function ruleTools(input: RuleInput): RuleOutcome {
  const { request, allowed } = input;
  const named = toolsNamedBy(request, allowed);
  const followUp = isFollowUp(request) && input.previousTools.length > 0;
  const chosen = new Set([
    ...ALWAYS_ALLOWED,
    ...named,
    ...input.taskTools,
    ...(followUp ? input.previousTools : []),
  ]);
  if (chosen.has('edit_file')) chosen.add('read_file');
  return {
    tools: allowed.filter((tool) => chosen.has(tool)),
    toolsSettled: named.length > 0 || followUp,
  };
}
