/**
 * Builders for the requests the reader tests send: the engine's message shapes and tool output
 * formats, with the two tools the reader knows registered.
 */
import type { Message, ModelRequest, ToolSpec } from '../../../../engine/model/port.js';

/** read_file and run_command as the engine registers them. */
export const TOOLS: ToolSpec[] = [
  {
    name: 'read_file',
    description: 'Reads a workspace file, a page at a time.',
    parameters: { type: 'object', properties: { path: { type: 'string' }, offset: { type: 'integer' } } },
  },
  {
    name: 'run_command',
    description: 'Runs a shell command in the workspace.',
    parameters: { type: 'object', properties: { command: { type: 'string' } } },
  },
];

/** The instructions every test request starts with. */
export const SYSTEM: Message = { role: 'system', content: 'You help with a small software project.' };

/** A request: the system message, then `messages`, with both tools registered. */
export function request(messages: Message[], tools: ToolSpec[] = TOOLS): ModelRequest {
  return { messages: [SYSTEM, ...messages], tools };
}

/** A user message. */
export function user(content: string): Message {
  return { role: 'user', content };
}

/** An assistant reply. */
export function assistant(content: string): Message {
  return { role: 'assistant', content };
}

/** An assistant call and its result, as the engine composes a tool exchange. */
export function exchange(
  callId: string,
  tool: string,
  args: Record<string, unknown>,
  output: string,
): Message[] {
  return [
    { role: 'assistant', content: '', toolCalls: [{ callId, tool, arguments: args }] },
    { role: 'tool', callId, tool, content: output },
  ];
}

/** A read_file page in the engine's format: numbered lines, then the paging hint or the end marker. */
export function page(lines: string[], firstLine: number, more: boolean): string {
  const numbered = lines.map((line, i) => `${firstLine + i}\t${line}`);
  const trailer = more ? `[more from offset ${firstLine + lines.length}]` : '[end of file]';
  return [...numbered, trailer].join('\n');
}

/** A whole file the model was asked to read and read, as the tool loop shows it. */
export function readFile(id: string, path: string, lines: string[]): Message[] {
  return [
    user(`Please read ${path}.`),
    ...exchange(id, 'read_file', { path }, page(lines, 1, false)),
    assistant(`I read ${path}.`),
  ];
}
