import { describe, expect, it } from 'vitest';
import { EARLIER_HEADER, NOW_HEADER, SUMMARY_HEADER_START, type Message } from '../../../engine/index.js';
import { viewOf } from '../../../runners/scoring/evidence/channels.js';
import { probeEvidence } from '../../../runners/scoring/evidence/in-view.js';
import { outcomeCells, probeOutcome } from '../../../runners/scoring/outcome.js';
import { evidenceStepResults } from '../../../runners/scoring/evidence/evidence-steps.js';

const system: Message = { role: 'system', content: 'You are helpful.' };
const earlier: Message = {
  role: 'user',
  content: `${EARLIER_HEADER}\n- entity mirror: GULL — from person\n${SUMMARY_HEADER_START}the earliest turn.\nThe person said HERON.`,
};
const now: Message = { role: 'user', content: `${NOW_HEADER}\n- task: ship it` };
const question: Message = { role: 'user', content: 'What is the codename?' };
const reference: Message = {
  role: 'tool',
  tool: 'read_file',
  callId: 'c1',
  content: '[output of entry 4 not repeated: read_file at 09:00:01, ok]\nfirst line: 1 port 7311',
};
const recall: Message = { role: 'tool', tool: 'memory', callId: 'c2', content: 'entry 4: port 7311' };
const held: Message = {
  role: 'tool',
  tool: 'run_command',
  callId: 'c3',
  content: 'a\n[… 9 lines (1 KiB) held back …]\nz',
};
const reply: Message = {
  role: 'assistant',
  content: 'Reading.',
  toolCalls: [{ tool: 'read_file', arguments: { path: 'a.md' }, callId: 'c4' }],
};

describe('the channels of a request', () => {
  it('tells each message and both parts of the earlier block apart', () => {
    const channels = viewOf([system, earlier, reference, recall, held, reply, now, question]).map(
      (p) => p.channel,
    );
    expect(channels).toEqual([
      'instructions',
      'facts',
      'summary',
      'reference',
      'memory',
      'held-back',
      'reply',
      'now',
      'prompt',
    ]);
  });

  it('reads a reply together with its tool calls’ arguments', () => {
    expect(viewOf([reply])[0]?.text).toContain('a.md');
  });
});

describe('a probe’s evidence', () => {
  const expectation = { any: ['GULL'], none: ['HERON'] };

  it('is in view through the channels that show it, with the stale value flagged', () => {
    const evidence = probeEvidence([[system, earlier, question]], expectation, question.content);
    expect(evidence).toEqual({ inView: true, atQuestion: true, channels: ['facts'], staleInView: true });
  });

  it('does not count the question itself', () => {
    const asking: Message = { role: 'user', content: 'Is it GULL?' };
    expect(probeEvidence([[system, asking]], expectation, asking.content).inView).toBe(false);
  });

  it('counts a later request of the turn, not at the question', () => {
    const evidence = probeEvidence(
      [
        [system, question],
        [system, question, reply, recall],
      ],
      { any: ['7311'], none: [] },
      question.content,
    );
    expect(evidence).toMatchObject({ inView: true, atQuestion: false, channels: ['memory'] });
  });

  it('looks for expect.evidence in place of any when given', () => {
    const expect15 = { any: ['15 June'], none: [], evidence: ['7311'] };
    expect(probeEvidence([[reference, question]], expect15, question.content).channels).toEqual([
      'reference',
    ]);
  });

  it('has nothing to look for on a never-given probe', () => {
    expect(probeEvidence([[earlier, question]], { abstain: true }, question.content).inView).toBe(false);
  });
});

describe('a probe’s cell', () => {
  const shown = { inView: true, atQuestion: true, channels: [], staleInView: false };
  const lost = { ...shown, inView: false };

  it('sets the verdict against the evidence, with the alarm for a right answer never delivered', () => {
    expect(probeOutcome('answer', 'correct', shown, true)).toBe('delivered-correct');
    expect(probeOutcome('answer', 'wrong', shown, true)).toBe('delivered-missed');
    expect(probeOutcome('answer', 'abstained', lost, true)).toBe('not-delivered');
    expect(probeOutcome('answer', 'correct', lost, true)).toBe('not-delivered-correct');
    expect(probeOutcome('abstention', 'correct', lost, false)).toBe('never-given');
  });

  it('tells evidence that never entered the run from evidence the engine lost', () => {
    expect(probeOutcome('answer', 'abstained', lost, false)).toBe('never-entered');
    expect(probeOutcome('answer', 'wrong', lost, false)).toBe('never-entered');
    // A right answer whose evidence was never sent is the alarm, entered or not.
    expect(probeOutcome('answer', 'correct', lost, false)).toBe('not-delivered-correct');
  });

  it('counts the alarm cell', () => {
    const probe = {
      id: 'p',
      turn: 1,
      question: '',
      reply: '',
      verdict: 'correct' as const,
      expects: 'answer' as const,
      evidence: lost,
    };
    const cells = outcomeCells([
      { ...probe, outcome: 'not-delivered-correct' },
      { ...probe, outcome: 'delivered-correct' },
    ]);
    expect(cells).toEqual({
      deliveredCorrect: 1,
      deliveredMissed: 0,
      notDelivered: 0,
      alarm: 1,
      neverEntered: 0,
    });
  });
});

describe('an evidence step', () => {
  const said: Message = { role: 'user', content: 'The codename is GULL.' };
  const facts: Message = { role: 'user', content: `${EARLIER_HEADER}\n- codename: GULL` };
  const check = { id: 'kept', any: ['GULL'], through: ['facts' as const], step: 1, fromRequest: 0 };

  it('stays through facts after its turn is dropped', () => {
    const requests = [
      { turn: 1, messages: [system, said] },
      { turn: 2, messages: [system, facts, question] },
    ];
    expect(evidenceStepResults([check], requests)).toEqual([
      {
        id: 'kept',
        step: 1,
        checked: 2,
        leftAt: null,
        channels: ['prompt', 'facts'],
        lastChannels: ['facts'],
        through: { expected: ['facts'], held: true },
      },
    ]);
  });

  it('gives the first turn at which it left the view', () => {
    const requests = [
      { turn: 1, messages: [system, said] },
      { turn: 2, messages: [system, question] },
      { turn: 3, messages: [system, facts] },
    ];
    const [result] = evidenceStepResults([check], requests);
    expect(result).toMatchObject({ leftAt: 2, through: { held: false } });
  });

  it('checks only the requests from its step on', () => {
    const requests = [
      { turn: 1, messages: [system, said] },
      { turn: 2, messages: [system, question] },
    ];
    const [result] = evidenceStepResults([{ ...check, fromRequest: 1 }], requests);
    expect(result).toMatchObject({ checked: 1, leftAt: 2, channels: [] });
  });
});
