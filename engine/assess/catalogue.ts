/**
 * The terse catalogue of every allowed tool that the instructions carry when each request registers
 * only its own tools: one clause a tool (its description's first sentence, at most 80 characters),
 * under a first line that says any listed tool may be called. It is a segment of the instructions
 * entry of its own, written once, so it is the same on every request of the conversation.
 */
import type { ToolSpec } from '../model/port.js';
import { CATALOGUE_HEADER } from '../protocol.js';

/** Longest clause, in characters. */
export const CLAUSE_MAX_CHARS = 80;

/** A tool's clause: its description's first sentence, lower-cased first letter, no final stop. */
export function toolClause(spec: ToolSpec): string {
  const flat = spec.description.replace(/\s+/g, ' ').trim();
  const first = (/^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat).replace(/[.!?]$/, '');
  const clause = first.charAt(0).toLowerCase() + first.slice(1);
  const chars = Array.from(clause);
  return chars.length <= CLAUSE_MAX_CHARS ? clause : `${chars.slice(0, CLAUSE_MAX_CHARS - 1).join('')}…`;
}

/** The catalogue of `specs`, one line a tool in the order given. */
export function toolCatalogue(specs: readonly ToolSpec[]): string {
  return [CATALOGUE_HEADER, ...specs.map((spec) => `- ${spec.name}: ${toolClause(spec)}`)].join('\n');
}

/** The tool names a catalogue in `text` lists, or none when it holds no catalogue. */
export function catalogueNames(text: string): string[] {
  const start = text.indexOf(CATALOGUE_HEADER);
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of text
    .slice(start + CATALOGUE_HEADER.length)
    .split('\n')
    .slice(1)) {
    const match = /^- ([\w.-]+): /.exec(line);
    if (!match?.[1]) break;
    names.push(match[1]);
  }
  return names;
}
