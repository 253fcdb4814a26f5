/**
 * What the loopback server reads off the wire, as the model port's request: Ollama's and the OpenAI
 * form's messages and tools, told apart only where they differ (tool calls' ids and argument text,
 * how a tool result names its call). The port's request is rebuilt field for field, so the reader
 * behind the server counts the same tokens as the reader in process.
 */
import type { Message, ToolCall, ToolSpec } from '../../engine/index.js';
import { BadRequest } from '../errors.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, where: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new BadRequest(`${where}: content must be text`);
  return value;
}

function argumentsOf(raw: unknown, where: string): Record<string, unknown> {
  let args: unknown = raw ?? {};
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args) as unknown;
    } catch {
      throw new BadRequest(`${where}: arguments are not JSON`);
    }
  }
  if (!isRecord(args)) throw new BadRequest(`${where}: arguments must be an object`);
  return args;
}

/** Wire messages as port messages. A tool result finds its tool by `tool_name`, its call id, or order. */
export function portMessages(raw: unknown): Message[] {
  if (!Array.isArray(raw)) throw new BadRequest('messages must be a list');
  const out: Message[] = [];
  // The calls of the last assistant message not yet answered, in order.
  let pending: ToolCall[] = [];
  let synthetic = 0;
  raw.forEach((m: unknown, i) => {
    const where = `messages[${i}]`;
    if (!isRecord(m)) throw new BadRequest(`${where} must be an object`);
    const content = text(m.content, where);
    switch (m.role) {
      case 'system':
      case 'user':
        out.push({ role: m.role, content });
        return;
      case 'assistant': {
        const calls = Array.isArray(m.tool_calls) ? m.tool_calls : [];
        const toolCalls: ToolCall[] = calls.map((c: unknown, j) => {
          const fn = isRecord(c) ? c.function : undefined;
          if (!isRecord(fn) || typeof fn.name !== 'string')
            throw new BadRequest(`${where}.tool_calls[${j}]: no name`);
          const id = isRecord(c) && typeof c.id === 'string' ? c.id : `call_${++synthetic}`;
          return {
            callId: id,
            tool: fn.name,
            arguments: argumentsOf(fn.arguments, `${where}.tool_calls[${j}]`),
          };
        });
        pending = [...toolCalls];
        out.push(
          toolCalls.length > 0 ? { role: 'assistant', content, toolCalls } : { role: 'assistant', content },
        );
        return;
      }
      case 'tool': {
        const byId =
          typeof m.tool_call_id === 'string' ? pending.find((c) => c.callId === m.tool_call_id) : undefined;
        const byName =
          typeof m.tool_name === 'string' ? pending.find((c) => c.tool === m.tool_name) : undefined;
        const call = byId ?? byName ?? pending[0];
        if (call) pending = pending.filter((c) => c !== call);
        const tool = typeof m.tool_name === 'string' ? m.tool_name : (call?.tool ?? 'unknown');
        const callId =
          typeof m.tool_call_id === 'string' ? m.tool_call_id : (call?.callId ?? `call_${++synthetic}`);
        out.push({ role: 'tool', content, callId, tool });
        return;
      }
      default:
        throw new BadRequest(`${where}: unknown role ${JSON.stringify(m.role)}`);
    }
  });
  return out;
}

/** Wire tools (`{ type: 'function', function: { name, description, parameters } }`) as port tool specs. */
export function portTools(raw: unknown): ToolSpec[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new BadRequest('tools must be a list');
  return raw.map((t: unknown, i) => {
    const fn = isRecord(t) ? t.function : undefined;
    if (!isRecord(fn) || typeof fn.name !== 'string') throw new BadRequest(`tools[${i}]: no function name`);
    return {
      name: fn.name,
      description: typeof fn.description === 'string' ? fn.description : '',
      parameters: isRecord(fn.parameters) ? fn.parameters : {},
    };
  });
}

/** The guided purpose a JSON schema asks for, read from its properties; null for one the reader cannot answer. */
export function purposeOf(schema: unknown): string | null {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const facts = 'facts' in properties;
  const summary = 'summary' in properties;
  if (facts && summary) return 'facts-and-summary';
  if (facts) return 'distil';
  if (summary) return 'summary';
  if ('notable' in properties) return 'output-summary';
  if ('found' in properties && 'answer' in properties) return 'output-condense';
  return null;
}
