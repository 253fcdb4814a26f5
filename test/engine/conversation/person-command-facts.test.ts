/**
 * What a command the person ran printed gives facts, as the reference says: they rank with a tool's,
 * are named as the person's command's, and a later run of the same command, the model's or the
 * person's, supersedes them.
 */
import { describe, expect, it } from 'vitest';
import {
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
  type Tool,
} from '../../../engine/index.js';
import { PERSON_COMMAND_DETAIL, type Fact } from '../../../engine/facts/fact.js';
import { factLine } from '../../../engine/facts/lines.js';
import { fakeModel } from '../helpers.js';

const failing = ['exit status: 1', 'stdout:', '3 passed, 1 failed', 'stderr:', ''].join('\n');
const passing = ['exit status: 0', 'stdout:', '4 passed, 0 failed', 'stderr:', ''].join('\n');

/** `npm test` fails until `fixed` is set; the model runs it when asked to. */
function conversation() {
  const state = { fixed: false };
  const runCommand: Tool = {
    readOnly: false,
    spec: { name: 'run_command', description: 'run', parameters: {} },
    run: async () =>
      state.fixed ? { content: passing, ok: true, exitCode: 0 } : { content: failing, ok: true, exitCode: 1 },
  };
  const model = fakeModel((r) => {
    if (r.messages.at(-1)?.role === 'tool') return { text: 'Ran it.', toolCalls: [] };
    const last = r.messages.findLast((m) => m.role === 'user')?.content ?? '';
    if (!last.includes('run the tests')) return { text: 'Noted.', toolCalls: [] };
    return {
      text: '',
      toolCalls: [{ callId: '', tool: 'run_command', arguments: { command: 'npm test' } }],
    };
  });
  const convo = new Conversation({
    model,
    clock: steppingClock(0, 1000, () => 0),
    ids: sequentialIds(),
    audit: memorySink(),
    tools: [runCommand],
    settings: defaultSettings(),
    instructions: 'system',
    window: 8192,
  });
  return { convo, state };
}

const about = (facts: readonly Fact[], subject: string) =>
  facts.filter((f) => f.identity.subject === subject && f.identity.name === 'npm test');

describe('facts from a command the person ran', () => {
  it("are extracted from what it printed, rank with a tool's and are named as the person's command's", async () => {
    const { convo } = conversation();
    await convo.personCommand('npm test');
    const entry = convo.store.all().findLast((e) => e.personCommand);
    const current = convo.facts?.facts.current() ?? [];
    const [command] = about(current, 'command');
    const [tests] = about(current, 'tests');
    expect(command).toMatchObject({
      value: 'exit status 1',
      turn: 1,
      source: { kind: 'tool', method: 'extracted', detail: PERSON_COMMAND_DETAIL },
      entries: [entry?.id],
      events: [entry?.sources[0]],
    });
    expect(tests?.value).toBe('3 passed, 1 failed');
    expect(factLine(command as Fact)).toBe(
      `- command npm test: exit status 1 — from the person's command, turn 1, entry ${entry?.id}`,
    );
    // The person's own word outranks what their command printed: it is an observation, not a statement.
    await convo.turn('The tests are flaky.');
    convo.statePersonFact('tests', 'npm test', 'flaky');
    const conflict = convo.facts?.facts.conflicts().find((c) => c.subject === 'tests');
    expect(conflict?.winner.source.kind).toBe('person');
    expect(conflict?.others.map((f) => f.source.detail)).toEqual([PERSON_COMMAND_DETAIL]);
  });

  it("give way to the model's later run of the same command", async () => {
    const { convo, state } = conversation();
    await convo.personCommand('npm test');
    await convo.turn('What failed?');
    state.fixed = true;
    await convo.turn('Please run the tests again.');
    const all = convo.facts?.facts.all() ?? [];
    const commands = about(all, 'command');
    expect(commands.map((f) => [f.value, f.source.detail, f.state])).toEqual([
      ['exit status 1', PERSON_COMMAND_DETAIL, 'superseded'],
      ['exit status 0', 'run_command', 'current'],
    ]);
    expect(commands[0]?.supersededBy).toBe(commands[1]?.id);
    expect(about(all, 'tests').map((f) => [f.value, f.state])).toEqual([
      ['3 passed, 1 failed', 'superseded'],
      ['4 passed, 0 failed', 'current'],
    ]);
    expect(convo.facts?.facts.conflicts()).toEqual([]);
  });

  it("give way to the person's later run of the same command", async () => {
    const { convo, state } = conversation();
    await convo.personCommand('npm test');
    await convo.turn('What failed?');
    state.fixed = true;
    await convo.personCommand('npm test');
    const commands = about(convo.facts?.facts.all() ?? [], 'command');
    expect(commands.map((f) => [f.value, f.turn, f.state])).toEqual([
      ['exit status 1', 1, 'superseded'],
      ['exit status 0', 2, 'current'],
    ]);
  });
});
