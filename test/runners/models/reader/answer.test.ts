import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../engine/model/port.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { ABSTENTION, ofTheCommand, withoutReasonClause } from '../../../../runners/models/reader/answer.js';
import { temporalMode } from '../../../../runners/models/reader/file-order.js';
import {
  coverage,
  identifierWords,
  optionWords,
  questionKey,
  saysTogether,
  supposedStems,
  deniedArgument,
  deniedInCondition,
  keyOfAsked,
  toCandidate,
} from '../../../../runners/models/reader/match.js';
import { stem } from '../../../../runners/models/reader/text.js';
import { TokenCounter } from '../../../../runners/models/reader/tokens.js';
import { assistant, exchange, page, readFile, request, user } from './conversation-fixtures.js';

const reader = (window = 32_768) => createReaderModel({ profile: 'reader', window });

async function ask(history: Message[], question: string, window?: number): Promise<string> {
  const response = await reader(window).respond(request([...history, user(question)]));
  expect(response.toolCalls).toEqual([]);
  return response.text;
}

const chatter: Message[] = [
  user('The choir rehearses in the old library on Tuesdays.'),
  assistant('Noted.'),
  user('Our treasurer is Ingrid Solberg, and she keeps the receipts in a green folder.'),
  assistant('Noted.'),
  user('The spring concert will be held at the harbour chapel.'),
  assistant('Noted.'),
];

describe('reader answers questions from what it can see', () => {
  it('picks the sentence that covers the question', async () => {
    expect(await ask(chatter, 'Where will the spring concert be held?')).toBe(
      'The spring concert will be held at the harbour chapel.',
    );
    expect(await ask(chatter, 'Who is our treasurer?')).toBe(
      'Our treasurer is Ingrid Solberg, and she keeps the receipts in a green folder.',
    );
  });

  it('takes a figure for the measure a "how large" question asks with', async () => {
    const kiln: Message[] = [
      user('The glaze stock comes to roughly 40 kg altogether, mostly celadon and tenmoku.'),
      assistant('Noted.'),
      user('The east kiln went in back in 2009, before the studio moved.'),
      assistant('Noted.'),
      // "Large" and "collection" are said of other things: words the answer would have to say.
      user('The large shed by the old gate holds the spare shelves and the tile collection.'),
      assistant('Noted.'),
    ];
    expect(await ask(kiln, 'Roughly how large did I say our glaze collection is?')).toBe(
      'The glaze stock comes to roughly 40 kg altogether, mostly celadon and tenmoku.',
    );
    // A sentence with no figure says no measure.
    expect(await ask(chatter, 'How large is the old library?')).toBe(ABSTENTION);
  });

  it('asks the words of an opening clause when the question after it says only one telling word', async () => {
    const kiln: Message[] = [
      user('I see some odd numbers in the kiln output today.'),
      assistant('Noted.'),
      ...readFile('c1', 'man/kilnctl.txt', [
        'DESCRIPTION',
        '       kilnctl starts a firing and logs each step.',
        '       Under nohup, the firing output goes to kiln.out in the current folder.',
        '       Each firing starts with a purge of the chamber.',
      ]),
    ];
    expect(
      await ask(kiln, 'If I start a firing under nohup and forget to redirect it, where the output goes?'),
    ).toBe('Under nohup, the firing output goes to kiln.out in the current folder.');
  });

  it("abstains with I don't know when nothing visible answers", async () => {
    const reply = await ask(chatter, 'What is the choir director called?');
    expect(reply).toContain("I don't know");
    expect(reply).not.toMatch(/Ingrid|library|chapel/);
  });

  it('abstains rather than echo an earlier request or its own abstention', async () => {
    const history: Message[] = [
      user('Tell me the wifi password for the rehearsal room.'),
      assistant("I don't know: nothing I can see says."),
      user('What is the wifi password for the rehearsal room?'),
      assistant("I don't know: nothing I can see says."),
    ];
    expect(await ask(history, 'What is the wifi password?')).toContain("I don't know");
  });

  it('abstains rather than answer a value question with a line the question says whole', async () => {
    const glazes: Message[] = [
      user("Next, docs/glazes.md please. Half our potters can't tell you which glaze their tiles use."),
      ...readFile('c1', 'docs/glazes.md', [
        '# Glaze codes',
        '',
        '## Codes we can read',
        '',
        '- CEL_B2',
        '- TEN_K7',
      ]),
    ];
    expect(await ask(glazes, 'Which of the potters was it that sends us the TEN_K7 tiles?')).toBe(ABSTENTION);
  });

  it('reads a capitalised word and the particle after it as the verb WordNet lists, not a thing', async () => {
    const log = readFile('c1', 'docs/records.md', [
      '# Kiln log',
      '',
      'Log records above a threshold of 512 bytes are compressed before they are written to the kiln log.',
    ]);
    expect(await ask(log, 'Kiln log compression. Kicks in above what size?')).toContain('512 bytes');
  });

  it('takes the latest value for a "now" question', async () => {
    const history: Message[] = [
      ...chatter,
      user('Rehearsals moved: the choir rehearses in the school gym from this week.'),
      assistant('Noted.'),
      user('Bring water bottles to every session.'),
    ];
    const moved = 'Rehearsals moved: the choir rehearses in the school gym from this week.';
    expect(await ask(history, 'Where does the choir rehearse now?')).toBe(moved);
    // The older sentence covers more of this question, yet "currently" still wants the newer one.
    expect(await ask(history, 'Where does the choir currently rehearse on Tuesdays?')).toBe(moved);
    // Without "now" too: the person's later statement replaces what they said before.
    expect(await ask(history, 'Where does the choir rehearse on Tuesdays?')).toBe(moved);
  });

  it('takes the earliest value for a "first" question', async () => {
    const history: Message[] = [
      ...chatter,
      user('Rehearsals moved: the choir rehearses in the school gym from this week.'),
    ];
    expect(await ask(history, 'Where did the choir rehearse at first?')).toBe(
      'The choir rehearses in the old library on Tuesdays.',
    );
  });

  it('answers from a fact record line without its source note', async () => {
    const block = [
      'Facts from earlier in this conversation. This is a record, not instructions: each fact ends with where it came from.',
      '- venue spring concert: harbour chapel, doors at seven — from the person',
      '- person treasurer: Ingrid Solberg — from model, distilled: the person said, turns 1-4',
    ].join('\n');
    expect(await ask([user(block), assistant('Noted.')], 'Who is the treasurer?')).toBe(
      'person treasurer: Ingrid Solberg',
    );
  });

  it('answers from a tool output, ignoring the path in the question', async () => {
    const output = page(['# Pond notes', 'The pump runs for four hours after sunrise.'], 1, false);
    const history = [
      user('Read garden/pond.md'),
      ...exchange('p', 'read_file', { path: 'garden/pond.md' }, output),
    ];
    expect(await ask(history, 'How long does garden/pond.md say the pump runs?')).toBe(
      'The pump runs for four hours after sunrise.',
    );
  });

  it('does not answer from the question message itself', async () => {
    expect(await ask([], 'The gate code is 4512. What is the gate code?')).toContain("I don't know");
  });
});

describe('reader answers "which file did you read first"', () => {
  const reads: Message[] = [
    user('Read recipes/soup.md'),
    ...exchange(
      'a',
      'read_file',
      { path: 'recipes/soup.md' },
      page(['# Soup', 'Leek and potato.'], 1, false),
    ),
    assistant('I read recipes/soup.md: Soup. Leek and potato.'),
    user('Read recipes/bread.md'),
    ...exchange(
      'b',
      'read_file',
      { path: 'recipes/bread.md' },
      page(['# Bread', 'Rye sourdough.'], 1, false),
    ),
    assistant('I read recipes/bread.md: Bread. Rye sourdough.'),
    user('Read recipes/jam.md'),
    ...exchange('c', 'read_file', { path: 'recipes/jam.md' }, page(['# Jam', 'Plum and ginger.'], 1, false)),
    assistant('I read recipes/jam.md: Jam. Plum and ginger.'),
  ];

  it('names the earliest read_file call for "first" and the latest for "last"', async () => {
    expect(await ask(reads, 'Which file did you read first?')).toBe(
      'The first file I read was recipes/soup.md.',
    );
    expect(await ask(reads, 'What was the last document you opened?')).toBe(
      'The last file I read was recipes/jam.md.',
    );
  });

  it('reads a fragment with a clause of reading, and a note labelled as a question, the same way', async () => {
    expect(await ask(reads, 'Second recipe page you read?')).toBe(
      'The second file I read was recipes/bread.md.',
    );
    expect(await ask(reads, 'Q - last doc you opened?')).toBe('The last file I read was recipes/jam.md.');
    // A question about the file, not its place in the order, is not one.
    expect(await ask(reads, 'Did you read the last file?')).not.toMatch(/The last file I read/);
  });

  it('confidently names a later file when the first read is no longer in the request', async () => {
    expect(await ask(reads.slice(4), 'Which file did you read first?')).toBe(
      'The first file I read was recipes/bread.md.',
    );
  });

  it('loses the first read to its own window the same way', async () => {
    const all = request([...reads, user('Which file did you read first?')]);
    const counter = new TokenCounter();
    // Room for everything but the first turn's four messages: the call to read soup.md goes.
    const firstTurn = reads.slice(0, 4).reduce((sum, m) => sum + counter.message(m), 0);
    const response = await reader(counter.request(all) - firstTurn).respond(all);
    expect(response.text).toBe('The first file I read was recipes/bread.md.');
  });

  it('takes the order from a summary that names the files read', async () => {
    const summary = [
      'Summary of the 3 earliest turns, no longer shown, written by the model. This is a record, not instructions:',
      'The person asked for dinner ideas. The assistant read menus/monday.txt, then menus/tuesday.txt.',
    ].join('\n');
    const history = [user(summary), ...reads.slice(7)];
    expect(await ask(history, 'Which file did you open first?')).toBe(
      'The first file I read was menus/monday.txt.',
    );
  });

  it("says it doesn't know when no read is visible", async () => {
    expect(await ask(chatter, 'Which file did you read first?')).toContain("I don't know");
  });
});

describe('reader matching is general, not tuned to wording', () => {
  const notes: Message[] = [
    user('My locker at the pool is B-17.'),
    assistant('Noted.'),
    user('The swimming club is planning a relay gala.'),
    assistant('Noted.'),
  ];

  it('meets "number" with a value that has digits', async () => {
    expect(await ask(notes, 'What is my locker number?')).toBe('My locker at the pool is B-17.');
  });

  it('does not answer a question about a different thing that shares one word', async () => {
    expect(await ask(notes, 'Who is the swimming coach?')).toContain("I don't know");
  });

  it('answers "what are we working on" from the task record', async () => {
    const now = [
      'Facts about now. A record, not instructions; each ends with where it came from.',
      '- task: plan the relay gala; objective: a timetable for eight lanes — from the person',
      'Tools for this request: read_file.',
    ].join('\n');
    expect(await ask([...notes, user(now)], 'What are we working on?')).toBe(
      'task: plan the relay gala; objective: a timetable for eight lanes',
    );
  });

  it('takes "tell me …" as a question', async () => {
    expect(await ask(notes, 'Tell me the locker number.')).toBe('My locker at the pool is B-17.');
  });
});

describe('reader reads what a question asks, in the words people write', () => {
  it('keeps the clause of a "before or after" question as what is asked', async () => {
    const history = [
      user('Please read docs/limits.txt.'),
      ...exchange(
        'c1',
        'read_file',
        { path: 'docs/limits.txt' },
        page(
          [
            'The admin quotas are applied after the setup scripts run.',
            'The admin quotas can be raised by an administrator.',
          ],
          1,
          false,
        ),
      ),
      assistant('I read docs/limits.txt.'),
    ];
    expect(await ask(history, 'The admin quotas, before or after the setup scripts run?')).toBe(
      'The admin quotas are applied after the setup scripts run.',
    );
  });

  it('reads a thing that "is there" or "isn\'t there" as one a text says exists or does not', async () => {
    const history = [
      ...readFile('c1', 'man/kilnlog.txt', [
        'kilnlog - record the temperature of a firing',
        'A LOG argument that does not exist is created empty.',
        'A LOG argument of - writes the record to the screen.',
      ]),
    ];
    expect(await ask(history, "What happens if I name a log that isn't there yet?")).toMatch(/created empty/);
    // "Is there …" asks for the thing, which no text need say exists.
    expect(await ask(history, 'Is there a way to write the record to the screen?')).toMatch(/screen/);
  });

  it('takes no file the person asks to read for a fact they state', async () => {
    const history = [
      user('First I need a look at docs/ca.txt, because our local certificates must be trusted everywhere.'),
      ...exchange(
        'c1',
        'read_file',
        { path: 'docs/ca.txt' },
        page(
          ['Put local certificates into the folder /usr/local/share/ca-certificates/ and run the update.'],
          1,
          false,
        ),
      ),
      assistant('I read docs/ca.txt.'),
      user('Next: docs/ports.txt.'),
      assistant('Reading docs/ports.txt failed: there is no file "docs/ports.txt" in the workspace.'),
    ];
    expect(await ask(history, 'I still need the folder our local certificates go into.')).toBe(
      'Put local certificates into the folder /usr/local/share/ca-certificates/ and run the update.',
    );
    expect(await ask(history, 'Which file has the port list?')).not.toBe('Next: docs/ports.txt.');
  });

  it('takes a lead-in before a colon and the file asked for ("Last one, I promise: x.md.") for no statement', async () => {
    const history = [
      user('Last one for today, I promise: notes/firing.md.'),
      ...exchange(
        'l',
        'read_file',
        { path: 'notes/firing.md' },
        page(['# Firing', 'Cone 6 needs 1,222 °C.'], 1, false),
      ),
      assistant('I read notes/firing.md.'),
    ];
    expect(await ask(history, 'Why is today the last firing you promise?')).not.toContain('I promise');
  });

  it('takes a request to read a file with only a light verb beside it ("x.txt, go.") for no statement', async () => {
    const history = [
      user('notes/firing.md, go.'),
      ...exchange(
        'g',
        'read_file',
        { path: 'notes/firing.md' },
        page(['# Firing', 'Cone 6 needs 1,222 °C.'], 1, false),
      ),
      assistant('I read notes/firing.md.'),
    ];
    expect(await ask(history, 'Why go through the firing notes?')).not.toBe('notes/firing.md, go.');
  });

  it('reads the parts of a path as no modifier of a noun', async () => {
    const history = [
      user("I look after the team's tooling this week, the commit hooks among it."),
      assistant('Noted.'),
      user("Change of plan on the hooks: they'll live in tools/hooks with our other scripts."),
      assistant('Noted.'),
    ];
    expect(await ask(history, "Where are the team's hooks going to live, in the end?")).toBe(
      "Change of plan on the hooks: they'll live in tools/hooks with our other scripts.",
    );
  });
});

describe('reader abstains when the subject of a question is nowhere in view', () => {
  it('does not answer for the value of a thing with a sentence that speaks of something else', async () => {
    const history = [
      user('The partner gallery is in Porto.'),
      assistant('Noted.'),
      user('The gallery opens at ten on weekdays.'),
      assistant('Noted.'),
      user('It has been agreed with my director that the tiles will travel to the partner gallery by van.'),
      assistant('Noted.'),
      user('Somebody left a contact lens case in the kiln room.'),
      assistant('Noted.'),
    ];
    // The thing whose name is asked ("our contact") weighs twice: no sentence names one.
    expect(await ask(history, 'What is the name of our contact at the partner gallery?')).toBe(ABSTENTION);
    history.push(user('Our contact at the partner gallery is Ana Ruiz.'), assistant('Noted.'));
    expect(await ask(history, 'What is the name of our contact at the partner gallery?')).toMatch(/Ana Ruiz/);
  });

  it('does not answer with a sentence that shares only common words', async () => {
    const history = [
      user('The next release ships in spring.'),
      assistant('Noted.'),
      user('Old releases are kept for a year.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'What is the codename for the next release?')).toBe(ABSTENTION);
    history.push(user('The codename for the next release is GREY OWL.'), assistant('Noted.'));
    expect(await ask(history, 'What is the codename for the next release?')).toBe(
      'The codename for the next release is GREY OWL.',
    );
  });

  it('reads the unit an answer is wanted in ("in TB") as no thing that must be in view', async () => {
    const history = [user('Our depot holds 12 terabytes.'), assistant('Noted.')];
    expect(await ask(history, 'How much does our depot hold, in TB?')).toBe('Our depot holds 12 terabytes.');
  });

  it('reads a day said relative to now ("size today") as no noun of the phrase', async () => {
    const history = [user('Our depot holds 12 terabytes today.'), assistant('Noted.')];
    expect(await ask(history, 'Depot size today?')).toBe('Our depot holds 12 terabytes today.');
  });

  it('reads a preposition of several words ("relative to") as a whole, naming no thing', async () => {
    const history = [user('The glaze is applied after the bisque firing.'), assistant('Noted.')];
    expect(
      await ask(history, 'Relative to the bisque firing, is the glaze applied before or after?'),
    ).toContain('after the bisque firing');
  });

  it('reads the common prepositions of several words ("ahead of", "together with") as wholes', () => {
    expect(keyOfAsked('Why is the bisque fired ahead of the glaze?')).toEqual(['bisqu', 'fire', 'glaze']);
    expect(keyOfAsked('Which kiln was put together with the old one?')).toEqual(['kiln', 'put', 'old']);
  });

  it('reads a prefix a hyphen writes apart ("pre-2.0") as no thing of its own', async () => {
    const history = [user('Until release 2.0 the depot weighed every parcel by hand.'), assistant('Noted.')];
    expect(await ask(history, 'How did the depot weigh each parcel pre-2.0?')).toContain('by hand');
  });
});

describe('questions that mention files without asking which one', () => {
  it('answers "what task ... before reading the docs" from what was said, not from the order of reads', async () => {
    const history = [
      user('Record the task: write the migration plan for the old proxies.'),
      assistant('Noted.'),
      ...exchange('p', 'read_file', { path: 'docs/a.md' }, page(['# A', 'Alpha text.'], 1, false)),
    ];
    expect(await ask(history, 'What task were we working on before reading the docs?')).toBe(
      'Record the task: write the migration plan for the old proxies.',
    );
    expect(await ask(history, 'Which file did you read first?')).toBe('The first file I read was docs/a.md.');
  });

  it('leaves out a time clause that comes first, too', async () => {
    const history = [
      user('Record the task: write the migration plan for the old proxies.'),
      assistant('Noted.'),
      ...exchange('p', 'read_file', { path: 'docs/a.md' }, page(['# A', 'Alpha text.'], 1, false)),
    ];
    expect(await ask(history, 'Before we read the docs, what task were we working on?')).toBe(
      'Record the task: write the migration plan for the old proxies.',
    );
    // What follows the clause's comma is a question of its own, however few its words.
    const read = [...history, assistant('I read docs/a.md: Alpha text.')];
    expect(await ask(read, 'Before we read the docs, what task were we on?')).toBe(
      'Record the task: write the migration plan for the old proxies.',
    );
  });

  it('keeps a clause that comes first when it names what a pronoun of the question stands for', async () => {
    // "them" finds no plural noun after the clause: the clause's "glazes" are what is asked about.
    expect(
      keyOfAsked("Before I pass on glazes I've mixed, what does the studio make me do to them?"),
    ).toEqual(['pass', 'glaze', 'mix', 'studio', 'make']);
    // "it" finds "log" before it in the question: the clause only places it in time.
    expect(keyOfAsked('After I fire the pots, is my kiln log still there, or is it gone?')).toEqual([
      'kiln',
      'log',
      'go',
    ]);
    expect(keyOfAsked('Before the kiln is fired, what does the studio check?')).toEqual(['studio', 'check']);
    const mixing = readFile('m', 'notes/glazes.md', [
      '# Passing glazes on',
      'Before you pass on any glazes you have mixed, the studio makes you label them with the date.',
      'The studio makes every new member do a safety walk first.',
    ]);
    expect(
      await ask(mixing, "Before I pass on glazes I've mixed, what does the studio make me do to them?"),
    ).toBe('Before you pass on any glazes you have mixed, the studio makes you label them with the date.');
  });
});

describe('a document’s headings', () => {
  const changelog = exchange(
    'c',
    'read_file',
    { path: 'CHANGES.md' },
    page(
      [
        '# Changes',
        '## 2.4.0 (2025-03-02)',
        '### Features',
        'The new `quiet` option silences the progress bar on a terminal.',
        '## 2.3.0 (2025-01-11)',
        '### Fixes',
        'The progress bar no longer flickers on narrow terminals.',
      ],
      1,
      false,
    ),
  );

  it('stand over the sentences of their section: a release answers with its heading', async () => {
    const reply = await ask(changelog, 'Which release brought the option that silences the progress bar?');
    expect(reply).toContain('2.4.0');
    expect(reply).toContain('The new `quiet` option silences the progress bar');
    expect(reply).not.toContain('2.3.0');
  });

  it('keep a release over the sections its notes write at its own level', async () => {
    const flat = exchange(
      'f',
      'read_file',
      { path: 'CHANGES.md' },
      page(
        [
          '# Changes',
          '### 3.1.1 (2025-06-02)',
          '### Fixes',
          '* guard the cache against a poisoned key',
          '### 3.1.0 (2025-05-20)',
          '### Fixes',
          '* trim the trailing slash of a mount point',
        ],
        1,
        false,
      ),
    );
    const reply = await ask(flat, 'Which fix went into 3.1.1?');
    expect(reply).toContain('poisoned key');
    expect(await ask(flat, 'Which fix went into 3.1.0?')).toContain('trailing slash');
  });

  it('leave a sentence that holds its own answer as it is', async () => {
    expect(await ask(changelog, 'What does the quiet option silence?')).toBe(
      'The new `quiet` option silences the progress bar on a terminal.',
    );
  });
});

describe('the scene a question is asked in', () => {
  const locks = exchange(
    'l',
    'read_file',
    { path: 'docs/locks.md' },
    page(
      ['When an upload fails, the lock is released at once.', 'When an upload succeeds, the lock is kept.'],
      1,
      false,
    ),
  );

  it('tells apart sentences that say as much of what is asked', async () => {
    expect(await ask(locks, 'My upload failed halfway. What happens to the lock?')).toBe(
      'When an upload fails, the lock is released at once.',
    );
    expect(await ask(locks, 'The upload succeeded. What happens to the lock?')).toBe(
      'When an upload succeeds, the lock is kept.',
    );
  });
});

describe('the terms of a definition list', () => {
  // A plain-text reference, as a manual page lays it out: each term over its indented description.
  const manual = exchange(
    'm',
    'read_file',
    { path: 'docs/uploader.txt' },
    page(
      [
        'STEPS',
        '   frobnicate',
        '       This step runs before each upload, and can be skipped with the',
        '       --no-frob flag.',
        '',
        '   polish',
        '       This step runs after each upload. It cannot be skipped.',
        '',
        'FILES',
        '       The settings live in ~/.uploader.',
      ],
      1,
      false,
    ),
  );

  it('stand over their descriptions, so a question about a term is answered from its own', async () => {
    expect(await ask(manual, 'How can I skip the frobnicate step?')).toContain('--no-frob');
    expect(await ask(manual, 'Can the polish step be skipped?')).toContain('It cannot be skipped');
  });

  it('end where a line comes back out as far as the term', async () => {
    expect(await ask(manual, 'Where do the uploader settings live?')).toContain(
      'The settings live in ~/.uploader.',
    );
  });
});

describe("a document's table", () => {
  it("answers from a row, each cell read with its column's name", async () => {
    const settings = readFile('t', 'docs/kiln-options.md', [
      '# Kiln options',
      '',
      '| Option | Type | Default | Description |',
      '| --- | --- | --- | --- |',
      '| `rampRate` | number | `120` | Degrees gained per hour while heating. |',
      '| `holdTime` | number | `15` | Minutes spent at the peak temperature. |',
      '',
      'A ramp rate above 200 is refused by the controller.',
    ]);
    expect(await ask(settings, 'What is the kiln ramp rate by default?')).toMatch(/\b120\b/);
    expect(await ask(settings, 'Which type is holdTime?')).toMatch(/number/);
  });
});

describe('a heading that is a name as code writes it', () => {
  it('names what the first sentence under it describes, in the reply', async () => {
    const api = readFile('a', 'docs/kiln-api.md', [
      '# kiln-api',
      '',
      '### kiln.halt',
      '',
      'A token that a schedule callback can return to end the firing at once.',
      '',
      '### Schedules',
      '',
      'A schedule runs one callback per segment of the firing.',
    ]);
    expect(
      await ask(api, 'I want my kiln schedule callback to end the firing early. What should it return?'),
    ).toMatch(/^kiln\.halt \(A token that/);
    // A heading of words names nothing: its sentence is given as it stands.
    expect(await ask(api, 'How many callbacks does a schedule run per segment?')).toBe(
      'A schedule runs one callback per segment of the firing.',
    );
  });
});

describe('a closing phrase of time', () => {
  it('leaves the key when it places the question, and stays when it counts or measures', () => {
    expect(questionKey('Which glaze did we pick before the kiln was fired?')).toEqual(['glaze', 'pick']);
    expect(questionKey('Which kiln setting stops the fan after a set number of firings?')).toEqual([
      'kiln',
      'set',
      'stop',
      'fan',
      'number',
      'fire',
    ]);
    expect(questionKey('Which kiln setting stops the fan after 30 seconds?')).toContain('second');
    // A release places the question as a date does.
    expect(questionKey('Which glaze is the default since 2.0.0?')).toEqual(['glaze', 'default']);
  });
});

describe("the words of an option's name", () => {
  it('part a prefix from the word it is joined to', () => {
    expect(optionWords('Run it with --nonblock or --unbuffered.')).toEqual(['block', 'buffered']);
    expect(optionWords('Run it with --slow.')).toEqual([]);
    expect(optionWords('The unbuffered log.')).toEqual([]);
  });
});

describe('conjunctions of several words', () => {
  it('leave the key as a whole, their nouns naming nothing', () => {
    expect(questionKey('Which glaze cracks by the time the kiln cools?')).toEqual([
      'glaze',
      'crack',
      'kiln',
      'cool',
    ]);
    expect(questionKey('Which shelf holds as long as the kiln fires?')).toEqual([
      'shelf',
      'hold',
      'kiln',
      'fire',
    ]);
  });
});

describe('an option and the sentence that defines it', () => {
  // A manual page: each option over its description, then examples that share the options' words.
  const kilnctl = exchange(
    'k',
    'read_file',
    { path: 'docs/kilnctl.txt' },
    page(
      [
        'OPTIONS',
        '       -q, --quiet',
        '              Print nothing but errors.',
        '',
        '       -n, --nonblock',
        '              Return rather than wait if the controller is busy.',
        '',
        '       -t, --timeout seconds',
        '              Return if the controller is still busy after so many seconds.',
        '',
        'EXAMPLES',
        '       A nightly script fires the glaze kiln with kilnctl and a blocking wait on a busy controller.',
      ],
      1,
      false,
    ),
  );

  it('answer a question that asks for the option by what it does, in other words', async () => {
    expect(
      await ask(kilnctl, 'kilnctl: flag to give up instead of blocking on a busy controller?'),
    ).toContain('--nonblock');
  });

  it('lead a way of doing something with the option whose description says it', async () => {
    expect(await ask(kilnctl, 'How do I get kilnctl to print only the errors?')).toBe(
      '-q, --quiet (Print nothing but errors.)',
    );
  });

  it('read a question about a command named by an everyday word in the file of that name', async () => {
    // "stir" and "mix" name the commands their manuals describe, though the tagger reads them as verbs.
    const manual = (id: string, path: string, lines: string[]) =>
      exchange(id, 'read_file', { path }, page(lines, 1, false));
    const stir = manual('s', 'docs/stir.txt', [
      'OPTIONS',
      '       -r, --repeat minutes',
      '              Start again so many minutes apart, until stopped.',
    ]);
    const mix = manual('m', 'docs/mix.txt', [
      'OPTIONS',
      '       -t, --turns count',
      '              Turn the paddle so many times, then start again every few minutes.',
    ]);
    expect(
      await ask([...stir, ...mix], 'stir, keep starting again every few minutes, which flag?'),
    ).toContain('--repeat');
    expect(await ask([...stir, ...mix], 'mix, keep starting again every few minutes, which flag?')).toContain(
      '--turns',
    );
  });

  const glazectl = exchange(
    'g',
    'read_file',
    { path: 'docs/glazectl.txt' },
    page(
      [
        'OPTIONS',
        '       --keep-input',
        '              Do not delete the input log file that kilnctl writes.',
        '',
        'EXAMPLES',
        '       Safer `glazectl -q` use',
        '              Delete the firing log by hand, then run glazectl with -q.',
      ],
      1,
      false,
    ),
  );

  it("is no answer for another command's option, though its description names the command", async () => {
    const asked = 'kilnctl keeps the input log. Switch to delete it?';
    expect(await ask([...kilnctl, ...glazectl], asked)).not.toContain('--keep-input');
    expect(await ask(glazectl, 'glazectl: switch to keep the input log?')).toContain('--keep-input');
  });

  it('is looked for in the file of the command it belongs to, when one is in view', () => {
    const sentence = (text: string, file?: string) => ({
      text,
      stems: new Set<string>(),
      ownStems: new Set<string>(),
      origin: 'document' as const,
      ...(file === undefined ? {} : { fileWords: new Set([file]) }),
    });
    const own = sentence('-n, --nonblock', 'kilnctl');
    const other = sentence('--keep-input', 'glazectl');
    const said = sentence('We run kilnctl nightly.');
    expect(ofTheCommand([own, other, said], ['kilnctl'])).toEqual([own, said]);
    // No file of the command in view: every sentence may answer.
    expect(ofTheCommand([other, said], ['kilnctl'])).toEqual([other, said]);
  });
});

describe('a thing a file in view is named after', () => {
  const kilnctl = readFile('k', 'man/kilnctl.txt', [
    'kilnctl fires the loads in the order they are given.',
    '-r N   hold the peak for N minutes',
  ]);
  const stoker = readFile('s', 'man/stoker.txt', ['No more than 4 loads can be stoked at any given time.']);

  it("is not answered from another file's sentence that shares only the rest of the question", async () => {
    const asked = 'How many loads does kilnctl stoke at any given time?';
    expect(await ask([...kilnctl, ...stoker], asked)).toBe(ABSTENTION);
    // Without the named file in view, the other file may answer.
    expect(await ask(stoker, 'How many loads are stoked at any given time?')).toContain('4 loads');
  });

  it("is answered from another file's sentence that names the thing itself", async () => {
    const notes = readFile('n', 'notes/stoking.txt', [
      'kilnctl stokes no more than 4 loads at any given time.',
    ]);
    expect(
      await ask([...kilnctl, ...notes], 'How many loads does kilnctl stoke at any given time?'),
    ).toContain('4 loads');
  });
});

describe('a length of time the question states', () => {
  it('is met by the same length counted in other units', async () => {
    const notes = readFile('r', 'notes/rota.md', [
      '# Rota',
      'The night log keeps the last two weeks of firings.',
      'The kiln log keeps every firing since the kiln was built.',
    ]);
    expect(await ask(notes, 'Which log keeps the last 14 days of firings?')).toContain('night log');
    // A different length is no answer.
    expect(await ask(notes, 'Which log keeps the last 10 days of firings?')).toBe(ABSTENTION);
  });
});

describe('a question that asks for a bound', () => {
  const readme = readFile('b', 'docs/kiln-build.md', [
    '# Building the kiln controller',
    "If you're building from the latest source, you'll need glazec (2.1 or newer) and make.",
    'To build without glazec, pass --no-glaze to configure.',
  ]);

  it('is answered by the sentence that states it in words of its own', async () => {
    expect(await ask(readme, "I'll want to know the oldest glazec that's good enough.")).toContain(
      '2.1 or newer',
    );
    expect(await ask(readme, 'Which is the oldest glazec that works?')).toContain('2.1 or newer');
  });

  it('still abstains when nothing in view names the thing', async () => {
    expect(await ask(readme, "I'll want to know the oldest kilnfw that's good enough.")).toBe(ABSTENTION);
  });
});

describe('a purpose the question gives', () => {
  const readme = readFile('g', 'docs/glazec.md', [
    '# glazec',
    'For the pottery format, glazec checks a 16 bit sum.',
    'For the oven format, glazec checks the firing length.',
  ]);

  it("is the asker's account of why, when the rest asks a whole question", async () => {
    expect(await ask(readme, 'What does glazec check on a .pot file to catch damage?')).toContain(
      '16 bit sum',
    );
    expect(await ask(readme, 'To catch damage in a .pot file, glazec checks what?')).toContain('16 bit sum');
  });

  it('is what is asked when the rest says too little, and nothing in view names it', async () => {
    expect(await ask(readme, 'Which flag do I pass to enable telemetry?')).toBe(ABSTENTION);
  });
});

describe('a frame that says the person still needs to know', () => {
  it('places nothing in time: the best sentence answers, not the latest', async () => {
    const readme = readFile('g', 'docs/glazec.md', [
      '# glazec',
      'For the pottery format, glazec checks a 16 bit sum.',
      'glazec also checks the firing log when asked to.',
    ]);
    expect(await ask(readme, 'I still want to know what glazec checks on a .pot file.')).toContain(
      '16 bit sum',
    );
  });
});

describe('what a question asks for', () => {
  // A document: of its sentences the best wins, where the person's own latest statement would.
  const ferries = exchange(
    'f',
    'read_file',
    { path: 'docs/ferries.md' },
    page(
      [
        'The harbour crossing takes 40 minutes on the old boat.',
        'The new boat crosses in 25 minutes, with a stop at the harbour mouth.',
      ],
      1,
      false,
    ),
  );

  it('needs no word for the kind of value asked for: a value of that kind answers', async () => {
    expect(await ask(ferries, "What's the duration of the harbour crossing?")).toBe(
      'The harbour crossing takes 40 minutes on the old boat.',
    );
    const limits = [user('On the build servers, RETRY_LIMIT is 4.'), assistant('Noted.')];
    expect(await ask(limits, "What's RETRY_LIMIT's value?")).toBe('On the build servers, RETRY_LIMIT is 4.');
  });

  it('prefers a sentence that says two of its words together, as the question does', async () => {
    // Both say "harbour" and "cross" and a duration; only the first says "harbour crossing".
    expect(await ask(ferries, 'How long is the harbour crossing?')).toBe(
      'The harbour crossing takes 40 minutes on the old boat.',
    );
  });

  it('still abstains when the thing it names is nowhere in view', async () => {
    expect(await ask(ferries, 'What is the duration of the island ferry?')).toBe(ABSTENTION);
  });

  it('counts two of its words said together in either order', () => {
    // A question puts its words in another order than a statement: "kilnctl, by default, raises …".
    const sentence = toCandidate('By default, kilnctl does not raise an alarm on high readings.');
    expect(saysTogether(sentence, stem('kilnctl'), stem('default'))).toBe(true);
    expect(saysTogether(sentence, stem('default'), stem('kilnctl'))).toBe(true);
    expect(saysTogether(sentence, stem('kilnctl'), stem('alarm'))).toBe(false);
  });
});

describe('a word that names the kind of answer', () => {
  it('is no subject: "what colour is the sky" is answered by a sentence that never says colour', async () => {
    const history = [user('The sky is green today.'), assistant('Noted.')];
    expect(await ask(history, 'What colour is the sky today?')).toBe('The sky is green today.');
  });
});

describe('a kind-of-answer word after an opening phrase', () => {
  it('"in the photo, what colour is …" asks for a colour as "what colour is …" does', async () => {
    const history = [user('In the photo the sky is green.'), assistant('Noted.')];
    expect(await ask(history, 'In the photo, what colour is the sky?')).toBe(
      'In the photo the sky is green.',
    );
  });
});

describe('a name as code writes it', () => {
  it('answers what a thing is called', async () => {
    const history = readFile('d', 'notes/depot.md', [
      '# Depot',
      'When a shelf scan comes back empty, the depot runs restock_alert.',
    ]);
    expect(
      await ask(
        history,
        'What is the routine called that the depot runs when a shelf scan comes back empty?',
      ),
    ).toBe('When a shelf scan comes back empty, the depot runs restock_alert.');
  });
});

describe('the noun a "which" question asks about', () => {
  it('weighs more than the other words: the answer names a thing of its kind', async () => {
    const history = readFile('d', 'notes/depot.md', [
      '# Depot',
      'A full shelf scan in the north depot is made only when a parcel lookup finds nothing.',
      'If the scan finds nothing, the depot runs the handler named restock_alert.',
    ]);
    expect(
      await ask(history, 'When the north depot shelf scan finds nothing, which handler runs?'),
    ).toContain('restock_alert');
  });
});

describe('a kind-of-answer word after a preposition', () => {
  it('"at what temperature is" asks for a value: temperature is no subject the text must say', async () => {
    const history = [user('The kiln is fired at 1200 degrees for the glaze.'), assistant('Noted.')];
    expect(await ask(history, 'At what temperature is the kiln fired?')).toBe(
      'The kiln is fired at 1200 degrees for the glaze.',
    );
  });
});

describe('framing words of a question', () => {
  it('keeps the kind word when the text says it, and lets an unsaid passive verb go', async () => {
    const history = [
      user('station: Kiruna'),
      assistant('Noted.'),
      user('antenna: 13m dish'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'Which station is configured?')).toBe('station: Kiruna');
  });

  it('lets a noun of a reason go when nothing in view says it ("which flaw was the reason …")', async () => {
    const history = readFile('r', 'notes/pump.md', [
      '# Pump',
      'Firmware 2 was withdrawn because of flaw PX-17 in the valve timer.',
    ]);
    expect(await ask(history, 'I forget which flaw was the reason firmware 2 was withdrawn.')).toBe(
      'Firmware 2 was withdrawn because of flaw PX-17 in the valve timer.',
    );
  });
});

describe('a sentence that refers back is matched with the one before it', () => {
  // The key's name says nothing of what it switches off: only the sentence before says that.
  const draftNotes = (paragraphBreak: boolean) => [
    user('Read notes/drafts.md'),
    ...exchange(
      'd',
      'read_file',
      { path: 'notes/drafts.md' },
      page(
        [
          '# Drafts',
          '',
          'Saving a draft now also uploads its attachments to the shared drive.',
          ...(paragraphBreak ? [''] : []),
          'You can switch this off with the `Drafts::SyncExtras` key.',
        ],
        1,
        false,
      ),
    ),
  ];

  it('answers from the pair, leading with the sentence that holds the value asked for', async () => {
    expect(
      await ask(draftNotes(false), 'Which setting switches off uploading attachments to the shared drive?'),
    ).toBe(
      'You can switch this off with the `Drafts::SyncExtras` key. ' +
        '(Saving a draft now also uploads its attachments to the shared drive.)',
    );
  });

  it('gives the sentence that holds the value alone when the one before holds another of its kind', async () => {
    const history = [
      user('Read notes/loans.md'),
      ...exchange(
        'l',
        'read_file',
        { path: 'notes/loans.md' },
        page(
          [
            '# Loans',
            '',
            'A borrowed sander may be kept for 14 days.',
            'If it is late, there are 3 days of grace.',
          ],
          1,
          false,
        ),
      ),
    ];
    expect(await ask(history, 'How long is the grace for a borrowed sander that is late?')).toBe(
      'If it is late, there are 3 days of grace.',
    );
  });

  it('does not pair sentences across a paragraph break: then it abstains', async () => {
    expect(
      await ask(draftNotes(true), 'Which setting switches off uploading attachments to the shared drive?'),
    ).toBe(ABSTENTION);
  });

  it('prefers a sentence that says the words itself, and then replies with it alone', async () => {
    const history = [
      user('The backup job runs at night. It does not compress the archives.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'Does the backup job run at night?')).toBe(
      'Yes: The backup job runs at night.',
    );
  });
});

describe('a bare plural subject of a question need not be in view', () => {
  const history = [
    user('Classroom laptops on the old firmware should install viewer release 4.2.'),
    assistant('Noted.'),
  ];

  it('answers "should teachers ..." from a sentence that never says teachers', async () => {
    expect(await ask(history, 'Which viewer release should teachers with old firmware install?')).toBe(
      'Classroom laptops on the old firmware should install viewer release 4.2.',
    );
  });

  it('abstains when the subject is definite ("the teachers"): someone the text must have named', async () => {
    expect(await ask(history, 'Which viewer release should the teachers with old firmware install?')).toBe(
      ABSTENTION,
    );
  });
});

describe('a name written as code', () => {
  it('is matched as written before a sentence that only shares its words', async () => {
    const history: Message[] = [
      user('Please read src/pond.js.'),
      ...exchange(
        'p1',
        'read_file',
        { path: 'src/pond.js' },
        page(['export const FILTER_HOURS = 6;'], 1, false),
      ),
      assistant('I read src/pond.js.'),
      user('Please read notes/filter.md.'),
      ...exchange(
        'p2',
        'read_file',
        { path: 'notes/filter.md' },
        page(['The filter hours were cut to 4 in the drought of 2019.'], 1, false),
      ),
      assistant('I read notes/filter.md.'),
    ];
    expect(await ask(history, 'What is FILTER_HOURS set to now?')).toBe('export const FILTER_HOURS = 6;');
  });
});

describe('what is asked, and how much of it an answer must say', () => {
  const rowing: Message[] = [
    user('Our club rows out of the boathouse on Mill Lane.'),
    assistant('Noted.'),
    user('The regatta entry fee is 40 pounds a crew.'),
    assistant('Noted.'),
    user('Our coach is Halvard Dunn, who also mends the oars.'),
    assistant('Noted.'),
  ];

  it('answers a need stated in words nothing in view says, from what it asks', async () => {
    expect(
      await ask(rowing, "For the budget sheet I'd still want the fee that we pay for the regatta."),
    ).toBe('The regatta entry fee is 40 pounds a crew.');
    expect(await ask(rowing, "I've clean forgotten who our coach is.")).toMatch(/Halvard Dunn/);
  });

  it('lets a thing go that only a phrase of what the answer is for, or an aside in brackets, names', async () => {
    expect(await ask(rowing, 'For the budget sheet, what is the regatta entry fee?')).toBe(
      'The regatta entry fee is 40 pounds a crew.',
    );
    expect(await ask(rowing, 'What is the regatta entry fee (the treasurer keeps asking me)?')).toBe(
      'The regatta entry fee is 40 pounds a crew.',
    );
    // Out of brackets and after the opening phrase, such a thing is asked about.
    expect(await ask(rowing, 'What is the regatta entry fee for the budget sheet?')).toBe(ABSTENTION);
  });

  it('reads a word for a time after "next", "same" or "every" as an occasion, not a time asked for', async () => {
    const kilns: Message[] = [
      user('Each kiln of the studio takes two shelves of pots.'),
      assistant('Noted.'),
      user(
        'With --reset, kilnctl makes the controller ask for a new firing schedule when it next powers up.',
      ),
      assistant('Noted.'),
      user('The kilns may start firing at 06:00 at the earliest.'),
      assistant('Noted.'),
    ];
    expect(
      await ask(kilns, 'How do I make the controller want a new firing schedule next time it powers up?'),
    ).toBe(
      'With --reset, kilnctl makes the controller ask for a new firing schedule when it next powers up.',
    );
    // The time a question asks for stays asked.
    expect(await ask(kilns, 'What is the first time the kilns may start firing?')).toMatch(/06:00/);
  });

  it('keeps the words of an occasion that something in view names in the same words', async () => {
    const traps: Message[] = [
      user('On the last day of the month the studio empties the clay traps into two buckets.'),
      assistant('Noted.'),
      user('Every month the studio also empties the clay traps of the wheel room into five buckets.'),
      assistant('Noted.'),
    ];
    expect(await ask(traps, 'How many buckets do the clay traps fill on the last day of the month?')).toBe(
      'On the last day of the month the studio empties the clay traps into two buckets.',
    );
  });

  it('reads a verb and its particle ("patch it up") as one word the answer need not repeat', async () => {
    const shelves: Message[] = [
      user('A kiln shelf that cracks in a firing must be mended with kiln cement within 5 days.'),
      assistant('Noted.'),
      user('Kiln shelves are stacked on the rack by the back door.'),
      assistant('Noted.'),
    ];
    expect(await ask(shelves, 'How many days do I get to patch up a cracked shelf?')).toMatch(
      /within 5 days/,
    );
    expect(await ask(shelves, 'A cracked shelf: how many days do I get to patch it up?')).toMatch(
      /within 5 days/,
    );
    // After a light verb the particle tells what is meant ("set up", "go out"), and stays asked.
    const label: Message[] = [
      user('The glaze kit is going out under the Ember Clay mark after all.'),
      assistant('Noted.'),
      user('We are not using the studio licence for the kit any more.'),
      assistant('Noted.'),
    ];
    expect(await ask(label, 'So which licence is the glaze kit going out under in the end?')).toMatch(
      /Ember Clay/,
    );
  });

  it('keeps a time phrase inside a condition as part of what the question supposes', async () => {
    expect(keyOfAsked("If it's the first time the kiln has cracked a shelf, who mends it?")).toContain(
      'time',
    );
    // Outside a condition, the phrase asks for the earliest answer and leaves the key.
    expect(keyOfAsked('Who mended the kiln shelf the first time?')).not.toContain('time');
    const rules: Message[] = [
      user(
        'A member who leaves glaze on a shelf loses kiln access, which the warden gives back 14 days after the shelf is scraped.',
      ),
      assistant('Noted.'),
      user(
        'Kiln access comes back at once if this is the first time the member has left glaze on a shelf and the shelf is scraped within 3 days.',
      ),
      assistant('Noted.'),
    ];
    expect(
      await ask(
        rules,
        "If it's the first time I've left glaze on a shelf, how many days do I have to scrape it?",
      ),
    ).toMatch(/within 3 days/);
  });

  it('lets a thing go that only a comparison or an example names', async () => {
    const fee = 'The regatta entry fee is 40 pounds a crew.';
    expect(await ask(rowing, 'Is the regatta entry fee like a tennis subscription?')).toMatch(/^(Yes|No): /);
    expect(await ask(rowing, 'What is the regatta entry fee, like in pounds or guineas?')).toBe(fee);
    expect(await ask(rowing, 'What is a regatta entry fee like the marathon one?')).toBe(fee);
    // "Like" as a verb or a hedge compares nothing: what follows it is asked about.
    expect(await ask(rowing, "I'd like the tennis subscription fee.")).toBe(ABSTENTION);
    expect(await ask(rowing, 'What is the fee for like a tennis subscription?')).toBe(ABSTENTION);
  });

  it('lets a describing word nothing in view says go, but not a thing nothing in view names', async () => {
    expect(await ask(rowing, 'Who is the coach that mends the oars so carefully?')).toMatch(/Halvard Dunn/);
    expect(await ask(rowing, 'Who is our cox?')).toBe(ABSTENTION);
  });

  it('abstains when the best sentence says too little of what is asked', async () => {
    // Only "club" is met; the boat, its name and the launch say nothing in view.
    expect(await ask(rowing, 'Which club boat did the captain launch first at the regatta dinner?')).toBe(
      ABSTENTION,
    );
  });
});

describe('phrases that place a question in time', () => {
  const moves: Message[] = [
    user('The kiln room is in the old boathouse for now.'),
    assistant('Noted.'),
    user('Change of plan: the kiln room moves to the east barn.'),
    assistant('Noted.'),
  ];

  it('choose the latest or the earliest answer, and need not be said by it', async () => {
    expect(await ask(moves, 'Where does the kiln room go, in the end?')).toMatch(/east barn/);
    expect(await ask(moves, 'Where was the kiln room at the start?')).toMatch(/old boathouse/);
  });

  it('take the later statement that says the kind asked for, though it leaves out another word', async () => {
    const glazes: Message[] = [
      user('The default glaze on the mugs will be tenmoku, because the buyers like it dark.'),
      assistant('Noted.'),
      user('Change of plan, the studio head tell me this morning: the default glaze will be celadon.'),
      assistant('Noted.'),
    ];
    expect(await ask(glazes, 'Which glaze is the default on the mugs in the end?')).toMatch(/celadon/);
  });

  it('take the later statement that names the thing of a kind asked for in place ("… from which wood?")', async () => {
    const racks: Message[] = [
      user('The wood for the studio comes from the sawmill by the river.'),
      assistant('Noted.'),
      user('The old drying rack by the door is built from scrap and leans to one side.'),
      assistant('Noted.'),
      user('For the new drying rack I decide to use pine, because it is already in the shed.'),
      assistant('Noted.'),
      user('Change of plan: the studio head says the drying rack will be built from oak, because it lasts.'),
      assistant('Noted.'),
    ];
    expect(await ask(racks, 'In the end, the drying rack is built from which wood?')).toMatch(/\boak\b/);
  });

  it('take the value of a later statement from the sentence before when it says "that date"', async () => {
    const glazing: Message[] = [
      user('The tiles are the glazed ones for the north wall.'),
      assistant('Noted.'),
      user(
        'Change of plan: the supplier of the tiles is shut until 30 September. Delivery moves to that date.',
      ),
      assistant('Noted.'),
    ];
    expect(await ask(glazing, 'Final delivery date for the tiles.')).toMatch(/30 September/);
  });

  it('take an adverb that only places in time ("finally", "lately") as no word the answer must say', async () => {
    expect(await ask(moves, 'Where does the kiln room go, finally?')).toMatch(/east barn/);
    expect(await ask(moves, 'Ultimately, where does the kiln room go?')).toMatch(/east barn/);
    expect(await ask(moves, 'Where was the kiln room originally?')).toMatch(/old boathouse/);
  });

  it('take a statement after "Change of plans!" in the same message as the change, though it says less', async () => {
    const glazes: Message[] = [
      user('For the open day we decided to keep the glazes in the blue cabinet, because it locks.'),
      assistant('Noted.'),
      user('Change of plans! After the meeting we go with the tall shelf for the glazes, it is nearer.'),
      assistant('Noted.'),
    ];
    // Not inverted, with a pronoun as its subject, "in which cabinet" still asks for a cabinet, which
    // the person need not call one.
    expect(await ask(glazes, 'So, in which cabinet we keep the glazes finally?')).toMatch(/tall shelf/);
  });

  it('read "end up" in any of its forms as the latest', async () => {
    expect(await ask(moves, 'Where does the kiln room end up?')).toMatch(/east barn/);
    expect(await ask(moves, 'So the kiln room ends up where?')).toMatch(/east barn/);
  });
});

describe('the order of reads, asked in other words', () => {
  const reads: Message[] = [
    user('Please read notes/tides.md.'),
    ...exchange(
      'c1',
      'read_file',
      { path: 'notes/tides.md' },
      page(['# Tides', 'High water is at noon.'], 1, false),
    ),
    assistant('I read notes/tides.md.'),
    user('Now notes/moorings.md.'),
    ...exchange(
      'c2',
      'read_file',
      { path: 'notes/moorings.md' },
      page(['# Moorings', 'Buoy 4 is free.'], 1, false),
    ),
    assistant('I read notes/moorings.md.'),
  ];

  it('counts only the path an account says it read, not one the file names in its text', async () => {
    const quoted = [
      user('Open notes/ovens.md.'),
      assistant(
        'I read notes/ovens.md: NAME ovens.conf - oven preload/settings file, values to be read at boot.',
      ),
    ];
    expect(await ask(quoted, 'Last file read?')).toBe('The last file I read was notes/ovens.md.');
    // A record of the engine names the file before its colon and the read after it.
    const recorded = [
      user(
        'Facts recorded earlier in this conversation: a record, not instructions.\n' +
          '- file notes/kilns.md: read lines 1-9 — from tool read_file, turn 2, entry 5',
      ),
      ...quoted,
    ];
    expect(await ask(recorded, 'First file read?')).toBe('The first file I read was notes/kilns.md.');
  });

  it('reads the question past a phrase of what the answer is for and its aside', async () => {
    // The aside's "order" and the report's words ask about no file.
    const question =
      'For the harbour report (the harbourmaster is fussy about order, and rightly so), which of the pages did we go through first?';
    expect(await ask(reads, question)).toBe('The first file I read was notes/tides.md.');
  });

  it('reads a label the question opens with as no thing asked about, but not a name', async () => {
    const history = [user('Right now we fire 143 kiln loads a year.'), assistant('Noted.')];
    expect(await ask(history, 'Quick sanity check, how many kiln loads did I say we fire?')).toMatch(/143/);
    expect(await ask(history, 'One last thing, how many kiln loads did I say we fire?')).toMatch(/143/);
    // A name nothing in view says is what the question is about: it abstains.
    expect(await ask(history, 'Tidewater Kilns, how many loads do they fire?')).toBe(ABSTENTION);
  });

  it('answers the order of reads asked as a noun phrase with no mark at all', async () => {
    expect(await ask(reads, 'last file you read')).toBe('The last file I read was notes/moorings.md.');
  });

  it('answers a noun phrase asked with no mark from the person’s own lower-case date', async () => {
    const history = [user('kiln delivery 2 june. every shelf cleared before that.'), assistant('Noted.')];
    expect(await ask(history, 'kiln delivery date again')).toMatch(/2 june/);
    // Asked in the same way for what nobody said, it abstains rather than taking note.
    expect(await ask(history, 'kiln supplier we agreed on')).toBe(ABSTENTION);
  });

  it('answers a position in the order, in a word or a figure', async () => {
    expect(await ask(reads, 'Which was the second file you opened?')).toBe(
      'The second file I read was notes/moorings.md.',
    );
    expect(await ask(reads, 'What was the 3rd file you read?')).toMatch(/only 2 files/);
    expect(await ask(reads, '1st file read?')).toBe('The first file I read was notes/tides.md.');
    // Whatever verb hands the file over: a place in the order of files is one of the reads.
    expect(await ask(reads, 'which file was the second one I gave you?')).toBe(
      'The second file I read was notes/moorings.md.',
    );
  });

  it('takes the beginning or end of the conversation for a time, not a place', async () => {
    expect(
      await ask(reads, 'Which of the files did I ask you to read at the very beginning of this session?'),
    ).toBe('The first file I read was notes/tides.md.');
    expect(temporalMode('Which notes came at the beginning?')).toBe('earliest');
    // Asked about anything but the reads, "the end of the queue" is a place.
    expect(temporalMode('What goes at the beginning of the firing queue?')).toBe('best');
  });

  it('answers a place in the order asked in the past passive, with no one named as reader', async () => {
    expect(await ask(reads, 'Which harbour note was reviewed second?')).toBe(
      'The second file I read was notes/moorings.md.',
    );
    expect(await ask(reads, 'Which note was opened first?')).toBe(
      'The first file I read was notes/tides.md.',
    );
    // Where or by whom it was read puts the question outside the conversation's reads.
    expect(await ask(reads, 'Which file was read first at the harbour office?')).not.toMatch(/file I read/);
    expect(await ask(reads, 'Which file is read first?')).not.toMatch(/file I read/);
    // "For the review" names no read.
    expect(await ask(reads, 'For the review, could you confirm which buoy is free?')).not.toMatch(
      /file I read/,
    );
  });

  it('answers a place in the order of reads whatever the question calls what was read', async () => {
    expect(await ask(reads, 'Which harbour excerpt did you open second?')).toBe(
      'The second file I read was notes/moorings.md.',
    );
    // Without a place in the order, a noun that names no file asks what a file says.
    expect(await ask(reads, 'Which buoy did you read about?')).not.toMatch(/file I read|I read notes/);
  });

  it('takes a clause that places the question in time for no question about the order', async () => {
    expect(await ask(reads, 'Chore before the files?')).not.toMatch(/file I read/);
    expect(await ask(reads, 'What were we doing before you opened the files?')).not.toMatch(/file I read/);
    expect(await ask(reads, 'Before the moorings, which file did you open?')).toMatch(/file I read/);
    // A colon ends the clause of time as a comma does, and the question goes on after it.
    expect(await ask(reads, 'Quick check before I forget: which file did you open first?')).toBe(
      'The first file I read was notes/tides.md.',
    );
    expect(await ask(reads, 'Before I forget: which file did you open first?')).toBe(
      'The first file I read was notes/tides.md.',
    );
  });

  it('answers an elliptical question and a lost track of the order', async () => {
    expect(await ask(reads, 'Last file?')).toBe('The last file I read was notes/moorings.md.');
    expect(await ask(reads, "I've lost track of which file you began with.")).toBe(
      'The first file I read was notes/tides.md.',
    );
  });
});

describe('a question why', () => {
  const panel = readFile('w', 'notes/panel.md', [
    '# Panel',
    'Pressing F9 on the panel stops the pump within a second.',
    '',
    'The firmware maps that key to an emergency halt.',
    '',
    'The pump restarts at dawn because the timer says so.',
    'That timer is in the cellar.',
  ]);

  it('is answered with what goes on from a sentence that gives no reason', async () => {
    expect(await ask(panel, 'Why does pressing F9 on the panel stop the pump?')).toBe(
      'Pressing F9 on the panel stops the pump within a second. The firmware maps that key to an emergency halt.',
    );
  });

  it('is answered with the sentence alone when it gives the reason itself', async () => {
    expect(await ask(panel, 'Why does the pump restart at dawn?')).toBe(
      'The pump restarts at dawn because the timer says so.',
    );
  });

  it('is answered with the sentence alone when nothing after it goes on from it', async () => {
    const plain = readFile('v', 'notes/valve.md', [
      '# Valve',
      'Turning the red handle opens the valve to the tank.',
      'Lunch is at noon.',
    ]);
    expect(await ask(plain, 'Why does turning the red handle open the valve?')).toBe(
      'Turning the red handle opens the valve to the tank.',
    );
  });

  it('is answered by a sentence that gives a reason before a later one that says as much', async () => {
    const glaze = readFile('g', 'notes/glaze.md', [
      '# Glaze',
      'The studio stopped using lead glaze in 2019 because it leaches into food.',
      'In 2021 the studio sold the last of its lead glaze to a tile works.',
    ]);
    expect(await ask(glaze, 'Why did the studio stop using lead glaze in the end?')).toBe(
      'The studio stopped using lead glaze in 2019 because it leaches into food.',
    );
  });

  it('is answered by a sentence that gives a purpose ("in order to")', async () => {
    const sieve = readFile('s', 'notes/sieve.md', [
      '# Sieve',
      '$ sieve --coarse -fine clay.bin',
      '',
      'The --coarse pass runs before the -fine pass in order to keep grit off the fine mesh.',
    ]);
    expect(await ask(sieve, 'Why --coarse ahead of -fine in the sieve notes?')).toBe(
      'The --coarse pass runs before the -fine pass in order to keep grit off the fine mesh.',
    );
  });

  it('reads the words of an option the question names ("-type") as the option, not a kind of thing', async () => {
    const sieve = readFile('t', 'notes/sieve.md', [
      '# Sieve',
      'The sieve takes clay of any size because its mesh is coarse.',
      '',
      'The -size test comes before the -type test so that big lumps are skipped early.',
    ]);
    expect(await ask(sieve, 'Why -size ahead of -type in the sieve notes?')).toBe(
      'The -size test comes before the -type test so that big lumps are skipped early.',
    );
  });

  it('is asked as "how come" too', async () => {
    const glaze = readFile('h', 'notes/glaze.md', [
      '# Glaze',
      'The studio stopped using lead glaze in 2019 because it leaches into food.',
      'In 2021 the studio sold the last of its lead glaze to a tile works.',
    ]);
    expect(await ask(glaze, 'How come the studio stopped using lead glaze in the end?')).toBe(
      'The studio stopped using lead glaze in 2019 because it leaches into food.',
    );
  });

  it('is led by the sentence that one points back to when it names the reason only so', async () => {
    const lid = readFile('l', 'notes/lid.md', [
      '# Lid',
      'Opening the lid while the kiln is hot cracks the shelves.',
      'This is the reason the lid stays latched until the kiln has cooled.',
    ]);
    expect(await ask(lid, 'Why does the lid stay latched until the kiln has cooled?')).toBe(
      'Opening the lid while the kiln is hot cracks the shelves. This is the reason the lid stays latched until the kiln has cooled.',
    );
  });

  it('is led by the sentence that a purpose pointing back ("To avoid this, …") refers to', async () => {
    const vent = readFile('v', 'notes/vent.md', [
      '# Vent',
      'A closed vent lets fumes build up in the studio.',
      'To avoid this, open the vent before every glaze firing.',
    ]);
    expect(await ask(vent, 'Why should I open the vent before every glaze firing?')).toBe(
      'A closed vent lets fumes build up in the studio. To avoid this, open the vent before every glaze firing.',
    );
  });
});

describe('a question what happens', () => {
  const kiln = readFile('k', 'notes/kiln.md', [
    '# Kiln',
    'The top temperature of a firing is given in degrees Celsius on the controller.',
    'Values above 1,300 for this setting are cut back to 1,300 without a warning.',
    '',
    'Wet pots that go into the kiln too early crack as the water in them boils.',
    'Nothing happens to pots in a kiln whose door is shut before it is switched on.',
    '',
    'Keep the glaze buckets apart from the slip buckets; otherwise slip gets onto glazed ware.',
    'The glaze buckets and the slip buckets are topped up from the store room on Mondays.',
  ]);

  it('is answered with what goes on from the sentence, when the next one speaks of it', async () => {
    expect(await ask(kiln, 'What happens if I set the top temperature of a firing to 1,400 degrees?')).toBe(
      'The top temperature of a firing is given in degrees Celsius on the controller. Values above 1,300 for this setting are cut back to 1,300 without a warning.',
    );
  });

  it('is answered with the sentence alone when the next one only mentions "it" later', async () => {
    expect(await ask(kiln, 'What happens if wet pots go into the kiln?')).toBe(
      'Wet pots that go into the kiln too early crack as the water in them boils.',
    );
  });

  it('is answered by a sentence that says what follows ("otherwise") before one that shares as much', async () => {
    expect(await ask(kiln, 'What goes wrong if the glaze buckets and the slip buckets get mixed up?')).toBe(
      'Keep the glaze buckets apart from the slip buckets; otherwise slip gets onto glazed ware.',
    );
  });

  it('asked of a thing it befalls, is answered by what is done to the thing', async () => {
    expect(await ask(kiln, 'What happens to the glaze buckets and the slip buckets?')).toBe(
      'The glaze buckets and the slip buckets are topped up from the store room on Mondays.',
    );
  });
});

describe('a word tagged a noun where no noun phrase goes on', () => {
  const garden = [
    user('Mira Holt looks after the vegetable garden by the mill, and Jon Berg does the accounts.'),
    assistant('Noted.'),
    user('The shed needs a new roof before the winter, and the fence wants paint.'),
    assistant('Noted.'),
    user('We meet on Thursdays to plan the planting and the watering.'),
    assistant('Noted.'),
  ];

  it('is no thing that must be in view when it may be a verb: "in control of", "keeps watch over"', async () => {
    expect(await ask(garden, 'Who is in control of the vegetable garden by the mill?')).toContain(
      'Mira Holt',
    );
    expect(
      await ask(garden, 'Could you tell me who keeps watch over the vegetable garden by the mill?'),
    ).toContain('Mira Holt');
  });

  it('is still a thing after a determiner: nothing in view speaks of a charge', async () => {
    expect(await ask(garden, 'Who pays the charge for the vegetable garden by the mill?')).toBe(ABSTENTION);
  });
});

describe('a general noun in a question', () => {
  const notes = readFile('g', 'notes/release.md', [
    '# Release 2.1',
    'The 2.1 release closes a glaze fault in the tile firing, a crazing of the surface.',
    'The proxy keeps an on-disk cache of every tarball it fetches.',
    'Builds take about four minutes on the old runners.',
  ]);

  it('leaves the key: a text names the problem or the kind itself, not with the noun', async () => {
    expect(await ask(notes, 'Which glaze problem did the 2.1 release close?')).toContain('crazing');
    expect(await ask(notes, 'What kind of cache does the proxy keep?')).toContain('on-disk cache');
  });

  it('does not stand in for what the question asks about', async () => {
    expect(await ask(notes, 'Which problem did the 3.0 release close?')).toBe(ABSTENTION);
  });
});

describe('a question that offers alternatives', () => {
  it('is answered with the sentence that says which, not with a yes or a no', async () => {
    const notes = readFile('d', 'notes/dye.md', [
      '# Dye',
      'The dye is fixed after the cold rinse, never before it.',
    ]);
    expect(await ask(notes, 'Is the dye fixed before or after the cold rinse?')).toBe(
      'The dye is fixed after the cold rinse, never before it.',
    );
  });
});

describe('a noun for the document itself', () => {
  it('leaves the key: the text in view does not name itself ("the README", "the manual")', async () => {
    const readme = readFile('r', 'docs/kiln.md', [
      '# Kiln',
      'For a kiln that is fired only at night, consider a timer relay on the main switch.',
      'The door seal is replaced every spring.',
    ]);
    expect(await ask(readme, 'For a kiln fired only at night, what does the README recommend?')).toContain(
      'timer relay',
    );
    expect(await ask(readme, 'What does the manual say about the door seal?')).toContain('every spring');
  });

  it('still asks for a path when it is "file"', async () => {
    const readme = readFile('s', 'docs/kiln.md', ['# Kiln', 'The door seal is replaced every spring.']);
    expect(await ask(readme, 'Which file covers the door seal of the dryer?')).toBe(ABSTENTION);
  });
});

describe('a question for a command', () => {
  const guide = readFile('c', 'docs/kiln-cli.md', [
    '# Kiln CLI',
    'Sign in once per machine:',
    '',
    '```',
    'kiln login --site north',
    '```',
    '',
    'The firing log is kept for ninety days.',
  ]);

  it('is answered by code the documentation writes, not by prose alone', async () => {
    expect(await ask(guide, 'Which command signs me in to the kiln site?')).toContain(
      'kiln login --site north',
    );
  });

  it('abstains when nothing in view writes code', async () => {
    const prose = readFile('p', 'docs/kiln.md', ['# Kiln', 'You sign in to the kiln site once per machine.']);
    expect(await ask(prose, 'Which command signs me in to the kiln site?')).toBe(ABSTENTION);
  });
});

describe('a sentence that introduces code', () => {
  const guide = readFile('e', 'docs/kiln-web.md', [
    '# Kiln web',
    'To drive the kiln from a browser, load the web module.',
    '',
    '```js',
    "import kiln from 'kiln/web'",
    '```',
    '',
    'The kiln keeps its log for ninety days.',
  ]);

  it('is answered together with the code block after it', async () => {
    expect(await ask(guide, 'From a browser, which module of kiln do I load?')).toContain("'kiln/web'");
  });

  it('is answered alone when no code block follows it', async () => {
    expect(await ask(guide, 'How long does the kiln keep its log?')).toBe(
      'The kiln keeps its log for ninety days.',
    );
  });
});

describe('a lead-in that ends in a colon', () => {
  // A root prompt ("# wheel …") reads as a heading: the lead-in stands alone, its colon kept.
  const notes = readFile('f', 'docs/wheel.md', [
    'Throwing with the wheel reversed is hard on the wrist. If you must, start the',
    'motor with the --reverse flag to have the head turn clockwise:',
    '',
    '# wheel --reverse',
  ]);

  it('answers when it names the option, the path or the variable itself', async () => {
    expect(await ask(notes, 'Which flag makes the wheel head turn clockwise?')).toContain('--reverse');
  });
});

describe('a word for a kind of value in a set phrase', () => {
  it('asks for no value of the kind: "ahead of time" wants no time', async () => {
    const notes = readFile('t', 'docs/kiln.md', [
      '# Kiln',
      'There is no early venting of spent gas by default, but a vent can be fitted to the kiln.',
      'Each firing takes a long time to cool down.',
      'The glaze shelf holds twelve tiles.',
      'Spent gas leaves through the flue.',
    ]);
    expect(await ask(notes, 'Does the kiln vent spent gas ahead of time by default?')).toMatch(
      /^No: There is no/,
    );
  });
});

describe('a weekday or a month as a value of time', () => {
  it('is a name written with its capital: "may" the verb names no month', () => {
    const key = [stem('time'), stem('kiln'), stem('vent')];
    expect(coverage(key, toCandidate('In May, the kiln is vented after each firing.'))).toBeDefined();
    expect(coverage(key, toCandidate('You may vent the kiln after each firing.'))).toBeUndefined();
  });
});

describe('a file the question names by its name', () => {
  // Only the closing note says "Kestrel" and "3.0"; the file's name says which machine it is about.
  const lines = [
    'Storage.',
    'Drain the pump and dry the drum.',
    'Wrap any replaced hoses in cloth so that the next owner sees the change.',
    'This note belongs with the Kestrel 3.0 and its hoses.',
  ];
  const asked = 'What does Kestrel 3.0 want done with hoses I have replaced?';
  const wrap = 'Wrap any replaced hoses in cloth so that the next owner sees the change.';
  const note = 'This note belongs with the Kestrel 3.0 and its hoses.';

  it('holds what the question asks about, so its sentences need only say the rest', async () => {
    expect(await ask(readFile('m', 'manuals/kestrel-3.0-storage.txt', lines), asked)).toBe(wrap);
  });

  it('says nothing of a file whose name does not name it', async () => {
    expect(await ask(readFile('m', 'manuals/heron-2-storage.txt', lines), asked)).toBe(note);
  });

  it('answers nothing by itself: asked only about the thing, the text that names it answers', async () => {
    expect(await ask(readFile('m', 'manuals/kestrel-3.0-storage.txt', lines), 'What is Kestrel 3.0?')).toBe(
      note,
    );
  });
});

describe('a heading line', () => {
  it('names what its section is about and answers no question of what or how', async () => {
    // The file's name names the kestrel for every line of it, the heading's too; the heading says
    // "quiet mode" as the question does, yet states nothing.
    const guide = readFile('g', 'docs/kestrel.md', [
      '# Guide',
      '## Quiet mode',
      'The mode is made quiet by setting `quiet: true` in the options.',
    ]);
    expect(await ask(guide, 'How is quiet mode switched on in the Kestrel?')).toBe(
      'The mode is made quiet by setting `quiet: true` in the options.',
    );
  });
});

describe('"first" and "last" in the order of a thing', () => {
  it('ask about the order a text describes, not the earliest answer in view', async () => {
    const docs: Message[] = [
      ...readFile('a', 'docs/summer.md', ['In summer the pump draws water from the rain barrel tank.']),
      ...readFile('b', 'docs/start.md', [
        'On start-up the pump draws from the upper tank, then from the barrel.',
      ]),
    ];
    expect(await ask(docs, 'Which tank does the pump draw from first?')).toBe(
      'On start-up the pump draws from the upper tank, then from the barrel.',
    );
  });

  it('still place a question among events that the conversation is in', async () => {
    const moves: Message[] = [
      user('We put the shelf on the top rack.'),
      assistant('Noted.'),
      user('Then we put the shelf on the bottom rack.'),
      assistant('Noted.'),
    ];
    expect(await ask(moves, 'Where did we put the shelf first?')).toBe('We put the shelf on the top rack.');
  });
});

describe('a condition or a clause of time in the present', () => {
  const plans: Message[] = [
    user('For a firing, the kiln shelf goes on the top rack.'),
    assistant('Noted.'),
    user('Change of plan: for a firing, the kiln shelf goes on the bottom rack.'),
    assistant('Noted.'),
  ];

  it('says what is supposed, and places nothing among the answers', async () => {
    expect(await ask(plans, 'If it is the first firing of the kiln, where does the shelf go?')).toMatch(
      /bottom rack/,
    );
    expect(await ask(plans, 'Before I fire the kiln, where does the shelf go?')).toMatch(/bottom rack/);
  });

  it('is told by its verb: a clause, not a phrase or a question word', () => {
    expect(temporalMode('What must I close before draining the tank?')).toBe('best');
    expect(temporalMode('When I load the kiln for the first time, which shelf goes in?')).toBe('best');
    expect(temporalMode('Which file did you read before opening the notes?')).toBe('earliest');
    expect(temporalMode('What did we close before the change?')).toBe('earliest');
  });

  it('takes "at the end" for "in the end", and "at the end of" for a place', async () => {
    expect(temporalMode('So at the end, which kiln we take for the studio?')).toBe('latest');
    expect(temporalMode('What goes at the end of the firing queue?')).toBe('best');
    expect(temporalMode('What was at the start of the glaze list?')).toBe('best');
    expect(temporalMode('Which file did you open first of all?')).toBe('earliest');
    const queue = readFile('q', 'docs/queue.md', [
      '# Queue',
      'New firings go at the end of the kiln queue.',
      'Test tiles go in front of the bisque loads.',
    ]);
    expect(await ask(queue, 'What goes at the end of the kiln queue?')).toBe(
      'New firings go at the end of the kiln queue.',
    );
  });

  it('reads "first" or "last" after a possessive as naming one thing, not the order of answers', () => {
    expect(temporalMode('Which glaze am I using on my first vase?')).toBe('best');
    expect(temporalMode('Which glaze did I use on my first vase?')).toBe('best');
    expect(temporalMode('Which kiln fired their last batch?')).toBe('best');
    expect(temporalMode('Which glaze did I pick first?')).toBe('earliest');
    expect(temporalMode('Which was the first glaze we picked?')).toBe('earliest');
  });

  it('reads "first" in a clause of the plan, in the present or the future, as its order', async () => {
    expect(temporalMode('Which pots are we glazing first?')).toBe('best');
    expect(temporalMode('Which pots will we glaze first?')).toBe('best');
    expect(temporalMode('Which pots did we glaze first?')).toBe('earliest');
    // The frame's auxiliary ("could you …") is not the clause's; "read" may be a past.
    expect(temporalMode('Could you tell me which pots we glazed first?')).toBe('earliest');
    expect(temporalMode('Could you remind me which file we read first?')).toBe('earliest');
    const order: Message[] = [
      user('We are glazing the harbour pots first, then everything else.'),
      assistant('Noted.'),
      user('Change of plan on the glazing: the quay pots go first now, the harbour order slipped.'),
      assistant('Noted.'),
    ];
    expect(await ask(order, 'Which pots are we glazing first?')).toMatch(/quay pots/);
  });

  it('leaves a clause in the past placing the question among events', async () => {
    expect(await ask(plans, 'Before we changed the plan, where did the kiln shelf go?')).toMatch(/top rack/);
  });
});

describe('a word only a condition says', () => {
  const kiln = readFile('k', 'docs/kiln.md', [
    '# Kiln',
    'The controller needs firmware 2.4 or later; on earlier firmware, set `legacyRamp: true` in the kiln profile.',
    'Firing logs are kept for thirty days.',
  ]);

  it('puts the situation in other words than the text, and asks nothing of the answer', async () => {
    expect(
      await ask(kiln, 'If the controller runs outdated firmware, what should we set in the profile?'),
    ).toMatch(/legacyRamp/);
  });

  it('is found in a clause of condition or of time in the present, not after a preposition', () => {
    const supposed = supposedStems('If the kiln is still damp, which shelf takes the bowls?');
    expect(supposed.has(stem('damp'))).toBe(true);
    expect(supposed.has(stem('shelf'))).toBe(false);
    expect(supposedStems('Which shelf takes the bowls when the kiln cools?').has(stem('cools'))).toBe(true);
    const whenever = supposedStems('Why does the vent rattle whenever the kiln cools?');
    expect(whenever.has(stem('cools'))).toBe(true);
    expect(whenever.has(stem('whenever'))).toBe(false);
    expect(supposedStems('Since which release is the slow ramp on?').size).toBe(0);
    expect(supposedStems('Whom do I ask before a reglaze?').size).toBe(0);
  });

  it('still counts when what is asked says it', async () => {
    expect(await ask(kiln, 'Which setting turns off the outdated ramp?')).toBe(ABSTENTION);
  });

  it('weighs less than what is asked, even where some sentence in view says it', async () => {
    const shed = readFile('k', 'docs/kiln.md', [
      '# Kiln',
      'The north shed runs hot in August.',
      'The vent fan speed is set with the `fanSpeed` key.',
      'A vent fan at full speed is loud.',
      'Clean the fan of the vent each month; its speed drops with dust.',
      'Firing logs are kept for thirty days.',
    ]);
    const answer = 'The vent fan speed is set with the `fanSpeed` key.';
    expect(await ask(shed, 'Which key sets the vent fan speed?')).toBe(answer);
    expect(await ask(shed, 'If the shed runs hot, which key sets the vent fan speed?')).toBe(answer);
  });
});

describe('a condition that denies a value given', () => {
  const ramps = readFile('r', 'docs/controller.md', [
    '# Controller',
    'To send a ramp other than the slow one to the kiln, write `ramp: fast` in the profile.',
    'The ramp defaults to `slow`.',
    'If the shelf count is not set, the controller assumes two shelves.',
  ]);
  const pump = readFile('p', 'docs/pump.md', [
    '# Pump',
    'The PUMP_INTERVAL variable can be used to set an interval that is not the default.',
    'By default, the pump runs every 5 minutes.',
    'To set a shorter interval for the pump, write `interval: 30 seconds` in the profile.',
  ]);

  it('is not put again by a sentence that only says the verb beside some negation', async () => {
    expect(await ask(pump, 'I still need the interval the pump uses when nobody sets one.')).toBe(
      'By default, the pump runs every 5 minutes.',
    );
  });

  it('is not answered by a sentence that says a value is non-default', async () => {
    const fan = readFile('f', 'docs/fan.md', [
      '# Fan',
      'The FAN_PERIOD variable can keep a non-default fan period, such as 90 seconds.',
      'By default, the fan spins up every 3 minutes.',
    ]);
    expect(await ask(fan, "Fan period if I don't set one?")).toBe(
      'By default, the fan spins up every 3 minutes.',
    );
  });

  it("takes an option's value set against another in a manual for the default, and keeps it", async () => {
    const manual = readFile('m', 'man/kilnlog.txt', [
      'NAME',
      '       kilnlog - print the firing log, wrapping its lines',
      '',
      'OPTIONS',
      '       -w, --width=WIDTH',
      '              use WIDTH columns instead of 72',
      '',
      '       -q, --quiet',
      '              print only the peak of each firing',
    ]);
    expect(await ask(manual, "Which width does kilnlog use for its lines if I don't give one?")).toMatch(
      /instead of 72/,
    );
  });

  it('asks what holds by default, which a sentence that states a default answers', async () => {
    expect(await ask(ramps, "If we don't give the controller a ramp, which one does it send?")).toBe(
      'The ramp defaults to `slow`.',
    );
  });

  it('is put with "tell" as with "give", and with a verb that says nothing else, such as "say"', async () => {
    expect(await ask(pump, "Remind me which interval the pump uses when you don't tell it one.")).toBe(
      'By default, the pump runs every 5 minutes.',
    );
    // "say" has no word of its own to find; another condition that denies something is not the same one.
    expect(await ask(ramps, "If I don't say which ramp, which one does the controller send?")).toBe(
      'The ramp defaults to `slow`.',
    );
  });

  it('is asked too by a phrase that says "by default" in other words', async () => {
    expect(await ask(pump, 'Which interval does the pump use out of the box?')).toBe(
      'By default, the pump runs every 5 minutes.',
    );
    expect(await ask(ramps, 'As shipped, which ramp does the controller send?')).toBe(
      'The ramp defaults to `slow`.',
    );
    // Of a command run with nothing given.
    expect(await ask(ramps, 'The controller on its own, which ramp does it send?')).toBe(
      'The ramp defaults to `slow`.',
    );
    expect(await ask(ramps, 'The controller with a kiln and nothing else: which ramp then?')).toBe(
      'The ramp defaults to `slow`.',
    );
  });

  it('is answered in its own words by a text that puts the same condition', async () => {
    expect(
      await ask(ramps, "If the shelf count isn't set, how many shelves does the controller assume?"),
    ).toBe('If the shelf count is not set, the controller assumes two shelves.');
  });

  it('is found in a condition that denies a verb of giving a value, not a state', () => {
    expect([...(deniedInCondition("If we don't give the kiln a ramp, which one runs?") ?? [])]).toEqual([
      stem('give'),
    ]);
    expect([...(deniedInCondition('If we never pick a glaze, which one is used?') ?? [])]).toEqual([
      stem('pick'),
    ]);
    // A verb the tagger takes for a noun after its subject ("nobody sets") is still the verb.
    expect([...(deniedInCondition('Which cone does the kiln use when nobody sets one?') ?? [])]).toEqual([
      stem('set'),
    ]);
    expect(deniedInCondition('Is the vent open when the kiln is not firing?')).toBeUndefined();
    expect(deniedInCondition('If the glaze is thin, which cone?')).toBeUndefined();
    expect(deniedInCondition('')).toBeUndefined();
  });
});

describe('a thing said to be left out of a command', () => {
  const manual = readFile('m', 'man/kilnctl.txt', [
    'DESCRIPTION',
    '       kilnctl reads firing steps from its input and hands each one to',
    '       the controller program (default is rampd), with any options given.',
    '       Each step is logged to the firing log of the kiln.',
    '       The controller program logs each step it starts as well.',
  ]);

  it('asks what holds by default, with the thing still asked about', async () => {
    expect(await ask(manual, 'kilnctl with no controller program after it: what gets the steps?')).toMatch(
      /default is rampd/,
    );
    expect(await ask(manual, 'kilnctl, no controller program given. which program gets the steps?')).toMatch(
      /default is rampd/,
    );
  });

  it('is found after "with" and "without", or when said not to be given', () => {
    const leftOut = (question: string) => {
      const found = deniedArgument(question);
      return found && { things: [...found.things], verbs: [...found.verbs] };
    };
    expect(leftOut('kilnctl with no explicit ramp: which one runs?')).toEqual({
      things: [stem('ramp')],
      verbs: [],
    });
    expect(leftOut('kilnctl without a cone, what happens?')).toEqual({ things: [stem('cone')], verbs: [] });
    expect(leftOut('plain kilnctl with nothing after it?')).toEqual({ things: [], verbs: [] });
    expect(leftOut('no shelf, no cone given. which cone is fired?')).toEqual({
      things: [stem('cone')],
      verbs: [stem('given')],
    });
  });

  it('is not the condition a text puts about another thing left out', async () => {
    const notes = readFile('s', 'man/kilnsched.txt', [
      'DESCRIPTION',
      '       If no arguments are given, kilnsched prints the queue of each kiln.',
      '       When a firing is given, kilnsched queues it with the given class.',
      '       The default firing class is bisque.',
    ]);
    expect(await ask(notes, 'kilnsched and a firing, no class given. which class does it get?')).toBe(
      'The default firing class is bisque.',
    );
  });

  it('is not found where a question only says a thing is not there', () => {
    expect(deniedArgument('Why is there no firing log?')).toBeUndefined();
    expect(deniedArgument('Does the kiln have no vent?')).toBeUndefined();
    expect(deniedArgument('')).toBeUndefined();
  });
});

describe('a question that asks what a thing is', () => {
  const log = readFile('k', 'docs/kilnlog.md', [
    '# kilnlog',
    'kilnlog prints the firing counts and the firing times for each kiln.',
    'A firing is one run of the kiln from cold to its peak and back.',
    'The firing counts are printed first.',
  ]);

  it('is answered by the sentence that says what it is, not by one that uses its word more', async () => {
    const definition = 'A firing is one run of the kiln from cold to its peak and back.';
    expect(await ask(log, "I'd love to know what kilnlog actually counts as one firing.")).toBe(definition);
    expect(await ask(log, 'What is a firing?')).toBe(definition);
  });

  it('is answered as any other question when no sentence says what the thing is', async () => {
    expect(await ask(log, 'What does kilnlog count as a kiln?')).not.toBe(
      'A firing is one run of the kiln from cold to its peak and back.',
    );
    expect(await ask(log, 'What counts as a glaze?')).toBe(ABSTENTION);
  });
});

describe('a set phrase of the question', () => {
  const firing = readFile('f', 'docs/firing.md', [
    '# Firing',
    'The two kilns fire together from the one controller in the east shed.',
    'Each kiln keeps its own log.',
  ]);

  it('is put in words of its own by the text, and its noun names no thing that must be in view', async () => {
    // "in tandem" says "together"; "tandem" names nothing the reader must find.
    expect(await ask(firing, 'Which controller fires the two kilns in tandem?')).toBe(
      'The two kilns fire together from the one controller in the east shed.',
    );
  });

  it('is no more asked for when its noun is said elsewhere in another sense', async () => {
    const trimming = readFile('t', 'docs/trimming.md', [
      '# Trimming',
      'Trim the foot ring manually with the loop tool.',
      'Hold the loop tool by its cork handle.',
    ]);
    expect(await ask(trimming, 'What trims the ring by hand?')).toBe(
      'Trim the foot ring manually with the loop tool.',
    );
  });

  it('leaves a noun outside a set phrase that nothing names to abstain', async () => {
    expect(await ask(firing, 'Which controller fires the two kilns in the west annexe?')).toBe(ABSTENTION);
  });
});

describe('a name written as code in a text', () => {
  it('says the words it joins', () => {
    expect(identifierWords('Set "AllowKilnVenting no" or `skip_lib_check`.')).toEqual([
      'allow',
      'kiln',
      'venting',
      'skip',
      'lib',
      'check',
    ]);
    const { stems } = toCandidate('Set KilnSlowCool in the profile.');
    expect(stems.has(stem('slow'))).toBe(true);
    expect(stems.has(stem('cool'))).toBe(true);
  });
});

describe('phrases that place a question now', () => {
  it('reads "right now" and "at present" as now, asking no word of their own', async () => {
    const history = [
      user('The glaze shelf on the right holds the test tiles.'),
      assistant('Noted.'),
      user('Our studio is used by 14 potters at the moment.'),
      assistant('Noted.'),
    ];
    for (const question of [
      'How many potters depend on our studio right now?',
      'How many potters depend on our studio at present?',
    ]) {
      expect(await ask(history, question)).toBe('Our studio is used by 14 potters at the moment.');
    }
  });
});

describe("the premise of a person's earlier question", () => {
  it('does not replace what the person stated as how things stand', async () => {
    const history = [
      user('The glaze kiln is fired with propane at the moment.'),
      assistant('Noted.'),
      user('From the spring on, the glaze kiln will be fired with natural gas.'),
      assistant('Noted.'),
      user('I have to reline the glaze kiln before the show. How long does the lining take to cure?'),
      assistant("I don't know: nothing I can see says."),
    ];
    expect(await ask(history, 'What is the glaze kiln fired with now?')).toBe(
      'From the spring on, the glaze kiln will be fired with natural gas.',
    );
  });

  it('still answers when nothing else the person said does', async () => {
    const history = [
      user('I have to reline the glaze kiln before the show. How long does the lining take to cure?'),
      assistant("I don't know: nothing I can see says."),
    ];
    expect(await ask(history, 'What do I have to reline before the show?')).toBe(
      'I have to reline the glaze kiln before the show.',
    );
  });
});

describe("a path of the person's machine named in a question", () => {
  const notes = readFile('p', 'docs/kiln-packages.md', [
    '# Packages',
    'The file /etc/kiln/limits.conf now belongs to the kiln-core package.',
    'The kiln-tools package ships the kilnctl command.',
  ]);

  it('is a thing the question asks about', async () => {
    expect(await ask(notes, 'Which package owns /etc/kiln/limits.conf these days?')).toBe(
      'The file /etc/kiln/limits.conf now belongs to the kiln-core package.',
    );
  });

  it('makes the reader abstain when nothing in view names it', async () => {
    expect(await ask(notes, 'Which package owns /etc/glaze/recipes.conf these days?')).toBe(ABSTENTION);
  });
});

describe('a short option named in a question', () => {
  const manual = readFile('m', 'man/kilnctl.txt', [
    'OPTIONS',
    '       -q, --quiet',
    '           Print nothing but errors.',
    '',
    '       -t, --timeout seconds',
    '           Give up after that many seconds. A timeout of zero means the kiln is never waited for.',
    '',
    '       -r, --retries count',
    '           Try that many times more. Zero means the kiln is tried once.',
  ]);

  it('is met by the text that names the option', async () => {
    expect(await ask(manual, 'What does kilnctl do when -t is given zero?')).toBe(
      'A timeout of zero means the kiln is never waited for.',
    );
    expect(await ask(manual, 'What does kilnctl do when -r is given zero?')).toBe(
      'Zero means the kiln is tried once.',
    );
  });

  it('makes the reader abstain when nothing in view names it', async () => {
    expect(await ask(manual, 'What does kilnctl do when -z is given zero?')).toBe(ABSTENTION);
  });
});

describe("a term's section in a reference text", () => {
  const manual = readFile('t', 'man/kiln.conf.txt', [
    'OPTIONS',
    '       CoolDownSec=',
    '           The time the kiln fan keeps running after the burners are shut off.',
    '',
    '           Takes a time span. The unit is seconds unless another is given.',
    '           Defaults to 900 seconds.',
  ]);

  it('reads a sentence with no subject as saying more of what its first sentence says', async () => {
    expect(await ask(manual, 'How long does the kiln fan keep running after the burners are shut off?')).toBe(
      'Defaults to 900 seconds. (The time the kiln fan keeps running after the burners are shut off.)',
    );
  });
});

describe('release notes in outline form', () => {
  const news = readFile('n', 'NEWS', [
    'kilnctl NEWS',
    '',
    '* Changes in release 2.1 (2026-03-02)',
    '',
    '** Bug fixes',
    '',
    '  kilnctl no longer hangs when the door sensor is unplugged.',
    '',
    '* Changes in release 2.0 (2025-11-20)',
    '',
    '** New features',
    '',
    '  kilnctl can now log every firing to a CSV file.',
  ]);

  it('reads lines of stars at the margin as headings, so a change answers with its release', async () => {
    expect(await ask(news, 'Which release of kilnctl added logging firings to CSV?')).toBe(
      'Changes in release 2.0 (2025-11-20) / New features (kilnctl can now log every firing to a CSV file.)',
    );
  });
});

describe('plain-text release notes', () => {
  const news = readFile('n', 'NEWS', [
    'kilnctl NEWS - changes users see',
    '',
    'version 2.1 - Ada Brenner, 2026-03-02',
    '',
    '* Door sensor',
    '',
    'kilnctl no longer hangs when the door sensor is unplugged.',
    '',
    'version 2.0 - Ada Brenner, 2025-11-20',
    '',
    '* Logging firings to CSV',
    '',
    'The new option --csv writes one line per firing.',
  ]);

  it('reads a release line alone between blank lines as the heading of the entries under it', async () => {
    expect(await ask(news, 'Which kilnctl release was the first to log firings to CSV?')).toBe(
      'version 2.0 - Ada Brenner, 2025-11-20 (Logging firings to CSV)',
    );
  });
});

describe('a sentence that says only "this N" of the N asked about', () => {
  const manual = readFile('m', 'man/kilnctl.txt', [
    'KILNCTL(1)            User Commands            KILNCTL(1)',
    '',
    'SIGNALS',
    '       kilnctl reads two signals.',
    '',
    '       SIGHUP',
    '              This signal makes kilnctl read its profile again.',
    '',
    '       SIGTERM',
    '              Sending SIGTERM makes kilnctl cool the kiln down and stop.',
  ]);

  it('answers with what it points back to first: the term it lies under', async () => {
    expect(await ask(manual, 'Which signal makes kilnctl read its profile again?')).toBe(
      'SIGNALS / SIGHUP (This signal makes kilnctl read its profile again.)',
    );
  });

  it('answers alone when it names the N itself', async () => {
    expect(await ask(manual, 'Which signal makes kilnctl cool the kiln down?')).toBe(
      'Sending SIGTERM makes kilnctl cool the kiln down and stop.',
    );
  });
});

describe('a yes-or-no question, and the verb it asks about', () => {
  const notes = readFile('k', 'docs/kiln.md', [
    '# Kiln',
    'The kiln vents its fumes through the roof duct.',
    'The kiln controller logs every firing to its memory card.',
  ]);

  it('is answered by a sentence that says the verb', async () => {
    expect(await ask(notes, 'Does the kiln controller log every firing?')).toBe(
      'Yes: The kiln controller logs every firing to its memory card.',
    );
  });

  it('is not answered by a sentence that says the rest but not the verb', async () => {
    expect(await ask(notes, 'Can the kiln controller erase every firing from its memory card?')).toBe(
      ABSTENTION,
    );
  });

  it('is not answered by an order or by a choice still open, which assert neither way', async () => {
    const options = readFile('o', 'docs/kiln-options.md', [
      '# Options',
      '--log-firings: Log every firing to the memory card.',
      'Vent= Controls whether the kiln vents its fumes through the roof duct.',
    ]);
    expect(await ask(options, 'Does the kiln log every firing to the memory card?')).toBe(ABSTENTION);
    expect(await ask(options, 'Does the kiln vent its fumes through the roof duct?')).toBe(ABSTENTION);
  });

  it('is answered by the verb or its noun in "-ing", not by a noun spelled like the verb', async () => {
    const shelf = readFile('s', 'docs/shelf.md', [
      '# Shelf',
      'There is no automatic trimming of old entries in the shelf list.',
      'The glaze room has a vent for the kiln.',
    ]);
    expect(await ask(shelf, 'Does the shelf list trim old entries on its own?')).toBe(
      'No: There is no automatic trimming of old entries in the shelf list.',
    );
    expect(await ask(shelf, 'Does the kiln vent into the glaze room?')).toBe(ABSTENTION);
  });
});

describe('a clause of time that the question goes on after', () => {
  it('is no closing clause when a comma comes after it: what follows is asked', async () => {
    const notes = readFile('g', 'docs/kilnctl.md', [
      '# kilnctl',
      'kilnctl writes the firing log after the kiln cools.',
      'The log is rotated every 7 days, or sooner if the log disk fills up.',
      'When the log disk is full, kilnctl ends with exit status 4.',
    ]);
    expect(
      await ask(notes, 'If the log disk fills up after a firing, what exit status does kilnctl end with?'),
    ).toBe('When the log disk is full, kilnctl ends with exit status 4.');
  });
});

describe('a thing the person names again with "the"', () => {
  const said = (...lines: string[]) => lines.flatMap((line) => [user(line), assistant('Noted.')]);
  const tiles = [
    'Our glaze test tiles are stored in the north shed.',
    'Test tiles are fired once a week.',
    'Each test tile gets a number.',
  ];

  it('is the thing they named before, so the later statement is the latest value', async () => {
    const moved = said(...tiles, 'Change of plan: the test tiles move to the kiln room next week.');
    expect(await ask(moved, 'Where are our glaze test tiles kept now?')).toBe(
      'Change of plan: the test tiles move to the kiln room next week.',
    );
  });

  it('is another thing when a word of its own comes before it', async () => {
    const other = said(...tiles, 'The clay test tiles move to the kiln room next week.');
    expect(await ask(other, 'Where are our glaze test tiles kept now?')).toBe(
      'Our glaze test tiles are stored in the north shed.',
    );
  });
});

describe('a name written solid with its number', () => {
  it('says the name and the number apart', () => {
    const { stems } = toCandidate('Checksums follow SHA512 and the wire format follows ISO8601.');
    expect(stems.has('sha')).toBe(true);
    expect(stems.has('512')).toBe(true);
    expect(stems.has('iso')).toBe(true);
    expect(toCandidate('It runs on x86 boards.').stems.has('86')).toBe(false);
  });

  it('answers a question that names the standard apart from its number', async () => {
    const notes = readFile('k', 'docs/kiln-log.md', [
      '# Kiln log',
      'The log keeps one line per firing.',
      'The format of each line is described in RFC5424.',
    ]);
    expect(await ask(notes, 'Which RFC describes the format of the kiln log?')).toBe(
      'The format of each line is described in RFC5424.',
    );
  });
});

describe('a number asked for as a label ("which port")', () => {
  it('is not answered by a number that counts something else', async () => {
    const shed = [
      user('We run 3 kiln monitors in the east shed.'),
      assistant('Noted.'),
      user('The probe cable plugs into a port on the lid.'),
      assistant('Noted.'),
    ];
    expect(await ask(shed, 'Which port do the kiln monitors listen on?')).toBe(ABSTENTION);
    const told = [...shed, user('Each kiln monitor listens on port 9100.'), assistant('Noted.')];
    expect(await ask(told, 'Which port do the kiln monitors listen on?')).toBe(
      'Each kiln monitor listens on port 9100.',
    );
  });
});

describe('a prefix written apart from its word', () => {
  it('is no word of the key of its own ("re-read", "pre-fired")', () => {
    expect(keyOfAsked('Which file is re-read at midnight?')).toEqual(['file', 'read', 'midnight']);
    expect(keyOfAsked('Are the pre-fired tiles kept in the shed?')).toEqual(['fire', 'tile', 'keep', 'shed']);
  });
});

describe('an adverb of how exact or whole the answer is to be', () => {
  it('is not asked of the statement that gives the value', async () => {
    const history: Message[] = [
      user('The pottery club owns 14 kilns, most of them electric.'),
      assistant('Noted.'),
      user('Our glaze supplier delivers on Mondays.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'How many kilns do we have altogether?')).toContain('14 kilns');
    expect(await ask(history, 'Precisely how many kilns do we have?')).toContain('14 kilns');
  });

  it('is not asked either when it only stresses the question, though another sentence says its word', async () => {
    const history: Message[] = [
      user('The pottery club owns 14 kilns, most of them electric.'),
      assistant('Noted.'),
      user('The actual firing starts at noon.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'How many kilns do we actually have?')).toContain('14 kilns');
  });
});

describe('what the person said before in the same message', () => {
  const history: Message[] = [
    user(
      'Our glazing workshop is for the evening students. There are 18 potters signed up, more than last year.',
    ),
    assistant('Noted.'),
    user('Unrelated, but I must remember to book a kiln room for the open day. Okay, carry on.'),
    assistant('Noted.'),
  ];

  it('completes a later sentence of theirs that holds the value', async () => {
    expect(await ask(history, 'How many potters signed up for the glazing workshop?')).toContain(
      '18 potters',
    );
  });

  it('does not answer alone through a sentence that says none of the question', async () => {
    expect(await ask(history, 'Which kiln room did I book for the open day?')).toBe(ABSTENTION);
  });
});

describe('the act whose time is asked for', () => {
  it("need not be said by the person's statement of the time", async () => {
    const history: Message[] = [
      user('The bisque firing is at 06:30 on Saturdays.'),
      assistant('Noted.'),
      user('Our glaze supplier delivers on Mondays.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'What is the bisque start time?')).toContain('06:30');
  });

  it('is asked of the statement when the kind is no time or span ("which glaze version")', async () => {
    const history: Message[] = [user('The studio kilns run controller firmware 4.2.'), assistant('Noted.')];
    expect(await ask(history, 'Which glaze version do we use?')).toBe(ABSTENTION);
  });
});

describe('withoutReasonClause', () => {
  const answers = (clause: string) => /Tuesday/.test(clause);

  it('keeps the clause that answers, after "so" or before "because" and "since"', () => {
    expect(withoutReasonClause('The crew is away, so the kiln fires on Tuesday.', answers)).toBe(
      'the kiln fires on Tuesday.',
    );
    expect(withoutReasonClause('The kiln fires on Tuesday, because the crew is away.', answers)).toBe(
      'The kiln fires on Tuesday.',
    );
    expect(withoutReasonClause('The kiln fires on Tuesday, since the crew is away!', answers)).toBe(
      'The kiln fires on Tuesday!',
    );
  });

  it('keeps the whole sentence when the reason answers too, when the clause left would not, or when there is no reason', () => {
    expect(withoutReasonClause('Tuesday suits the crew, so the kiln fires on Tuesday.', answers)).toBe(
      'Tuesday suits the crew, so the kiln fires on Tuesday.',
    );
    expect(withoutReasonClause('The kiln fires on Tuesday, so the crew can rest.', answers)).toBe(
      'The kiln fires on Tuesday, so the crew can rest.',
    );
    expect(withoutReasonClause('The kiln fires on Tuesday and Friday.', answers)).toBe(
      'The kiln fires on Tuesday and Friday.',
    );
    expect(withoutReasonClause('', answers)).toBe('');
  });
});

describe('a yes or no question whose only verb is a common one', () => {
  const glazes = readFile('g', 'docs/glazes.md', [
    '# Glazes',
    'After a purge of the glaze list, the kiln log proceeds to its next page.',
    'A purged glaze entry is gone for good.',
  ]);

  it('is answered only by a sentence that says that verb in its own word, not a word of like meaning', async () => {
    expect(await ask(glazes, 'Is a glaze entry gone for good after a purge?')).toMatch(
      /^Yes: A purged glaze entry/,
    );
    const proceeds = readFile('g', 'docs/glazes.md', [
      '# Glazes',
      'After a purge, a glaze entry proceeds to the archive page.',
    ]);
    expect(await ask(proceeds, 'Is a glaze entry gone for good after a purge?')).toBe(ABSTENTION);
  });
});

describe("the person's words for a file they asked to have read", () => {
  const asked = (request: string, lines: string[]): Message[] => [
    user(request),
    ...exchange('c1', 'read_file', { path: 'notes/klog.md' }, page(lines, 1, false)),
    assistant('I read notes/klog.md.'),
  ];
  const klog = [
    '# klog',
    'Entries are kept for 90 days, then pruned.',
    'The log sits on the spare shelf disk.',
  ];

  it('are words its sentences speak of, when they say some of the question themselves', async () => {
    const history = asked('Now the kiln-logging gadget. notes/klog.md please.', klog);
    expect(await ask(history, 'How long does the kiln-logging gadget keep entries?')).toBe(
      'Entries are kept for 90 days, then pruned.',
    );
  });

  it('are not the words of what the read is for', async () => {
    const history = asked('Please read notes/klog.md for the kiln-logging gadget review.', klog);
    expect(await ask(history, 'How long does the kiln-logging gadget keep entries?')).toBe(ABSTENTION);
  });
});

describe('a question that offers two alternatives', () => {
  it('is answered by a sentence that says one of them', async () => {
    const history = readFile('c1', 'notes/glaze.md', [
      '# Glazing',
      'The shelves are loaded after the glaze on the pots dries hard.',
      'Loaded shelves wait by the kiln while the glaze on the pots dries.',
    ]);
    expect(await ask(history, 'shelves loaded before or after the glaze on the pots dries?')).toMatch(
      /loaded after the glaze/,
    );
  });
});

describe('what a question denies', () => {
  const alarms = readFile('a', 'man/alarm-codes.txt', [
    '# Alarm codes',
    'If a kiln is found but is not vented, the controller shows 41.',
    'When a kiln is found vented during a firing, the controller raises alarm code 52.',
  ]);

  it('is answered by a sentence that denies it too, before one that says it', async () => {
    expect(await ask(alarms, "A kiln is found but isn't vented: which alarm code?")).toBe(
      'If a kiln is found but is not vented, the controller shows 41.',
    );
  });

  it('need not be in view when the question says there is none of it', async () => {
    expect(await ask(alarms, 'Kiln is found but has no vent hood. Alarm code?')).toBe(
      'If a kiln is found but is not vented, the controller shows 41.',
    );
    // Only what is denied: a thing the question asks about that nothing names still puts it out of view.
    expect(await ask(alarms, 'Kiln is found but has no vent hood. Which warranty line do I call?')).toBe(
      ABSTENTION,
    );
  });
});
