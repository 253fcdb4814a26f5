/**
 * Reading a snapshot back: its version, its blocks (the header, then one per `== ` line), and its
 * definitions, so that a call's messages can be resolved to their exact contents. The finder of the
 * first difference works on this; the text itself is what `check` compares.
 */
import type { Message, ToolCall } from '../../engine/index.js';
import type { z } from 'zod';
import { toolCallSchema } from '../../records/model-call.js';
import { firstIssue } from '../../records/runs-file.js';
import { expandRefList, isTextLine, textOf } from './definitions.js';
import { SNAPSHOT_TITLE } from './snapshot-format.js';
import { SnapshotFileError } from './errors.js';

/** What a block records. */
export type BlockKind = 'header' | 'call' | 'event' | 'file' | 'record';

/** One block of a snapshot: its title line and the lines under it. */
export interface SnapshotBlock {
  kind: BlockKind;
  title: string;
  /** The title's line in the snapshot, from 1: the block's lines follow it. */
  line: number;
  lines: string[];
  /** For a call: its number, turn, purpose and session, as its title gives them. */
  call?: { number: number; turn: number; purpose: string; session: string };
  /** For an event: its id, turn and type. */
  event?: { id: string; turn: number; type: string };
  /** For a file: its path. */
  file?: string;
}

/** A definition (`+ m5 user`, `+ t1 tools`, `+ s1 schema`): its head's words and the lines under it. */
export interface Definition {
  id: string;
  /** The line of its head (`+ m5 user`) in the snapshot, from 1: its lines follow it. */
  line: number;
  head: string[];
  lines: string[];
}

/** A parsed snapshot. */
export interface ParsedSnapshot {
  /** What the second line says after `version: `, or null when the text is no snapshot. */
  version: string | null;
  blocks: SnapshotBlock[];
  definitions: Map<string, Definition>;
}

/** The format version a snapshot text declares, or null when it does not open as a snapshot. */
export function snapshotVersion(text: string): string | null {
  const [title, version] = text.split('\n', 2);
  if (title !== SNAPSHOT_TITLE || version === undefined || !version.startsWith('version: ')) return null;
  return version.slice('version: '.length).trim();
}

function blockOf(title: string, line: number, lines: string[]): SnapshotBlock {
  const call = /^== call (\d+) · turn (\d+) · (\S+) · (\S+)/.exec(title);
  if (call) {
    const [, number, turn, purpose, session] = call;
    return {
      kind: 'call',
      title,
      line,
      lines,
      call: { number: Number(number), turn: Number(turn), purpose: purpose ?? '', session: session ?? '' },
    };
  }
  const event = /^== event (\S+) · turn (\d+) · (\S+)$/.exec(title);
  if (event) {
    const [, id = '', turn, type = ''] = event;
    return { kind: 'event', title, line, lines, event: { id, turn: Number(turn), type } };
  }
  const file = /^== file (.+)$/.exec(title);
  if (file) return { kind: 'file', title, line, lines, file: file[1] ?? '' };
  return { kind: title.startsWith('== record') ? 'record' : 'header', title, line, lines };
}

/** Splits a snapshot into its blocks and collects its definitions. */
export function parseSnapshot(text: string): ParsedSnapshot {
  const all = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const blocks: SnapshotBlock[] = [];
  let title = all[0] ?? '';
  let titleLine = 1;
  let lines: string[] = [];
  for (const [index, line] of all.entries()) {
    if (index === 0) continue;
    if (!line.startsWith('== ')) {
      lines.push(line);
      continue;
    }
    blocks.push(blockOf(title, titleLine, lines));
    [title, titleLine, lines] = [line, index + 1, []];
  }
  blocks.push(blockOf(title, titleLine, lines));
  if (blocks[0]) blocks[0].kind = 'header';
  const definitions = new Map<string, Definition>();
  for (const block of blocks) {
    let current: Definition | undefined;
    for (const [index, line] of block.lines.entries()) {
      if (line.startsWith('+ ')) {
        const [id = '', ...head] = line.slice(2).split(' ');
        current = { id, line: block.line + 1 + index, head, lines: [] };
        definitions.set(id, current);
      } else if (current && (isTextLine(line) || /^(call |tool |calls: none$)/.test(line))) {
        current.lines.push(line);
      } else {
        current = undefined;
      }
    }
  }
  return { version: snapshotVersion(text), blocks, definitions };
}

/** The message a definition stands for. */
export function messageOf(definition: Definition): Message {
  const [role, tool = '', callId = ''] = definition.head;
  const content = textOf(definition.lines.filter(isTextLine));
  switch (role) {
    case 'system':
    case 'user':
      return { role, content };
    case 'tool':
      return { role, content, tool, callId };
    case 'assistant': {
      const calls: ToolCall[] = [];
      definition.lines.forEach((line, index) => {
        if (!line.startsWith('call ')) return;
        const at = definition.line + 1 + index;
        calls.push(jsonAfter(line, 'call ', toolCallSchema, `line ${at}: its tool call`));
      });
      const listed = calls.length > 0 || definition.lines.includes('calls: none');
      return listed ? { role, content, toolCalls: calls } : { role, content };
    }
    default:
      throw new SnapshotFileError(`${definition.id} is defined as "${role}", which is no message role`);
  }
}

/** The messages a block lists (`messages: m1-m4 m7`), resolved to their contents; [] when it lists none. */
export function messagesOf(snapshot: ParsedSnapshot, block: SnapshotBlock): Message[] {
  const list = block.lines.find((line) => line.startsWith('messages: '));
  if (list === undefined) return [];
  return expandRefList(list.slice('messages: '.length)).map((id) => {
    const definition = snapshot.definitions.get(id);
    if (definition === undefined)
      throw new SnapshotFileError(`the snapshot refers to ${id}, which it never defines`);
    return messageOf(definition);
  });
}

/**
 * The JSON that follows `prefix` on `line`, checked against `schema` and kept as written (its fields
 * in the order the snapshot holds them); `what` names the line in the error of one that is not.
 */
export function jsonAfter<T>(line: string, prefix: string, schema: z.ZodType<T>, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(line.slice(prefix.length));
  } catch {
    throw new SnapshotFileError(`${what} is not JSON`);
  }
  const checked = schema.safeParse(value);
  if (!checked.success) throw new SnapshotFileError(`${what} does not read (${firstIssue(checked.error)})`);
  return value as T;
}
