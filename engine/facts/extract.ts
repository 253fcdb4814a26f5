/**
 * Facts read from a turn's tool calls without a model (reference, "Extracted every turn"). A few
 * exact rules, each tied to a tool's output shape; an output that does not have the shape gives
 * nothing, so what is extracted is little and right. Each fact names its tool.result event and
 * store entry as its source.
 */
import type { FactSource } from './fact.js';
import { loadKinds, normaliserOf, type KindTable } from './kinds.js';
import { collapseWhitespace } from './normalise.js';
import type { FactAssertion } from './fact-store.js';

/** The most facts extracted from one turn. */
export const MAX_EXTRACTED_PER_TURN = 12;

/** A tool call of the turn with its result, as the turn recorded them. */
export interface ToolCallOutcome {
  tool: string;
  arguments: Record<string, unknown>;
  output: string;
  ok: boolean;
  /** The store entry holding the output. */
  entryId: number;
  /** The tool.result audit event. */
  eventId: string;
  turn: number;
}

/** An extracted fact: a store assertion that lacks only the time it is recorded at. */
export type ExtractedFact = Omit<FactAssertion, 'recordedAt' | 'scope'> & {
  entries: number[];
  events: string[];
};

type Found = Pick<ExtractedFact, 'subject' | 'name' | 'value'>;

/** What a rule gives for an output that does not have its shape. */
// Stryker disable next-line ArrayDeclaration: an entry that is not a Found has no subject, so no kind, and is skipped
const NOTHING: readonly Found[] = [];

// A line's text is everything after the tab, a carriage return included: a file with Windows line
// ends is read like any other.
const NUMBERED_LINE = /^(\d+)\t(.*)/s;
const PAGING = /^\[more from offset (\d+)\]$/;
const END_OF_FILE = '[end of file]';
const HEADING = /^#\s+(.+?)\s*#*\s*$/;
const EXIT_STATUS = /^exit status: (-?\d+)$/;
// Summary lines of common test runners: `12 passed, 1 failed`, `Tests: 3 failing`, `test result: ok.
// 4 passed; 0 failed`, and XCTest's `Executed 12 tests, with 1 failure`, which XCTest indents (`\t
// Executed …`) and, when tests were skipped, words `with 2 tests skipped and 1 failure`.
const TEST_SUMMARY = [
  /\b\d+ (?:passed|failed|passing|failing)\b/i,
  /^\s*Executed \d+ tests?, with (?:\d+ tests? skipped and )?\d+ failures?\b/,
];
const EDIT_MODES: readonly string[] = ['write', 'append', 'replace'];

function stringArg(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

// read_file: numbered lines, then a paging hint or the end-of-file mark, and nothing else.
function fromReadFile(call: ToolCallOutcome): readonly Found[] {
  const path = stringArg(call.arguments, 'path');
  if (path === undefined || !call.ok) return NOTHING;
  const lines = call.output.replace(/\n+$/, '').split('\n');
  const trailer = lines.pop() ?? '';
  const more = PAGING.exec(trailer);
  if (more === null && trailer !== END_OF_FILE) return NOTHING;
  const numbered = lines.map((line) => NUMBERED_LINE.exec(line));
  if (numbered.length === 0 || numbered.some((match) => match === null)) return NOTHING;
  const first = Number(numbered[0]?.[1]);
  const last = Number(numbered[numbered.length - 1]?.[1]);
  let value =
    more === null && first === 1
      ? `read, ${last} ${last === 1 ? 'line' : 'lines'}`
      : `read lines ${first}-${last}`;
  if (more !== null) value += `, more from line ${more[1]}`;
  const heading = first === 1 ? HEADING.exec(numbered[0]?.[2] ?? '') : null;
  if (heading?.[1] !== undefined) value += `; title: ${heading[1]}`;
  return [{ subject: 'file', name: path, value }];
}

// run_command: `exit status: N`, then `stdout:` and `stderr:` sections.
function fromRunCommand(call: ToolCallOutcome): readonly Found[] {
  const command = stringArg(call.arguments, 'command');
  const lines = call.output.split('\n');
  const status = EXIT_STATUS.exec(lines[0] ?? '');
  if (command === undefined || status === null || !lines.includes('stdout:')) return NOTHING;
  const found: Found[] = [{ subject: 'command', name: command, value: `exit status ${status[1]}` }];
  // Neither the status line nor the stream frames can pass for a summary, so every line is looked at.
  const summary = lines.findLast((line) => TEST_SUMMARY.some((pattern) => pattern.test(line)));
  if (summary !== undefined) {
    // A summary has its count and word left once its frame of `=`, `─` and `-` is trimmed.
    const value = collapseWhitespace(summary.replace(/^[\s=─-]+|[\s=─-]+$/g, ''));
    found.push({ subject: 'tests', name: command, value });
  }
  return found;
}

// edit_file: any output that is not an error, with the mode the call named, when it named one.
function fromEditFile(call: ToolCallOutcome): readonly Found[] {
  const path = stringArg(call.arguments, 'path');
  const mode = stringArg(call.arguments, 'mode');
  if (path === undefined || !call.ok || (mode !== undefined && !EDIT_MODES.includes(mode))) return NOTHING;
  return [{ subject: 'file', name: path, value: mode === undefined ? 'changed' : `changed (${mode})` }];
}

const RULES: Readonly<Record<string, (call: ToolCallOutcome) => readonly Found[]>> = {
  read_file: fromReadFile,
  run_command: fromRunCommand,
  edit_file: fromEditFile,
};

/**
 * The facts a turn's tool calls show, in call order, at most MAX_EXTRACTED_PER_TURN. When calls of
 * the turn say something about the same subject and name, the later one's fact is the one kept.
 */
export function extractFacts(
  calls: readonly ToolCallOutcome[],
  kinds: KindTable = loadKinds(),
): ExtractedFact[] {
  const byIdentity = new Map<string, ExtractedFact>();
  for (const call of calls) {
    const rule = RULES[call.tool];
    if (rule === undefined || call.output.startsWith('error:')) continue;
    for (const found of rule(call)) {
      const source: FactSource = { kind: 'tool', method: 'extracted', detail: call.tool };
      const kind = kinds.get(found.subject);
      if (kind === undefined) continue;
      const key = `${found.subject}\u0000${normaliserOf(kind).normalise(found.name)}`;
      byIdentity.delete(key);
      byIdentity.set(key, {
        ...found,
        source,
        entries: [call.entryId],
        events: [call.eventId],
        turn: call.turn,
      });
    }
  }
  return [...byIdentity.values()].slice(0, MAX_EXTRACTED_PER_TURN);
}
