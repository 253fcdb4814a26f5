/**
 * A command the person ran after `!`: run through the run_command tool and stored as a prompt that is
 * no turn of its own; it goes with the turn after it. The prompt's wording is the protocol's.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import type { ToolCall } from '../model/port.js';
import type { Clock, Ids } from '../ports.js';
import { personCommandText } from '../protocol.js';
import type { ContextStore } from '../store/store.js';
import type { ToolResult } from '../tools/tool.js';
import type { ToolRunner } from '../tools/tool-runner.js';
import type { FactsLayer } from '../facts/facts-layer.js';

export interface PersonCommandParts {
  ids: Ids;
  clock: Clock;
  audit: AuditRecorder;
  store: ContextStore;
  runner: ToolRunner;
  facts: FactsLayer | null;
}

/**
 * Runs `command` for the turn after `lastTurn` and records it as that turn's person command, with
 * the facts its output gives, named as the person's command's.
 */
export async function runPersonCommand(
  parts: PersonCommandParts,
  lastTurn: number,
  command: string,
): Promise<ToolResult> {
  const { ids, clock, audit, store, runner, facts } = parts;
  const turn = lastTurn + 1;
  const call: ToolCall = { callId: ids.next('call'), tool: 'run_command', arguments: { command } };
  const result = await runner.run(turn, call);
  const text = personCommandText(command, result.content);
  const event = audit.record({ type: 'prompt', turn, entry: store.nextId(), text, command: true });
  const entry = store.append({
    kind: 'prompt',
    turn,
    text,
    personCommand: true,
    sources: [event.id],
    recordedAt: clock.now(),
  });
  facts?.extractPersonCommand(turn, command, result, entry.id, event.id);
  return result;
}
