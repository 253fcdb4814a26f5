/**
 * The first place two snapshots of a run part ways, said in the run's own words: which model call
 * (number, turn, purpose) and which of its messages, which audit event and which of its fields,
 * which saved file, or which figure of the record. Blocks are compared in order; the first whose
 * text differs is the first difference, since everything a block refers to is defined at or before it.
 */
import { z } from 'zod';
import type { Message } from '../../engine/index.js';
import { messageOf, messagesOf, parseSnapshot, type ParsedSnapshot, type SnapshotBlock } from './parse.js';

/** Describes the first difference between the `before` and `after` texts, or null when they are equal. */
export function firstDifference(before: string, after: string): string | null {
  if (before === after) return null;
  const [old, now] = [parseSnapshot(before), parseSnapshot(after)];
  const count = Math.max(old.blocks.length, now.blocks.length);
  for (let i = 0; i < count; i++) {
    const [a, b] = [old.blocks[i], now.blocks[i]];
    if (a && b && a.title === b.title && sameLines(a.lines, b.lines)) continue;
    if (!b) return `${describeBlock(a)} and what follows it are gone`;
    if (!a) return `${describeBlock(b)} and what follows it are new`;
    if (a.kind !== b.kind || !sameSubject(a, b)) return `${describeBlock(a)} is now ${describeBlock(b)}`;
    return `${describeBlock(a)}${detail(old, a, now, b)}`;
  }
  return 'the line endings';
}

/**
 * The first model call whose request differs: its messages, tools, schema or token bound, read
 * through the definitions. Null when every call received exactly what it received before, which is
 * what a refactor must keep; a run that makes more or fewer calls differs at the first one missing.
 */
export function firstRequestDifference(before: string, after: string): string | null {
  const [old, now] = [parseSnapshot(before), parseSnapshot(after)];
  const [calls, nowCalls] = [old.blocks.filter((b) => b.call), now.blocks.filter((b) => b.call)];
  for (let i = 0; i < Math.max(calls.length, nowCalls.length); i++) {
    const [a, b] = [calls[i], nowCalls[i]];
    if (!b) return `${describeBlock(a)} is no longer made`;
    if (!a) return `${describeBlock(b)} is new`;
    const message = firstMessageDifference(old, a, now, b);
    if (message !== null) return `${describeBlock(a)}, ${message}`;
    const [x, y] = [requestLines(old, a), requestLines(now, b)];
    if (sameLines(x, y)) continue;
    const at = x.findIndex((line, j) => line !== y[j]);
    return `${describeBlock(a)}, ${sectionAt(at === -1 ? y : x, at === -1 ? x.length : at, 'call')}`;
  }
  return null;
}

/** What a call's block says of its request: everything before its answer, error and usage. */
function requestLines(snapshot: ParsedSnapshot, block: SnapshotBlock): string[] {
  const lines = resolved(snapshot, block);
  const end = lines.findIndex((line) => /^(answer|error|usage):/.test(line));
  return lines.slice(0, end === -1 ? lines.length : end).filter((line) => !line.startsWith('estimated:'));
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/** The same call or event on both sides, whatever its contents. */
function sameSubject(a: SnapshotBlock, b: SnapshotBlock): boolean {
  if (a.call && b.call) {
    return (
      a.call.number === b.call.number && a.call.turn === b.call.turn && a.call.purpose === b.call.purpose
    );
  }
  if (a.event && b.event) return a.event.id === b.event.id && a.event.type === b.event.type;
  return a.file === b.file;
}

/** A block in a few words: `call 7 (turn 3, turn)`, `event evt-12 (turn 3, prompt)`, `file x`. */
export function describeBlock(block: SnapshotBlock | undefined): string {
  if (block?.call) return `call ${block.call.number} (turn ${block.call.turn}, ${block.call.purpose})`;
  if (block?.event) return `event ${block.event.id} (turn ${block.event.turn}, ${block.event.type})`;
  if (block?.file !== undefined) return `file ${block.file}`;
  return block?.kind === 'record' ? 'the run record' : 'the header';
}

function detail(old: ParsedSnapshot, a: SnapshotBlock, now: ParsedSnapshot, b: SnapshotBlock): string {
  if (a.title !== b.title) return `, its title (${b.title.slice(3)})`;
  const message = firstMessageDifference(old, a, now, b);
  if (message !== null) return `, ${message}`;
  if (a.event) return `, ${eventField(eventFields(old, a), eventFields(now, b))}`;
  const [x, y] = [resolved(old, a), resolved(now, b)];
  const at = x.findIndex((line, i) => line !== y[i]);
  return `, ${sectionAt(at === -1 ? y : x, at === -1 ? x.length : at, a.kind)}`;
}

/** `message 3 (tool)` for the first message whose contents differ, or null when the lists are equal. */
function firstMessageDifference(
  old: ParsedSnapshot,
  a: SnapshotBlock,
  now: ParsedSnapshot,
  b: SnapshotBlock,
): string | null {
  let before: Message[];
  let after: Message[];
  try {
    [before, after] = [messagesOf(old, a), messagesOf(now, b)];
  } catch {
    return null;
  }
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const [x, y] = [before[i], after[i]];
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    if (!x) return `message ${i} (${y?.role}), new`;
    if (!y) return `message ${i} (${x.role}), gone`;
    return `message ${i} (${x.role === y.role ? x.role : `${x.role}, now ${y.role}`})`;
  }
  return null;
}

/** A snapshot event's last line: its fields as one JSON object. */
const eventFieldsSchema = z.record(z.string(), z.unknown());

/** An event's fields, each `@mN` read as the content of the message it names. */
function eventFields(snapshot: ParsedSnapshot, block: SnapshotBlock): Record<string, unknown> | null {
  try {
    const parsed = eventFieldsSchema.safeParse(JSON.parse(block.lines.at(-1) ?? ''));
    if (!parsed.success) return null;
    const fields = parsed.data;
    for (const [key, value] of Object.entries(fields)) {
      const definition = typeof value === 'string' ? snapshot.definitions.get(value.slice(1)) : undefined;
      if (definition && String(value).startsWith('@')) fields[key] = messageOf(definition).content;
    }
    return fields;
  } catch {
    return null;
  }
}

function eventField(x: Record<string, unknown> | null, y: Record<string, unknown> | null): string {
  if (x === null || y === null) return 'its fields';
  const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
  const key = keys.find((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]));
  return key === undefined ? 'the order of its fields' : `field ${key}`;
}

/** A block's lines without definitions, each `tools:`/`schema:` reference followed by what it names. */
function resolved(snapshot: ParsedSnapshot, block: SnapshotBlock): string[] {
  const out: string[] = [];
  let inDefinition = false;
  for (const line of block.lines) {
    if (line.startsWith('+ ')) inDefinition = true;
    else if (!/^(\| |\||call |tool |calls: none$)/.test(line)) inDefinition = false;
    if (inDefinition || line.startsWith('messages: ')) continue;
    out.push(line);
    const ref = /^(tools|schema|answer): (\S+)$/.exec(line)?.[2];
    const definition = ref === undefined ? undefined : snapshot.definitions.get(ref);
    if (definition) out.push(...definition.lines);
  }
  return out;
}

const SECTION_WORDS: Record<string, string> = {
  estimated: 'its estimated tokens',
  tools: 'its tools',
  schema: 'its schema',
  maxTokens: 'its maxTokens',
  answer: 'its answer',
  usage: 'its usage',
  error: 'its error',
};

/** Names the part of a block that line `at` belongs to: its section, probe, setting or list element. */
function sectionAt(lines: readonly string[], at: number, kind: SnapshotBlock['kind']): string {
  const target = Math.min(at, lines.length - 1);
  let element = -1;
  for (let i = target; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (line.startsWith('- ')) {
      element += 1;
      continue;
    }
    const probe = /^probe (\S+)/.exec(line)?.[1];
    if (probe !== undefined) return `probe ${probe}`;
    const setting = /^(\S+) = /.exec(line)?.[1];
    if (setting !== undefined && i === target) return `setting ${setting}`;
    const label = /^([A-Za-z][\w .-]*):(?: |$)/.exec(line)?.[1];
    if (label === undefined) continue;
    if (kind === 'call') return SECTION_WORDS[label] ?? `its ${label}`;
    return lines[target]?.startsWith('- ') ? `${label}[${element}]` : label;
  }
  return at >= lines.length ? 'lines at its end' : 'its first lines';
}
