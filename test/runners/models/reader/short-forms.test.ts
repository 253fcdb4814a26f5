import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../engine/model/port.js';
import { ABSTENTION } from '../../../../runners/models/reader/answer.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { clipsOne, shortForms, spellsOut } from '../../../../runners/models/reader/passages.js';
import { assistant, exchange, page, request, user } from './conversation-fixtures.js';

async function ask(history: Message[], question: string): Promise<string> {
  const response = await createReaderModel({ profile: 'reader', window: 32_768 }).respond(
    request([...history, user(question)]),
  );
  return response.text;
}

describe('shortForms', () => {
  it('takes whole words of two to six letters that the thesaurus does not know', () => {
    expect(shortForms('Which gid does the daemon drop to, and what is its cwd?')).toEqual(['gid', 'cwd']);
    expect(shortForms('Where does the config live?')).toEqual(['config']);
    expect(shortForms('Where do the configs live?')).toEqual([]);
  });

  it('takes a plural of capitals as its short form, though its letters spell a word', () => {
    expect(shortForms('How will we split the PRs this week?')).toEqual(['pr']);
  });

  it('takes no word of English, no function word and no part of a hyphenated word', () => {
    expect(shortForms('Is the pre-commit hook on the main box?')).toEqual([]);
    expect(shortForms('')).toEqual([]);
  });
});

describe('a plural of capitals in a question', () => {
  it('meets the words whose leading letters spell it', async () => {
    const history = [
      user('We will open one pull request a week for the kiln controller code, on Mondays.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'When do we open PRs for the kiln controller code?')).toContain('Mondays');
  });
});

describe('spellsOut', () => {
  it('is true when the form is the leading letters of two or three words in a row', () => {
    expect(spellsOut('gid', ['drop', 'group', 'id', 'root'])).toBe(true);
    expect(spellsOut('cwd', ['current', 'work', 'directori'])).toBe(true);
  });

  it('is false for one word alone, four words, or letters out of order', () => {
    expect(spellsOut('gr', ['group'])).toBe(false);
    expect(spellsOut('abcd', ['alpha', 'beta', 'gamma', 'delta'])).toBe(false);
    expect(spellsOut('gid', ['id', 'group'])).toBe(false);
    expect(spellsOut('gid', [])).toBe(false);
  });
});

describe('clipsOne', () => {
  it('is true when the form is the start of one longer word', () => {
    expect(clipsOne('repo', ['clone', 'repositori'])).toBe(true);
    expect(clipsOne('sync', ['synchronis', 'clock'])).toBe(true);
  });

  it('is false for two letters, a word one letter longer, or letters inside a word', () => {
    expect(clipsOne('re', ['repositori'])).toBe(false);
    expect(clipsOne('tag', ['tags'])).toBe(false);
    expect(clipsOne('pos', ['reposit'])).toBe(false);
    expect(clipsOne('repo', [])).toBe(false);
  });
});

describe('a question in short forms', () => {
  const history = [
    user('Please read docs/daemon.md.'),
    ...exchange(
      'd',
      'read_file',
      { path: 'docs/daemon.md' },
      page(
        [
          '# Daemon',
          'The daemon starts as root and writes its pid file.',
          'After binding its port, it changes its group id to the staff group.',
        ],
        1,
        false,
      ),
    ),
  ];

  it('is answered by the sentence that spells the words out', async () => {
    expect(await ask(history, 'What does the daemon set its gid to after binding?')).toBe(
      'After binding its port, it changes its group id to the staff group.',
    );
  });

  it('is answered by the sentence that writes the clipped word in full', async () => {
    const told = [
      user('The daemon keeps its logs in the spool directory.'),
      assistant('Noted.'),
      user('Its pid file is written at start-up.'),
      assistant('Noted.'),
    ];
    expect(await ask(told, 'Logs dir of the daemon?')).toBe(
      'The daemon keeps its logs in the spool directory.',
    );
  });

  it('still abstains when nothing spells the form out', async () => {
    expect(await ask(history, 'What does the daemon set its tty to after binding?')).toBe(ABSTENTION);
  });
});

describe('compounds written solid or open', () => {
  const notes = (line: string) => [
    user('Please read docs/ops.md.'),
    ...exchange(
      'o',
      'read_file',
      { path: 'docs/ops.md' },
      page(['# Ops', 'Backups run nightly.', line], 1, false),
    ),
  ];

  it('meet the two words of the question in one word of the text', async () => {
    expect(
      await ask(notes('Ask Wanjiru Odhiambo before any failover.'), 'Whom do I ask before I fail over?'),
    ).toBe('Ask Wanjiru Odhiambo before any failover.');
  });

  it('meet one word of the question in two words of the text', async () => {
    expect(
      await ask(notes('Ask Wanjiru Odhiambo before you fail over.'), 'Whom do I ask before any failover?'),
    ).toBe('Ask Wanjiru Odhiambo before you fail over.');
  });

  it('leave a question whose words the text has in no form abstaining', async () => {
    expect(
      await ask(notes('Ask Wanjiru Odhiambo before any failover.'), 'Whom do I ask before a restore?'),
    ).toBe(ABSTENTION);
  });
});
