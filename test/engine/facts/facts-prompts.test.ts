/**
 * The texts the distiller and the summary are sent: tool calls with short paths, lines cut to their
 * share of the bound without breaking a character, a summary cut to its word limit, and a command
 * the person ran as one line.
 */
import { describe, expect, it } from 'vitest';
import {
  distilPrompt,
  factsAndSummaryPrompt,
  fitSummary,
  personCommandLine,
  summaryPrompt,
  turnTexts,
  type TurnText,
} from '../../../engine/facts/facts-prompts.js';
import { personCommandText } from '../../../engine/protocol.js';
import { ContextStore } from '../../../engine/store/store.js';

const kinds = [{ subject: 'entity', description: 'a named thing' }];

function storeWithCall(args: Record<string, unknown>): ContextStore {
  const store = new ContextStore();
  store.append({ kind: 'prompt', turn: 1, text: 'Read it.', sources: ['evt-1'], recordedAt: 0 });
  const call = { callId: 'c1', tool: 'read_file', arguments: args };
  store.append({ kind: 'toolCall', turn: 1, text: '{}', call, sources: ['evt-2'], recordedAt: 0 });
  store.append({
    kind: 'toolOutput',
    turn: 1,
    text: 'the whole file',
    call,
    outcome: { ok: true },
    sources: ['evt-3'],
    recordedAt: 0,
  });
  store.append({ kind: 'reply', turn: 1, text: 'Done.', sources: ['evt-4'], recordedAt: 0 });
  return store;
}

describe('a turn as the distiller sees it', () => {
  it('shows a tool call with an absolute path cut to its last two parts, other arguments as given', () => {
    const [turn] = turnTexts(storeWithCall({ path: '/work/project/docs/a.md', limit: 20 }).all());
    expect(turn?.lines).toEqual([
      'person: Read it.',
      'tool call: read_file {"path":"docs/a.md","limit":20}',
      'assistant: Done.',
    ]);
    expect(turn?.events).toEqual(['evt-1', 'evt-2', 'evt-3', 'evt-4']);
    const [relative] = turnTexts(storeWithCall({ path: 'docs/guide/a.md' }).all());
    expect(relative?.lines[1]).toBe('tool call: read_file {"path":"docs/guide/a.md"}');
    const [trailing] = turnTexts(storeWithCall({ path: '/srv//data/' }).all());
    expect(trailing?.lines[1]).toBe('tool call: read_file {"path":"srv/data"}');
  });

  it('cuts a line past its share of the bound on a character boundary, marked with an ellipsis', () => {
    // A 1,200-token window bounds the call's text at 1,600 bytes; one line takes all of it.
    const long = 'é'.repeat(1000);
    const leaving: TurnText[] = [{ turn: 1, entries: [1], lines: [`person: ${long}`] }];
    const [, user] = distilPrompt(kinds, [], leaving, [], 1200);
    const line = user?.content.split('\n').find((l) => l.startsWith('person: ')) ?? '';
    expect(line.endsWith('...')).toBe(true);
    expect(line).not.toContain('\uFFFD');
    const bytes = new TextEncoder().encode(line).length;
    expect(bytes).toBeLessThanOrEqual(1600);
    expect(bytes).toBeGreaterThan(1590);
    expect(line).toMatch(/^person: é+\.\.\.$/);
    // A line within its share goes whole.
    const short: TurnText[] = [{ turn: 1, entries: [1], lines: ['person: short'] }];
    expect(distilPrompt(kinds, [], short, [], 1200)[1]?.content).toContain('\nperson: short\n');
  });
});

describe("the distiller's request", () => {
  it('asks for at most 12 facts of the leaving turns, and lists the kinds, what is known and both sets of turns', () => {
    const known = ['entity a: 1'];
    const leaving: TurnText[] = [{ turn: 1, entries: [1], lines: ['person: one'] }];
    const kept: TurnText[] = [{ turn: 2, entries: [2], lines: ['person: two'] }];
    expect(distilPrompt(kinds, known, leaving, kept, 1200)).toEqual([
      {
        role: 'system',
        content:
          'List the facts the person stated and the conclusions the assistant reached in the turns leaving ' +
          'the context, at most 12, each with a subject from the kinds given, a short name and its latest value.',
      },
      {
        role: 'user',
        content: [
          'Subject kinds you may use:',
          '- entity: a named thing',
          'Facts already known:',
          '- entity a: 1',
          'Turns leaving the context:',
          'Turn 1',
          'person: one',
          'Later turns, for the latest values:',
          'Turn 2',
          'person: two',
        ].join('\n'),
      },
    ]);
  });
});

describe('a line at its share of the bound', () => {
  // A 1,200-token window bounds the call's text at 1,600 bytes; one line takes all of it.
  const sentLine = (line: string) =>
    distilPrompt(kinds, [], [{ turn: 1, entries: [1], lines: [line] }], [], 1200)[1]
      ?.content.split('\n')
      .find((l) => l.startsWith('person: ')) ?? '';

  it('shares the bound among every line and every known fact', () => {
    // Two lines and two known facts: a quarter of 1,600 bytes each.
    const long = `person: ${'a'.repeat(1000)}`;
    const leaving: TurnText[] = [{ turn: 1, entries: [1, 2], lines: [long, 'assistant: ok'] }];
    const [, user] = distilPrompt(kinds, ['entity a: 1', 'entity b: 2'], leaving, [], 1200);
    const sent = user?.content.split('\n').find((l) => l.startsWith('person: ')) ?? '';
    expect(sent).toBe(`person: ${'a'.repeat(389)}...`);
  });

  it('says none where there are no later turns or known facts', () => {
    const [, user] = distilPrompt(kinds, [], [{ turn: 1, entries: [1], lines: ['person: hi'] }], [], 1200);
    expect(user?.content).toContain('Facts already known:\n- none\n');
    expect(user?.content.endsWith('Later turns, for the latest values:\n- none')).toBe(true);
  });

  it('shows each leaving turn under its number, and of the later turns only what the person said', () => {
    const leaving: TurnText[] = [
      { turn: 1, entries: [1], lines: ['person: one'] },
      { turn: 2, entries: [2], lines: ['person: two', 'assistant: fine'] },
    ];
    const kept: TurnText[] = [{ turn: 3, entries: [3, 4], lines: ['person: three', 'assistant: done'] }];
    const [, user] = distilPrompt(kinds, [], leaving, kept, 1200);
    expect(user?.content).toContain(
      'Turns leaving the context:\nTurn 1\nperson: one\nTurn 2\nperson: two\nassistant: fine\n' +
        'Later turns, for the latest values:\nTurn 3\nperson: three',
    );
    expect(user?.content.endsWith('person: three')).toBe(true);
  });

  it('goes whole when it takes exactly the share', () => {
    const exact = `person: ${'a'.repeat(1592)}`;
    expect(sentLine(exact)).toBe(exact);
  });

  it('is cut to fill the share to the byte, ellipsis included, when it is one byte over', () => {
    const sent = sentLine(`person: ${'a'.repeat(1593)}`);
    expect(sent).toBe(`person: ${'a'.repeat(1589)}...`);
    expect(sent.length).toBe(1600);
  });
});

describe('the summary cut to its word limit', () => {
  it('keeps the first sentence and the newest ones, behind an ellipsis', () => {
    expect(fitSummary('One two. Three four. Five six.', 5)).toBe('One two. … Five six.');
  });

  it('cuts a first sentence that alone passes the limit to its first words', () => {
    expect(fitSummary('One two three four five six. Seven eight.', 3)).toBe('One two three');
  });

  it('keeps a summary of exactly the limit whole', () => {
    expect(fitSummary('One. Two. Three.', 3)).toBe('One. Two. Three.');
    expect(fitSummary('One. Two. Three.', 2)).toBe('One.');
  });

  it('gives a summary within the limit on one line, whitespace folded', () => {
    expect(fitSummary('  One two.\n\nThree  four. ', 10)).toBe('One two. Three four.');
  });
});

describe('a command the person ran, as the distiller reads it', () => {
  it('names the command and how it ended', () => {
    expect(personCommandLine(personCommandText('npm test', 'exit status: 1\nstdout:\nfailed'))).toBe(
      'the person ran `npm test`: exit status 1',
    );
    expect(personCommandLine(personCommandText('make', 'error: command not found'))).toBe(
      'the person ran `make`: failed',
    );
    expect(personCommandLine(personCommandText('ls', 'a.md\nb.md'))).toBe('the person ran `ls`');
    expect(personCommandLine(personCommandText('grep x', 'exit status: 127\nstderr:\nno'))).toBe(
      'the person ran `grep x`: exit status 127',
    );
    expect(personCommandLine(personCommandText('sleep 9', 'exit status: -1'))).toBe(
      'the person ran `sleep 9`: exit status -1',
    );
    expect(personCommandLine(personCommandText('yes', 'exit status: none (killed by SIGTERM)'))).toBe(
      'the person ran `yes`: none (killed by SIGTERM)',
    );
  });

  it('gives a text not in the prompt’s form by its first line', () => {
    expect(personCommandLine('npm test passed\nall 12 tests')).toBe('the person ran: npm test passed');
  });
});

describe('the summary calls', () => {
  const leaving: TurnText[] = [
    { turn: 2, entries: [3, 4], lines: ['person: Use HERON.', 'assistant: Noted.'] },
  ];
  const kept: TurnText[] = [{ turn: 3, entries: [5, 6], lines: ['person: Go on.', 'assistant: Going.'] }];
  const shorten =
    'When it would run past the word limit, condense its oldest parts first, yet keep how the conversation began.';

  it('asks one call for the facts and the summary: the summary so far and its limit ahead of the distiller text', () => {
    const [system, user] = factsAndSummaryPrompt(
      kinds,
      ['entity codename: HERON'],
      'Began with a plan.',
      80,
      leaving,
      kept,
      8192,
    );
    const [distilSystem, distilUser] = distilPrompt(kinds, ['entity codename: HERON'], leaving, kept, 8192);
    expect(system).toEqual({
      role: 'system',
      content:
        `${distilSystem?.content} Also update the running summary: keep what it says, add the leaving turns in ` +
        `order, and name each file read or changed without retelling it. ${shorten}`,
    });
    expect(user).toEqual({
      role: 'user',
      content: `Summary so far:\nBegan with a plan.\nWord limit: 80\n${distilUser?.content}`,
    });
    const [, first] = factsAndSummaryPrompt(kinds, [], null, 80, leaving, kept, 8192);
    expect(
      first?.content.startsWith('Summary so far:\n- none\nWord limit: 80\nSubject kinds you may use:\n'),
    ).toBe(true);
  });

  it('asks the summary call to add the turns, in order, to the summary so far', () => {
    expect(summaryPrompt('Began with a plan.', 80, [...leaving, ...kept], 8192)).toEqual([
      {
        role: 'system',
        content:
          'Update the running summary of this conversation: keep what it says, add the new turns in the order ' +
          `they happened, and name each file read or changed without retelling what it holds. ${shorten}`,
      },
      {
        role: 'user',
        content:
          'Summary so far:\nBegan with a plan.\nWord limit: 80\nTurns to add:\n' +
          'Turn 2\nperson: Use HERON.\nassistant: Noted.\nTurn 3\nperson: Go on.\nassistant: Going.',
      },
    ]);
    expect(summaryPrompt(null, 80, [], 8192)[1]?.content).toBe(
      'Summary so far:\n- none\nWord limit: 80\nTurns to add:\n- none',
    );
  });
});
