import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../engine/model/port.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { failures } from '../../../../runners/models/reader/command-runs.js';
import { parseCommandOutput } from '../../../../runners/models/reader/outputs.js';
import { assistant, exchange, request, user } from './conversation-fixtures.js';

async function ask(history: Message[], question: string): Promise<string> {
  const response = await createReaderModel({ profile: 'reader', window: 32_768 }).respond(
    request([...history, user(question)]),
  );
  expect(response.toolCalls).toEqual([]);
  return response.text;
}

const failing = [
  'exit status: 1',
  'stdout:',
  'ok 1 - the kettle boils at sea level',
  'not ok 2 - the timer rings after five minutes',
  '# 1 failed',
].join('\n');
const passing = [
  'exit status: 0',
  'stdout:',
  'ok 1 - the kettle boils at sea level',
  'ok 2 - the timer rings',
].join('\n');

/** Two runs of the checks, a fix between them, and a document that speaks of checks in general. */
const history: Message[] = [
  user('Please run `make check`.'),
  ...exchange('c1', 'run_command', { command: 'make check' }, failing),
  assistant('I ran make check: exit status 1.'),
  user('Please run `make check` again.'),
  ...exchange('c2', 'run_command', { command: 'make check' }, passing),
  assistant('I ran make check: exit status 0.'),
  user('Please read notes/checks.md.'),
  ...exchange(
    'r1',
    'read_file',
    { path: 'notes/checks.md' },
    '1\tThe check command exits with status 2 when a check fails, and every check prints its name.\n[end of file]',
  ),
  assistant('I read notes/checks.md.'),
];

describe('questions about command runs are answered from the runs', () => {
  it('reads failure lines in the forms test runners print', () => {
    expect(failures(parseCommandOutput(failing))).toEqual(['the timer rings after five minutes']);
    expect(
      failures(parseCommandOutput('exit status: 1\nstdout:\n  FAIL  a slow test\n--- FAIL: TestSpeed')),
    ).toEqual(['a slow test', 'TestSpeed']);
    expect(failures(parseCommandOutput('exit status: 0\nstdout:\nnothing failed here'))).toEqual([]);
  });

  it('names what failed the first time, from the first run, not from a later document', async () => {
    expect(await ask(history, 'Which check failed the first time you ran the checks?')).toBe(
      'The first time I ran `make check`, `the timer rings after five minutes` failed (exit status 1).',
    );
  });

  it('names what failed however the question is put: a leading clause, a frame, a pass that did not happen', async () => {
    const first =
      'The first time I ran `make check`, `the timer rings after five minutes` failed (exit status 1).';
    expect(await ask(history, 'The first time you ran the checks, which check failed?')).toBe(first);
    expect(await ask(history, 'I forget which check failed on the first run.')).toBe(first);
    expect(await ask(history, 'On the very first run of the checks, which check did not pass?')).toBe(first);
  });

  it('names the command when the person asks for it as a thing they need', async () => {
    expect(await ask(history, 'Could you tell me the command you used for running the checks?')).toBe(
      'I ran `make check`.',
    );
  });

  it('gives the exit status now from the latest run', async () => {
    expect(await ask(history, 'What exit status do the checks end with now?')).toBe(
      'The last time I ran `make check`, it ended with exit status 0.',
    );
    // Any phrase that places the question in time does, however the question is put.
    expect(await ask(history, 'Could you tell me the exit status the checks end with at this point?')).toBe(
      'The last time I ran `make check`, it ended with exit status 0.',
    );
    expect(await ask(history, 'What exit status did the checks end with at first?')).toBe(
      'The first time I ran `make check`, it ended with exit status 1.',
    );
  });

  it('names the command from the calls made', async () => {
    expect(await ask(history, 'Which command did you run the checks with?')).toBe('I ran `make check`.');
    // A fragment that names a command asks for the one that ran, with no verb to say so.
    expect(await ask(history, 'Check command?')).toBe('I ran `make check`.');
  });

  it('leaves a general question about a command to the documents', async () => {
    expect(await ask(history, 'What status does the check command exit with when a check fails?')).toMatch(
      /exits with status 2/,
    );
  });

  it('does not say what failed when the run is only a reference', async () => {
    const referenced: Message[] = [
      user('Please run `make check`.'),
      ...exchange(
        'c3',
        'run_command',
        { command: 'make check' },
        '[output of entry 4 not repeated: run_command at 09:00:10, exit status 1, 5 lines, 120 bytes]',
      ),
      assistant('I ran make check: exit status 1.'),
    ];
    expect(await ask(referenced, 'Which check failed the first time you ran the checks?')).toMatch(
      /^I don't know: the output of `make check` is no longer in view/,
    );
    expect(
      await ask(referenced, 'What exit status did the checks end with the last time you ran them?'),
    ).toMatch(/exit status 1/);
  });
});
