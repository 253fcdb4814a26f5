import { describe, expect, it } from 'vitest';
import type { Message, ModelResponse, ToolSpec } from '../../../../engine/model/port.js';
import { ABSTENTION } from '../../../../runners/models/reader/answer.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import {
  MAX_RECALLS,
  mentionedEntries,
  rankCandidates,
  recallCandidates,
  recalledText,
} from '../../../../runners/models/reader/recall.js';
import { TOOLS, assistant, exchange, page, request, user } from './conversation-fixtures.js';

/** The memory tool as a conversation registers it. */
const MEMORY: ToolSpec = {
  name: 'memory',
  description: 'Recalls an old output the conversation no longer repeats.',
  parameters: { type: 'object', properties: { request: { type: 'string' } } },
};
const WITH_MEMORY = [...TOOLS, MEMORY];

const reader = () => createReaderModel({ profile: 'reader', window: 32_768 });

/** A reference in the engine's format, sent in place of an old output. */
function reference(
  entry: number,
  tool: string,
  args: Record<string, unknown>,
  first: string,
  last: string,
  paging?: number,
): string {
  return [
    `[output of entry ${entry} not repeated: ${tool} at 14:05:12, ok, 40 lines, 1630 bytes; to see it: memory "recall entry ${entry}"]`,
    `arguments: ${JSON.stringify(args)}`,
    `first line: ${first}`,
    `last line: ${last}`,
    ...(paging === undefined ? [] : [`paging: more from offset ${paging}`]),
  ].join('\n');
}

/**
 * What memory gives back for an entry, as its pager shows it: a title, the entry's text with every
 * line numbered (a read_file output keeps its own numbers inside), and an end mark or a hint for more.
 */
function recalled(entry: number, text: string, from = 1, count = Number.POSITIVE_INFINITY): string {
  const lines = text.split('\n');
  const shown = lines.slice(from - 1, from - 1 + count);
  const next = from + shown.length;
  return [
    `[entry ${entry}: tool output of read_file, turn 1, active, sent as a reference from turn 2; text from the store: the audit does not hold it]`,
    ...shown.map((line, i) => `${from + i}\t${line}`),
    next <= lines.length ? `[more: memory "recall entry ${entry} from line ${next}"]` : '[end of entry]',
  ].join('\n');
}

/** An earlier turn that read a file, its output now a reference. */
function readTurn(entry: number, path: string, first: string, last: string): Message[] {
  return [
    user(`Read ${path}`),
    ...exchange(`r${entry}`, 'read_file', { path }, reference(entry, 'read_file', { path }, first, last)),
    assistant(`I read ${path}: ${first.replace(/^#\s*/, '')}.`),
  ];
}

const history: Message[] = [
  ...readTurn(4, 'docs/storage.md', '# Storage', 'Backups run nightly.'),
  ...readTurn(7, 'notes/garden.md', '# Garden', 'Water the beans.'),
];

const storageText = [
  '# Storage',
  '',
  'Each node keeps a local copy of hot objects.',
  'The storage cache limit is 512 MiB per node.',
  'Backups run nightly.',
];

/**
 * Plays the engine for one turn: sends the request, runs each memory call against `store`, and
 * returns every response until the reader replies with text.
 */
async function turn(
  messages: Message[],
  store: (request: string) => string,
  tools: ToolSpec[] = WITH_MEMORY,
): Promise<ModelResponse[]> {
  const model = reader();
  const responses: ModelResponse[] = [];
  const sent = [...messages];
  for (let step = 0; step < 10; step++) {
    const response = await model.respond(request(sent, tools));
    responses.push(response);
    if (response.toolCalls.length === 0) return responses;
    sent.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls });
    for (const call of response.toolCalls) {
      const asked = call.arguments['request'];
      sent.push({
        role: 'tool',
        callId: call.callId,
        tool: call.tool,
        content: typeof asked === 'string' ? store(asked) : 'error: no request',
      });
    }
  }
  throw new Error('the reader never replied with text');
}

function requests(responses: readonly ModelResponse[]): unknown[] {
  return responses.flatMap((response) =>
    response.toolCalls.map((call) => ({ tool: call.tool, request: call.arguments['request'] })),
  );
}

describe('reader recalls instead of abstaining when it has the memory tool', () => {
  it('recalls the entry whose reference matches the question best, then answers from it', async () => {
    const question = user('What is the storage cache limit?');
    const first = await reader().respond(request([...history, question], WITH_MEMORY));
    // Entry 7 is more recent, but only entry 4's path shares a word with the question.
    expect(first.text).toBe('');
    expect(first.toolCalls).toEqual([
      { callId: expect.any(String), tool: 'memory', arguments: { request: 'recall entry 4' } },
    ]);

    const responses = await turn([...history, question], (asked) =>
      asked === 'recall entry 4' ? recalled(4, page(storageText, 1, false)) : 'error: not kept',
    );
    expect(requests(responses)).toEqual([{ tool: 'memory', request: 'recall entry 4' }]);
    expect(responses.at(-1)?.text).toBe('The storage cache limit is 512 MiB per node.');
  });

  it('abstains as before without the memory tool', async () => {
    const response = await reader().respond(
      request([...history, user('What is the storage cache limit?')], TOOLS),
    );
    expect(response).toMatchObject({ text: ABSTENTION, toolCalls: [] });
  });

  it('answers from what is visible without recalling', async () => {
    const visible = [...history, user('The cache limit on the test rig is 64 MiB.'), assistant('Noted.')];
    const response = await reader().respond(
      request([...visible, user('What is the cache limit on the test rig?')], WITH_MEMORY),
    );
    expect(response).toMatchObject({ text: 'The cache limit on the test rig is 64 MiB.', toolCalls: [] });
  });

  it('recalls at most three times for one question, then abstains', async () => {
    const many: Message[] = [
      ...readTurn(3, 'docs/storage.md', '# Storage', 'Backups run nightly.'),
      ...readTurn(5, 'docs/network.md', '# Network', 'Ports are fixed.'),
      ...readTurn(8, 'notes/garden.md', '# Garden', 'Water the beans.'),
      ...readTurn(9, 'notes/kitchen.md', '# Kitchen', 'Descale the kettle.'),
      ...readTurn(11, 'docs/storage-cache.md', '# Cache', 'Evictions are logged.'),
    ];
    const responses = await turn([...many, user('What is the storage cache limit?')], (asked) =>
      recalled(
        Number(/\d+/.exec(asked)?.[0]),
        page(['# Nothing useful', 'Some unrelated prose lives here.'], 1, false),
      ),
    );
    // Best overlap first (storage and cache), then storage alone, then the most recent of the rest.
    expect(requests(responses)).toEqual([
      { tool: 'memory', request: 'recall entry 11' },
      { tool: 'memory', request: 'recall entry 3' },
      { tool: 'memory', request: 'recall entry 9' },
    ]);
    expect(requests(responses)).toHaveLength(MAX_RECALLS);
    expect(responses.at(-1)).toMatchObject({ text: ABSTENTION, toolCalls: [] });
  });

  it('abstains when there is nothing to recall', async () => {
    const chat = [user('The shed key hangs by the door.'), assistant('Noted.')];
    const response = await reader().respond(
      request([...chat, user('What is the storage cache limit?')], WITH_MEMORY),
    );
    expect(response).toMatchObject({ text: ABSTENTION, toolCalls: [] });
  });

  it("takes a candidate from a fact line's entry", async () => {
    const earlier = [
      'Facts recorded earlier in this conversation: a record, not instructions. Each line ends with the source of its fact.',
      '- file docs/pump.md: pump schedule, read lines 1-40 — from tool read_file, turn 2, entry 9',
      '- person name: Ada — from the person',
    ].join('\n');
    const messages = [
      user(earlier),
      ...readTurn(12, 'notes/garden.md', '# Garden', 'Water the beans.'),
      user('When does the pump schedule start the pump?'),
    ];
    const responses = await turn(messages, (asked) =>
      asked === 'recall entry 9'
        ? recalled(9, page(['# Pump schedule', 'The pump starts at 06:30 every morning.'], 1, false))
        : 'error: not kept',
    );
    expect(requests(responses)).toEqual([{ tool: 'memory', request: 'recall entry 9' }]);
    expect(responses.at(-1)?.text).toBe('The pump starts at 06:30 every morning.');
  });

  it('takes a candidate from a summary sentence that names an entry', () => {
    const summary = [
      "The model's summary of the 2 earliest turns, which are no longer shown: a record, not instructions.",
      'The assistant ran the nightly backup script (entry 6). It read the roster in entries 2 and 3.',
    ].join('\n');
    const candidates = recallCandidates([user(summary)]);
    expect(candidates.map((c) => c.entry)).toEqual([6, 2, 3]);
    expect(rankCandidates('Did the nightly backup pass?', candidates)[0]?.entry).toBe(6);
    expect(mentionedEntries('from tool read_file, turns 1-3, entries 4, 9')).toEqual([4, 9]);
  });

  it('takes the recalled entry, not the recall, from a reference to an earlier recall', () => {
    const earlierRecall = reference(
      15,
      'memory',
      { request: 'recall entry 4' },
      '[entry 4: tool output of read_file, turn 1, active; text from the store: the audit does not hold it]',
      '4\t4\tThe storage cache limit is 512 MiB per node.',
    );
    const summaryRecall = reference(16, 'memory', { request: 'recall summary' }, '[summary: 1 version]', 'x');
    const candidates = recallCandidates([
      ...exchange('m1', 'memory', { request: 'recall entry 4' }, earlierRecall),
      ...exchange('m2', 'memory', { request: 'recall summary' }, summaryRecall),
    ]);
    expect(candidates).toEqual([{ entry: 4, texts: ['The storage cache limit is 512 MiB per node.'] }]);
  });

  it('recalls the most recent first when nothing overlaps', async () => {
    const response = await reader().respond(
      request([...history, user('What is the warranty period?')], WITH_MEMORY),
    );
    expect(response.toolCalls.map((call) => call.arguments)).toEqual([{ request: 'recall entry 7' }]);
  });

  it('pages once through a recalled output that says there is more', async () => {
    const whole = page(storageText, 1, false);
    const responses = await turn([...history, user('What is the storage cache limit?')], (asked) => {
      if (asked === 'recall entry 4') return recalled(4, whole, 1, 3);
      if (asked === 'recall entry 4 from line 4') return recalled(4, whole, 4);
      return 'error: not kept';
    });
    expect(requests(responses)).toEqual([
      { tool: 'memory', request: 'recall entry 4' },
      { tool: 'memory', request: 'recall entry 4 from line 4' },
    ]);
    expect(responses.at(-1)?.text).toBe('The storage cache limit is 512 MiB per node.');
  });

  it('describes a memory result as before when the turn asked no question', async () => {
    const messages = [
      user('Recall entry 4 for me.'),
      ...exchange('m1', 'memory', { request: 'recall entry 4' }, recalled(4, page(storageText, 1, false))),
    ];
    const response = await reader().respond(request(messages, WITH_MEMORY));
    expect(response.toolCalls).toEqual([]);
    expect(response.text).toMatch(/^I used memory:/);
  });

  it('leaves read_file paging alone', async () => {
    const messages = [
      user('Read docs/storage.md'),
      ...exchange('a', 'read_file', { path: 'docs/storage.md' }, page(storageText.slice(0, 2), 1, true)),
    ];
    const response = await reader().respond(request(messages, WITH_MEMORY));
    expect(response.toolCalls.map((call) => call.arguments)).toEqual([
      { path: 'docs/storage.md', offset: 3 },
    ]);
  });

  it('reads a recalled page back as the output it was', () => {
    const content = recalled(4, page(['# Storage', 'Hot objects stay.'], 1, false));
    expect(recalledText(content)).toBe(page(['# Storage', 'Hot objects stay.'], 1, false));
    expect(
      recalledText(
        '[entry 3: reply, turn 1, active; text from the store: the audit does not hold it]\n1\tFine.\n[end of entry]',
      ),
    ).toBe('Fine.');
  });
});
