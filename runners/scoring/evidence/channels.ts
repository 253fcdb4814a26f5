/**
 * A request seen as the channels it shows text through. Each message is one part, told apart by its
 * role and by how the engine writes it: the earlier block (its facts, and the running summary that
 * ends it), the now block, a reference, a tool output shown around a held-back marker, a memory
 * recall result. Pure: the same messages give the same parts.
 */
import { EARLIER_HEADER, NOW_HEADER, SUMMARY_HEADER_START, type Message } from '../../../engine/index.js';
import type { EvidenceChannel } from '../../../records/run-record.js';
import type { evidenceChannels } from '../../../scenarios/schema.js';

// The scenario format's channel names and the record's are the same set.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameChannels: Same<EvidenceChannel, (typeof evidenceChannels)[number]> = true;
void sameChannels;

/** Text of one message, or of one part of the earlier block, and the channel it comes through. */
export interface ViewPart {
  channel: EvidenceChannel;
  text: string;
  /** The message's index in the request. */
  message: number;
}

/** How a reference opens (engine/output/reference.ts). */
const REFERENCE_START = /^\[output of entry \d+ not repeated/;
/** The marker a tool output shown in part carries between its head and tail (engine/output/held-note.ts). */
const HELD_BACK_MARKER = /^\[… .+ held back …\]$/m;

/** The parts of a request's messages, in request order. */
export function viewOf(messages: readonly Message[]): ViewPart[] {
  return messages.flatMap((message, index) => partsOf(message, index));
}

function partsOf(message: Message, index: number): ViewPart[] {
  const part = (channel: EvidenceChannel, text: string): ViewPart => ({ channel, text, message: index });
  switch (message.role) {
    case 'system':
      return [part('instructions', message.content)];
    case 'user':
      if (message.content.startsWith(EARLIER_HEADER)) return earlierParts(message.content, index);
      if (message.content.startsWith(NOW_HEADER)) return [part('now', message.content)];
      return [part('prompt', message.content)];
    case 'assistant': {
      const calls = (message.toolCalls ?? []).map((call) => JSON.stringify(call.arguments));
      return [part('reply', [message.content, ...calls].join('\n'))];
    }
    case 'tool':
      return [part(toolChannel(message.tool, message.content), message.content)];
  }
}

function toolChannel(tool: string, content: string): EvidenceChannel {
  if (REFERENCE_START.test(content)) return 'reference';
  if (tool === 'memory') return 'memory';
  if (HELD_BACK_MARKER.test(content)) return 'held-back';
  return 'tool';
}

/** The earlier block: its facts, then from the summary's header on, the running summary. */
function earlierParts(content: string, index: number): ViewPart[] {
  const at = content.indexOf(`\n${SUMMARY_HEADER_START}`);
  if (at < 0) return [{ channel: 'facts', text: content, message: index }];
  return [
    { channel: 'facts', text: content.slice(0, at), message: index },
    { channel: 'summary', text: content.slice(at + 1), message: index },
  ];
}
