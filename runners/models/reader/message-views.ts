/**
 * Views of a (windowed) message list the reader acts on: the prompt that opened the current turn, the
 * tool calls and results since, and the visible text in order. Everything is derived from the request
 * alone, since that is all a model ever sees.
 */
import type { Message, ToolCall } from '../../../engine/index.js';
import { withSettingStatements } from './config.js';
import { readableOutput } from './outputs.js';

/** A reply under construction: text, or tool calls whose ids are assigned by the model. */
export interface Act {
  text: string;
  toolCalls: Omit<ToolCall, 'callId'>[];
}

/** Index of the latest user message, or -1. In a tool loop it is the prompt that started the turn. */
export function latestUserIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === 'user') return i;
  }
  return -1;
}

/** One tool result of the current turn with the call that asked for it, when that call is visible. */
export interface ToolExchange {
  tool: string;
  arguments: Record<string, unknown>;
  output: string;
}

/** The tool calls and their results after message `from`, in the order the results came. */
export function exchangesAfter(messages: readonly Message[], from: number): ToolExchange[] {
  const calls = new Map<string, ToolCall>();
  const exchanges: ToolExchange[] = [];
  for (const message of messages.slice(from + 1)) {
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) calls.set(call.callId, call);
    } else if (message.role === 'tool') {
      const call = calls.get(message.callId);
      exchanges.push({ tool: message.tool, arguments: call?.arguments ?? {}, output: message.content });
    }
  }
  return exchanges;
}

/** A string argument of a call, when it has one. */
export function stringArgument(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
}

/** A call as a short action line, the way the reader "remembers" doing it: `read_file docs/a.md`. */
export function describeCall(call: Pick<ToolCall, 'tool' | 'arguments'>): string {
  const values = Object.values(call.arguments).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return [call.tool, ...values].join(' ');
}

/** Where a piece of visible text came from, for rules that treat some sources differently. */
export type TextSource = 'user' | 'assistant' | 'call' | 'tool';

/** One block of visible text, in the order the request carries it. */
export interface VisibleText {
  source: TextSource;
  text: string;
  /** For a `call`: the call itself. */
  call?: Pick<ToolCall, 'tool' | 'arguments'>;
  /** True for a file's own text, whose lines wrap sentences rather than separate records. */
  prose?: boolean;
  /** For a file's text read whole: the path it was read from. */
  path?: string;
}

/**
 * The text a model can see in `messages`, leaving out the system message and the message at index
 * `except` (the question being answered). Tool outputs lose their line numbers and trailers.
 */
export function visibleTexts(messages: readonly Message[], except: number): VisibleText[] {
  const texts: VisibleText[] = [];
  const calls = new Map<string, ToolCall>();
  messages.forEach((message, index) => {
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) calls.set(call.callId, call);
    if (index === except || message.role === 'system') return;
    switch (message.role) {
      case 'user':
        texts.push({ source: 'user', text: message.content });
        break;
      case 'assistant':
        if (message.content.trim())
          texts.push({ source: 'assistant', text: withSettingStatements(message.content) });
        for (const call of message.toolCalls ?? []) {
          texts.push({ source: 'call', text: describeCall(call), call });
        }
        break;
      case 'tool': {
        const call = calls.get(message.callId);
        // A file's own text (its lines numbered), not a reference to it, is read with its path.
        const prose = /^\s*\d+\t/m.test(message.content);
        const path = call?.tool === 'read_file' && prose ? stringArgument(call.arguments, 'path') : undefined;
        texts.push({
          source: 'tool',
          text: withSettingStatements(readableOutput(message.content)),
          prose,
          ...(path === undefined ? {} : { path }),
        });
        // A change the tool made says what the file holds now, as a read of it would.
        const written = call?.tool === 'edit_file' ? stringArgument(call.arguments, 'text') : undefined;
        if (written !== undefined && !/^\s*error:/i.test(message.content)) {
          texts.push({ source: 'tool', text: withSettingStatements(written) });
        }
        break;
      }
    }
  });
  return texts;
}
