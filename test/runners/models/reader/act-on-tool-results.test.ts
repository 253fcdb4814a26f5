import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../engine/model/port.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { MAX_PAGES_PER_FILE } from '../../../../runners/models/reader/act-on-tool-results.js';
import { exchange, page, request, user } from './conversation-fixtures.js';

const reader = () => createReaderModel({ profile: 'reader', window: 32_768 });

const firstPage = page(
  ['# Beekeeping rota', '', 'Hives are inspected every Saturday morning.', 'Smokers live in the blue crate.'],
  1,
  true,
);
const secondPage = page(['[inspection]', 'Wear gloves near hive three.'], 5, false);

function readingTurn(prompt: string, pages: string[]): Message[] {
  const messages: Message[] = [user(prompt)];
  let offset = 1;
  pages.forEach((output, i) => {
    const args = i === 0 ? { path: 'club/bees.md' } : { path: 'club/bees.md', offset };
    messages.push(...exchange(`c${i}`, 'read_file', args, output));
    offset = Number(/\[more from offset (\d+)\]/.exec(output)?.[1] ?? offset);
  });
  return messages;
}

describe('reader after a tool result', () => {
  it('pages on to the offset the hint gives', async () => {
    const response = await reader().respond(request(readingTurn('Read club/bees.md', [firstPage])));
    expect(response.text).toBe('');
    expect(response.toolCalls).toEqual([
      { callId: expect.any(String), tool: 'read_file', arguments: { path: 'club/bees.md', offset: 5 } },
    ]);
  });

  it('stops paging after the page limit', async () => {
    const endless = Array.from({ length: MAX_PAGES_PER_FILE }, (_, i) =>
      page([`Line of page ${i + 1} about wax.`], i + 1, true),
    );
    const response = await reader().respond(request(readingTurn('Read club/bees.md', endless)));
    expect(response.toolCalls).toEqual([]);
    expect(response.text).toMatch(/^I read club\/bees\.md:/);
  });

  it('retypes a shown file verbatim, every page, without numbers or trailers', async () => {
    const response = await reader().respond(
      request(readingTurn('Please show me club/bees.md', [firstPage, secondPage])),
    );
    expect(response.toolCalls).toEqual([]);
    expect(response.text).toBe(
      [
        'Here is club/bees.md:',
        '# Beekeeping rota',
        '',
        'Hives are inspected every Saturday morning.',
        'Smokers live in the blue crate.',
        '[inspection]',
        'Wear gloves near hive three.',
      ].join('\n'),
    );
  });

  it('summarises a read file by name, title and opening sentences', async () => {
    const response = await reader().respond(
      request(readingTurn('Have a look at club/bees.md', [firstPage, secondPage])),
    );
    expect(response.text).toBe(
      'I read club/bees.md: Beekeeping rota. Hives are inspected every Saturday morning. ' +
        'Smokers live in the blue crate.',
    );
  });

  it('takes no indented "# ..." line (a shell prompt in an example) for the title', async () => {
    const notes = page(
      [
        'hives (2.1) stable',
        '',
        'Frames are now wired by default.',
        'To keep the old way, run:',
        '  # hivectl --unwired',
      ],
      1,
      false,
    );
    const response = await reader().respond(request(readingTurn('Have a look at club/bees.md', [notes])));
    expect(response.text).toBe(
      'I read club/bees.md: hives (2.1) stable. Frames are now wired by default. ' +
        'To keep the old way, run: # hivectl --unwired.',
    );
  });

  it('summarises each of two files in turn', async () => {
    const messages: Message[] = [
      user('Read club/bees.md and club/hens.md'),
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { callId: 'x1', tool: 'read_file', arguments: { path: 'club/bees.md' } },
          { callId: 'x2', tool: 'read_file', arguments: { path: 'club/hens.md' } },
        ],
      },
      {
        role: 'tool',
        callId: 'x1',
        tool: 'read_file',
        content: page(['# Bees', 'Bees like clover a lot.'], 1, false),
      },
      {
        role: 'tool',
        callId: 'x2',
        tool: 'read_file',
        content: page(['# Hens', 'Hens roost by six pm.'], 1, false),
      },
    ];
    const response = await reader().respond(request(messages));
    expect(response.text.split('\n')).toEqual([
      'I read club/bees.md: Bees. Bees like clover a lot.',
      'I read club/hens.md: Hens. Hens roost by six pm.',
    ]);
  });

  it('reports a command with its exit status and last telling line', async () => {
    const output = 'exit status: 1\nstdout:\nchecking 14 files\nstderr:\nlint: unused import in feeder.ts\n';
    const response = await reader().respond(
      request([
        user('Run `npm run lint`'),
        ...exchange('r', 'run_command', { command: 'npm run lint' }, output),
      ]),
    );
    expect(response.text).toBe('I ran npm run lint: exit status 1. lint: unused import in feeder.ts');
  });

  it('says in one sentence what failed', async () => {
    const response = await reader().respond(
      request([
        user('Open club/ducks.md'),
        ...exchange('e', 'read_file', { path: 'club/ducks.md' }, 'error: club/ducks.md does not exist'),
      ]),
    );
    expect(response.text).toBe('Reading club/ducks.md failed: club/ducks.md does not exist.');
  });
});

describe('a question about a file not yet read', () => {
  it('reads the file first, then answers the question from it in the same turn', async () => {
    const model = reader();
    const asked = 'When does club/bees.md say the hives are inspected?';
    const first = await model.respond(request([user(asked)]));
    expect(first.toolCalls.map((call) => call.arguments)).toEqual([{ path: 'club/bees.md' }]);
    const paged = await model.respond(request(readingTurn(asked, [firstPage])));
    expect(paged.toolCalls.map((call) => call.arguments)).toEqual([{ path: 'club/bees.md', offset: 5 }]);
    const answered = await model.respond(request(readingTurn(asked, [firstPage, secondPage])));
    expect(answered.toolCalls).toEqual([]);
    expect(answered.text).toMatch(/Saturday morning/);
    expect(answered.text).not.toMatch(/^I read/);
  });

  it('gives an account, not an answer, when the question asks what the file holds', async () => {
    const response = await reader().respond(
      request(readingTurn('What is in club/bees.md?', [firstPage, secondPage])),
    );
    expect(response.text).toMatch(/^I read club\/bees\.md: Beekeeping rota\./);
  });

  it('abstains when the file it read does not say', async () => {
    const response = await reader().respond(
      request(readingTurn('What does club/bees.md say about honey prices?', [firstPage, secondPage])),
    );
    expect(response.text).toMatch(/^I don't know/);
  });

  it('answers from what is in view when the path-shaped name is no file', async () => {
    const missing = 'error: there is no file "club/bees.md" in the workspace';
    const response = await reader().respond(
      request([
        user('Hives are inspected every Saturday morning.'),
        ...readingTurn('When does club/bees.md say the hives are inspected?', [missing]),
      ]),
    );
    expect(response.text).toMatch(/Saturday morning/);
  });
});
