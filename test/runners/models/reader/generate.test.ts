import { describe, expect, it } from 'vitest';
import { ContextOverflowError } from '../../../../engine/model/port.js';
import type { GuidedRequest } from '../../../../engine/model/port.js';
import { readStatement } from '../../../../runners/models/reader/distil.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { fitToLimit } from '../../../../runners/models/reader/guided-summary.js';
import { TokenCounter } from '../../../../runners/models/reader/tokens.js';
import { SYSTEM, user } from './conversation-fixtures.js';

const KINDS = `Subject kinds you may use:
- entity: things of the project: names, codenames, versions
- preference: what the person likes or wants
- person: people and their roles
- decision: what was decided or planned
- date: days, deadlines and schedules`;

function distilText(parts: { kinds?: string; known?: string; leaving: string; later?: string }): string {
  return [
    'Take the facts the person stated from the turns leaving the context.',
    '',
    parts.kinds ?? KINDS,
    '',
    'Facts already known:',
    parts.known ?? '- none',
    '',
    'Turns leaving the context:',
    parts.leaving,
    '',
    'Later turns, for the latest values:',
    parts.later ?? '- none',
  ].join('\n');
}

function guided(purpose: string, content: string): GuidedRequest {
  return { purpose, messages: [SYSTEM, user(content)], schema: { type: 'object' }, maxTokens: 400 };
}

const LEAVING = `Turn 1
person: The codename for the new service is Blue Heron. Please read docs/storage.md.
assistant: The file describes the storage layer.
Turn 2
person: Our database runs in Frankfurt. What does the cache hold?
assistant: I don't know.
Turn 3
person: The on-call engineer is Maria Lopez. We plan to ship the release on Friday.
assistant: Noted.
Turn 4
person: I prefer short commit messages. We decided to use Postgres for storage.
assistant: Noted.
Turn 5
person: Thanks, that helps.
assistant: You're welcome.`;

async function distilFacts(text: string): Promise<unknown> {
  const model = createReaderModel({ profile: 'reader', window: 8000 });
  if (!model.generate) throw new Error('reader offers no generate');
  const response = await model.generate(guided('distil', text));
  return response.value;
}

describe('reader generate: distil', () => {
  it("extracts the person's statements with their subjects and skips requests and questions", async () => {
    const value = await distilFacts(distilText({ leaving: LEAVING }));
    expect(value).toEqual({
      facts: [
        { subject: 'entity', name: 'codename for the new service', value: 'Blue Heron', said: 'person' },
        { subject: 'entity', name: 'database', value: 'Frankfurt', said: 'person' },
        { subject: 'person', name: 'on-call engineer', value: 'Maria Lopez', said: 'person' },
        { subject: 'date', name: 'ship the release', value: 'Friday', said: 'person' },
        {
          subject: 'preference',
          name: 'short commit messages',
          value: 'short commit messages',
          said: 'person',
        },
        {
          subject: 'decision',
          name: 'use postgres for storage',
          value: 'use Postgres for storage',
          said: 'person',
        },
      ],
    });
  });

  it('takes the value a later turn restates, and only facts of the leaving turns', async () => {
    const value = await distilFacts(
      distilText({
        leaving: 'Turn 1\nperson: The port for the staging server is 8443.\nassistant: Noted.',
        later:
          'Turn 2\nperson: The port for the staging server is now 9443. The build takes four minutes.\nassistant: Noted.',
      }),
    );
    expect(value).toEqual({
      facts: [{ subject: 'entity', name: 'port for the staging server', value: '9443', said: 'person' }],
    });
  });

  it('skips facts whose subject kind is not offered, and facts already known', async () => {
    const value = await distilFacts(
      distilText({
        kinds: 'Subject kinds you may use:\n- entity: things of the project',
        known: '- entity database: Frankfurt',
        leaving: LEAVING,
      }),
    );
    expect(value).toEqual({
      facts: [
        { subject: 'entity', name: 'codename for the new service', value: 'Blue Heron', said: 'person' },
      ],
    });
  });

  it('treats missing sections as empty', async () => {
    expect(await distilFacts('Nothing to see here.')).toEqual({ facts: [] });
  });

  it('reads statement shapes and leaves questions, requests and acknowledgements', () => {
    expect(readStatement('The deploy window is now Thursday.')).toEqual({
      subject: 'date',
      name: 'deploy window',
      value: 'Thursday',
    });
    expect(readStatement('Note that the cache holds 512 entries.')).toEqual({
      subject: 'entity',
      name: 'cache',
      value: '512 entries',
    });
    expect(readStatement('Please read docs/storage.md.')).toBeUndefined();
    expect(readStatement('What is the port?')).toBeUndefined();
    expect(readStatement('That is great.')).toBeUndefined();
    // A line the engine cut short may hold a partial value.
    expect(readStatement('The codename is Blue Her...')).toBeUndefined();
  });
});

const SUMMARY_TURNS = `Turn 7
person: Please read docs/storage.md and summarise it.
tool call: read_file {"path":"docs/storage.md"}
tool call: read_file {"path":"docs/storage.md","offset":40}
assistant: It stores records in pages of four kilobytes each.
Turn 8
person: The backups run nightly.
assistant: Noted.
Turn 9
person: Update src/config.ts and run the tests.
tool call: write_file {"path":"src/config.ts","content":"export const x = 1;"}
tool call: run_command {"command":"npm test"}
assistant: Done; all pass.`;

function summaryText(soFar: string, limit: number, turns = SUMMARY_TURNS): string {
  return [
    'Extend the summary.',
    '',
    'Summary so far:',
    soFar,
    '',
    `Word limit: ${limit}`,
    '',
    'Turns to add:',
    turns,
  ].join('\n');
}

async function summaryOf(text: string): Promise<string> {
  const model = createReaderModel({ profile: 'reader-counting', window: 8000 });
  if (!model.generate) throw new Error('reader offers no generate');
  const response = await model.generate(guided('summary', text));
  expect(response.usage).toBeUndefined();
  const value = response.value as { summary: string };
  return value.summary;
}

describe('reader generate: summary', () => {
  const soFar = 'The person set up the project.\nThe assistant read README.md.';

  it('keeps the summary so far as is and appends one sentence per turn, in order, naming files', async () => {
    const summary = await summaryOf(summaryText(soFar, 200));
    expect(summary).toBe(
      `${soFar} ` +
        'The person asked to read docs/storage.md and summarise it; the assistant read docs/storage.md. ' +
        'The person said: The backups run nightly. ' +
        'The person asked to update src/config.ts and run the tests; the assistant changed src/config.ts and ran npm test.',
    );
    expect(summary).not.toContain('kilobytes');
    expect(summary).not.toContain('export const');
  });

  it('starts from nothing when the summary so far is none', async () => {
    const summary = await summaryOf(summaryText('- none', 200, 'Turn 1\nperson: The backups run nightly.'));
    expect(summary).toBe('The person said: The backups run nightly.');
  });

  it('fits the word limit by dropping the oldest sentences after the first, keeping the newest', async () => {
    const summary = await summaryOf(summaryText(soFar, 30));
    expect(summary.startsWith('The person set up the project. … ')).toBe(true);
    expect(summary.endsWith('the assistant changed src/config.ts and ran npm test.')).toBe(true);
    expect(summary).not.toContain('README.md');
    expect(summary.split(/\s+/).length).toBeLessThanOrEqual(30);
  });

  it('keeps the first and the newest even when they alone exceed the limit', () => {
    expect(fitToLimit(['One two three.', 'Four five.', 'Six seven eight.'], 2)).toBe(
      'One two three. … Six seven eight.',
    );
    expect(fitToLimit(['One.', '…', 'Two.', 'Three.'], 3)).toBe('One. … Three.');
  });
});

describe('reader generate: window and purposes', () => {
  const text = distilText({ leaving: LEAVING });
  const request = guided('distil', text);
  const count = new TokenCounter().request({ messages: request.messages, tools: [] });

  it('reports usage as respond does, counting the request without tools', async () => {
    const model = createReaderModel({ profile: 'reader', window: count });
    const response = await model.generate?.(request);
    expect(response?.usage?.promptTokens).toBe(count);
    expect(response?.usage?.completionTokens).toBeGreaterThan(0);
  });

  it('throws the typed overflow error on reader-strict when the request does not fit', async () => {
    const model = createReaderModel({ profile: 'reader-strict', window: count - 1 });
    await expect(model.generate?.(request)).rejects.toBeInstanceOf(ContextOverflowError);
  });

  it('throws the generic overflow error on reader-counting', async () => {
    const model = createReaderModel({ profile: 'reader-counting', window: count - 1 });
    await expect(model.generate?.(request)).rejects.toThrow(`Provided ${count} tokens`);
  });

  it('keeps the last message on reader when the front is truncated', async () => {
    const model = createReaderModel({ profile: 'reader', window: 10 });
    const response = await model.generate?.({
      ...request,
      messages: [SYSTEM, user('An older message that the window drops.'), user(text)],
    });
    expect((response?.value as { facts: unknown[] }).facts).toHaveLength(6);
  });

  it('names an unknown purpose', async () => {
    const model = createReaderModel({ profile: 'reader', window: count });
    await expect(model.generate?.(guided('ranking', text))).rejects.toThrow('ranking');
  });
});
