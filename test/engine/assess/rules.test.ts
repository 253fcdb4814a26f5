import { describe, expect, it } from 'vitest';
import { isFollowUp, restatesTask, ruleTools, toolsNamedBy } from '../../../engine/assess/rules.js';

const ALLOWED = ['read_file', 'edit_file', 'run_command', 'current_date', 'memory'];

describe('restatesTask', () => {
  it.each([
    "Today's task: write the release notes.",
    'Back to the task: the migration plan.',
    'The goal is a faster build.',
    'Objective: every test green by Friday.',
    'New task for you, the changelog.',
    'From now on we care about the installer.',
    "Let's move on to the installer.",
    'I want you to focus on the flaky test.',
    'We need to switch to the docs now.',
  ])('a statement of a task restates it: %s', (request) => {
    expect(restatesTask(request)).toBe(true);
  });

  it.each([
    'What is the task?',
    "Let's get back to the task we started with.",
    'Read docs/a.md and tell me about it.',
    'Is the goal: speed?',
    'Which task did we start with?',
  ])('a question, or words about a task that state none, do not: %s', (request) => {
    expect(restatesTask(request)).toBe(false);
  });

  it('looks at each sentence: a statement after a question still restates', () => {
    expect(restatesTask('Done with that? New task: the installer.')).toBe(true);
  });
});

describe('the rules for tools', () => {
  it('names built-in tools by everyday words and any tool by its name', () => {
    expect(toolsNamedBy('Please read docs/a.md', ALLOWED)).toEqual(['read_file']);
    expect(toolsNamedBy('Change the port in config.yaml', ALLOWED)).toEqual(['edit_file']);
    expect(toolsNamedBy("What is today's date?", ALLOWED)).toEqual(['current_date']);
    expect(toolsNamedBy('Use system_info for the disks', ['system_info', 'run_command'])).toEqual([
      'system_info',
    ]);
    expect(toolsNamedBy('What disks are there, and how much info?', ['system_info'])).toEqual([
      'system_info',
    ]);
    expect(toolsNamedBy('Who owns the mirror?', ALLOWED)).toEqual([]);
  });

  it('always allows the command fallback and memory, and edit_file brings read_file', () => {
    const outcome = ruleTools({
      request: 'Please edit notes.md so it says Monday.',
      allowed: ALLOWED,
      taskTools: [],
      previousTools: [],
    });
    expect(outcome).toEqual({
      tools: ['read_file', 'edit_file', 'run_command', 'memory'],
      toolsSettled: true,
    });
  });

  it('never registers a tool outside the allowed ones', () => {
    const outcome = ruleTools({
      request: 'Read a.md and run the tests',
      allowed: ['read_file'],
      taskTools: ['edit_file'],
      previousTools: ['current_date'],
    });
    expect(outcome.tools).toEqual(['read_file']);
  });

  it("gives a short or follow-up request the previous turn's tools, and counts that as settled", () => {
    expect(isFollowUp('And the other one?')).toBe(true);
    expect(isFollowUp('Do the same for the staging mirror and the production mirror as well')).toBe(true);
    expect(isFollowUp('Who looks after the production mirror in the Lisbon data centre these days?')).toBe(
      false,
    );
    const followUp = ruleTools({
      request: 'And the next one?',
      allowed: ALLOWED,
      taskTools: [],
      previousTools: ['read_file'],
    });
    expect(followUp).toEqual({ tools: ['read_file', 'run_command', 'memory'], toolsSettled: true });
    const question = ruleTools({
      request: 'Who looks after the production mirror in the Lisbon data centre these days?',
      allowed: ALLOWED,
      taskTools: ['edit_file'],
      previousTools: ['read_file'],
    });
    // The task's tools are registered, but they do not settle a request that names none.
    expect(question).toEqual({
      tools: ['read_file', 'edit_file', 'run_command', 'memory'],
      toolsSettled: false,
    });
  });
});
