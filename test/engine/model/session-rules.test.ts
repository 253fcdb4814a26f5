/**
 * When a request starts a new model session: at every condensation, whatever it dropped, and when
 * the tools it registers differ from the ones the session was opened with.
 */
import { describe, expect, it } from 'vitest';
import {
  Conversation,
  defaultSettings,
  memorySink,
  sequentialIds,
  steppingClock,
} from '../../../engine/index.js';
import { SessionTracker } from '../../../engine/model/sessions.js';
import type { Message, ToolSpec } from '../../../engine/model/port.js';
import { fakeModel } from '../helpers.js';

const tool = (name: string): ToolSpec => ({ name, description: name, parameters: {} });

describe('the session key', () => {
  it('compares the registered tools as well as the messages', () => {
    const sessions = new SessionTracker(sequentialIds());
    const asked: Message[] = [{ role: 'user', content: 'one' }];
    const answer: Message = { role: 'assistant', content: 'a' };
    const next: Message[] = [...asked, answer, { role: 'user', content: 'two' }];
    expect(sessions.begin(asked, [tool('read_file')]).fresh).toBe(true);
    sessions.hold(asked, answer, [tool('read_file')]);
    expect(sessions.begin(next, [tool('read_file')]).fresh).toBe(false);
    sessions.hold(next, answer, [tool('read_file')]);
    const later = [...next, answer, { role: 'user', content: 'three' } as Message];
    expect(sessions.begin(later, [tool('read_file'), tool('run_command')]).fresh).toBe(true);
  });
});

describe('a condensation', () => {
  it('starts a new session even when it drops nothing', async () => {
    const settings = defaultSettings();
    settings.context.policy = 'target';
    const convo = new Conversation({
      model: fakeModel((r) => ({
        text: 'Noted.',
        toolCalls: [],
        usage: { promptTokens: Math.ceil(JSON.stringify(r.messages).length / 4), completionTokens: 2 },
      })),
      clock: steppingClock(0, 1000, () => 0),
      ids: sequentialIds(),
      audit: memorySink(),
      tools: [],
      settings,
      instructions: 'system',
      window: 400,
    });
    await convo.turn(`The first question, at length: ${'words '.repeat(260)}`);
    const second = await convo.turn('And a short second one?');
    // The first turn is the floor: the condensation before the second had nothing it could drop.
    const atSecond = convo.condensations.filter((c) => c.turn === 2);
    expect(atSecond).toHaveLength(1);
    expect(atSecond[0]?.turnsDropped).toBe(0);
    expect(second.requests[0]?.fresh).toBe(true);
  });
});
