import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../engine/model/port.js';
import { ABSTENTION } from '../../../../runners/models/reader/answer.js';
import {
  answerType,
  holdsAfter,
  holdsCount,
  holdsLabel,
  holdsType,
  namesOne,
  saysNoneOf,
  pointsBackTo,
} from '../../../../runners/models/reader/answer-types.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { askedPreposition } from '../../../../runners/models/reader/question-shape.js';
import { assistant, readFile, request, user } from './conversation-fixtures.js';

async function ask(history: Message[], question: string): Promise<string> {
  const response = await createReaderModel({ profile: 'reader', window: 32_768 }).respond(
    request([...history, user(question)]),
  );
  return response.text;
}

describe('the kind of answer a question asks for', () => {
  it('is read from the question’s shape', () => {
    expect(answerType('Who keeps the keys to the boathouse?')).toBe('person');
    expect(answerType('How many kayaks does the club own?')).toBe('number');
    expect(answerType('When does the regatta start?')).toBe('time');
    expect(answerType('Which day is the cleanup now?')).toBe('day');
    expect(answerType('Which release of the firmware ships with the buoy?')).toBe('version');
    expect(answerType('Which file holds the tide tables?')).toBe('path');
    expect(answerType('Which option turns off the foghorn?')).toBe('option');
    expect(answerType('By default, does the pump start when the float rises?')).toBe('yes-no');
    expect(answerType('What hour does the ferry leave?')).toBe('clock');
    expect(answerType('What is the default wait time of the winch?')).toBe('timing');
    // A part of a whole is a number, in figures or as a percentage.
    expect(answerType('What share of the hold may the ballast take up?')).toBe('number');
    expect(answerType('I still need the proportion of the fleet kept ashore.')).toBe('number');
    expect(answerType('Where is the boathouse?')).toBe('any');
  });

  it('is an address for the address of a thing, whatever the tagger makes of "address"', () => {
    expect(answerType('What is the IP address of the tide gauge?')).toBe('address');
    expect(answerType("What's the boathouse's IP address again?")).toBe('address');
    expect(answerType('Which e-mail address should the race results go to?')).toBe('address');
    expect(answerType('What is the contact address for the harbour office?')).toBe('address');
    // A kind's noun with an ending before an object is the clause's verb.
    expect(answerType('Which buoy addresses every mooring on the chart?')).not.toBe('address');
  });

  it('is held by a sentence only when the sentence has a value of that kind', () => {
    expect(holdsType('The cleanup may run long this year.', 'day')).toBe(false);
    expect(holdsType('The cleanup moved to Thursday.', 'day')).toBe(true);
    expect(holdsType('Keys are with the harbour master.', 'person')).toBe(false);
    expect(holdsType('Keys are with Tomasz Wierzbicki.', 'person')).toBe(true);
    expect(holdsType('Set `foghorn.enabled` to false.', 'identifier')).toBe(true);
    expect(holdsType('The buoy runs release 3.2 of the firmware.', 'version')).toBe(true);
    expect(holdsType('The ferry leaves on Thursday.', 'clock')).toBe(false);
    expect(holdsType('The ferry leaves at 07:45 on Thursday.', 'clock')).toBe(true);
    // A point in time may be named by what happens at it.
    expect(holdsType('The lease ends as of the date the notice is served.', 'time')).toBe(true);
    expect(holdsType('The lease ends when the tenant says so.', 'time')).toBe(false);
    // "Time" names a moment or a span alike.
    expect(holdsType('The ferry leaves at 07:45.', 'timing')).toBe(true);
    expect(holdsType('The winch waits 40 seconds before it stops.', 'timing')).toBe(true);
    expect(holdsType('The winch waits for the ferry.', 'timing')).toBe(false);
    // A key is an option of a configuration or a key of the keyboard.
    expect(holdsType('Press Ctrl+K to raise the jib.', 'option')).toBe(true);
    expect(holdsType('Press the red button to raise the jib.', 'option')).toBe(false);
  });
});

describe('answers that must be of the kind asked', () => {
  it('answers an address only with a sentence that holds one', async () => {
    const history = [
      user('The tide gauge sits on the end of the north pier and reports every ten minutes.'),
      assistant('Noted.'),
      user('Its readings go to the harbour office, whose computer keeps a year of them.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'What is the IP address of the tide gauge?')).toBe(ABSTENTION);
    const given = [...history, user('The tide gauge answers on 10.20.0.7.'), assistant('Noted.')];
    expect(await ask(given, 'What is the IP address of the tide gauge?')).toMatch(/10\.20\.0\.7/);
  });

  it('abstains when no visible sentence about the subject holds a value of the kind', async () => {
    const history = [user('The regatta is organised by the sailing club.'), assistant('Noted.')];
    expect(await ask(history, 'Which day is the regatta?')).toBe(ABSTENTION);
    expect(await ask(history, 'Who organises the regatta?')).toBe(ABSTENTION);
  });

  it('answers yes or no from the sentence’s polarity', async () => {
    const history = readFile('c1', 'docs/pump.md', [
      '# Pump',
      'By default, the pump does not start when the float rises.',
      'Set `autostart` to true to start it.',
    ]);
    expect(await ask(history, 'By default, does the pump start when the float rises?')).toMatch(/^No\b/);
    // The doubt of the one who asks is no negation of what is asked.
    expect(
      await ask(history, "I'm not sure whether the pump starts by default when the float rises."),
    ).toMatch(/^No\b/);
  });

  it('reads a labelled line and what it labels as one statement', async () => {
    const history = readFile('c1', 'docs/install.md', [
      '# Installing',
      'Firmware 4 and later:',
      '`flash --image buoy-5.bin`',
      '',
      'Firmware 3 and earlier:',
      '`flash --image buoy-2.bin`',
    ]);
    expect(await ask(history, 'Which image should be flashed on firmware 3?')).toMatch(/buoy-2\.bin/);
  });

  it('meets the words an acronym stands for', async () => {
    const history = readFile('c1', 'docs/radio.md', ['# Radio', 'The club radio listens on VHF channel 72.']);
    expect(await ask(history, 'Which very high frequency channel does the club radio use?')).toMatch(/72/);
  });

  it('takes no part of a name for an acronym', async () => {
    const history = readFile('c1', 'docs/radio.md', [
      '# Radio',
      'The first club radio came from AT&T in 1950.',
    ]);
    expect(await ask(history, 'Which alarm tone does the club radio use?')).toBe(ABSTENTION);
  });

  it('answers a tag or an id with a number that labels the thing', async () => {
    const history = [
      user("The kiln's inventory tag is 4471, the office told me to keep it handy."),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'Inventory tag?')).toBe(
      "The kiln's inventory tag is 4471, the office told me to keep it handy.",
    );
    // A name is no number.
    expect(await ask(history, "What's the kiln's name?")).toBe(ABSTENTION);
  });

  it('takes the person’s later word over their earlier one, and over a document', async () => {
    const history = [
      user('We will paint the hull blue.'),
      assistant('Noted.'),
      ...readFile('c1', 'docs/paint.md', ['# Paint', 'Most hulls in the harbour are painted white.']),
      user('Change of plan: we will paint the hull green.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'Which colour will we paint the hull?')).toMatch(/green/);
  });
});

describe('who made a thing', () => {
  it('is answered by any verb of making it first: wrote, created, began, founded', async () => {
    const history = readFile('c1', 'docs/history.md', [
      '# History',
      'The almanac was begun by Ines Faria in 1990.',
      'It is printed every spring.',
    ]);
    expect(await ask(history, 'Who wrote the very first almanac?')).toBe(
      'The almanac was begun by Ines Faria in 1990.',
    );
  });
});

describe('keys and times', () => {
  it('answers "which key" with the chord a document names', async () => {
    const history = readFile('c1', 'docs/console.md', [
      '# Console',
      'The console keeps a log of every command typed.',
      'Typing the pause character (usually ^S, Control-S) stops the output until ^Q is typed.',
    ]);
    expect(await ask(history, 'Which key stops the output for a while?')).toBe(
      'Typing the pause character (usually ^S, Control-S) stops the output until ^Q is typed.',
    );
  });

  it('answers "what time" with a span when the time is one', async () => {
    const history = readFile('c2', 'docs/winch.md', [
      '# Winch',
      'The winch was fitted in spring.',
      'Its idle time before it powers down is 90 seconds by default.',
    ]);
    expect(await ask(history, 'What is the idle time of the winch by default?')).toBe(
      'Its idle time before it powers down is 90 seconds by default.',
    );
  });
});

describe('what the person names', () => {
  it('answers a question about a kind of thing with the thing they named, not its kind', async () => {
    const history = [
      user('We have settled on Bosun for rendering the charts.'),
      assistant('Noted.'),
      ...readFile('c1', 'docs/charts.md', ['# Charts', 'Keelson is a charting framework for tide tables.']),
      user('Correction: for rendering the charts we are going with Tiller after all.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'Which framework are we using for rendering the charts now?')).toMatch(
      /Tiller/,
    );
  });
});

describe('another thing of the same kind', () => {
  it('is no answer: asked about the spare dinghy, a statement about the club dinghy does not answer', async () => {
    const history = [user('Our club dinghy is moored at pontoon C.'), assistant('Noted.')];
    expect(await ask(history, 'Where is our spare dinghy moored?')).toBe(ABSTENTION);
    expect(await ask(history, 'Where is our club dinghy moored?')).toMatch(/pontoon C/);
  });

  it('is said by a word that modifies the noun, not by a verb before it', async () => {
    const history = [
      user('We already have 12 volunteers sending recipes to the bakery.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'The bakery is getting recipes from how many volunteers?')).toMatch(
      /12 volunteers/,
    );
  });
});

describe('which file came first', () => {
  it('is a question about the conversation’s own reading, answered from the calls made', async () => {
    const history = [
      ...readFile('c1', 'docs/tides.md', [
        '# Tides',
        'The boat reads config/boat.toml before docs/tides.md.',
      ]),
      ...readFile('c2', 'docs/radio.md', ['# Radio', 'Channel 72.']),
    ];
    expect(await ask(history, 'What was the very first file you opened?')).toMatch(/docs\/tides\.md/);
    expect(await ask(history, 'Which document came first in our reading?')).toMatch(/docs\/tides\.md/);
    // "Start with" and "begin with" place what is asked first, as "first" does.
    expect(await ask(history, 'Which of the documents did we start with?')).toMatch(/docs\/tides\.md/);
    // "Finish on" and "end on" place it last.
    expect(await ask(history, 'Which file did we finish on?')).toMatch(/docs\/radio\.md/);
    expect(await ask(history, 'What document did we end on?')).toMatch(/docs\/radio\.md/);
    // An intensifier inside the phrase ("at the very start") places it all the same.
    expect(await ask(history, 'I have lost track of which file you viewed at the very start.')).toBe(
      'The first file I read was docs/tides.md.',
    );
    // What a program reads is a question about a document, not about the conversation.
    expect(await ask(history, 'Which file does the boat read before docs/tides.md?')).toMatch(
      /config\/boat\.toml/,
    );
  });
});

describe('how long asks for a span stated outright', () => {
  it('reads "how long" as a duration', () => {
    expect(answerType('How long does the walk to the lighthouse take?')).toBe('duration');
    expect(answerType('How long is the garden path?')).toBe('duration');
  });

  it('holds a span of time or a length, in figures or words', () => {
    expect(holdsType('The walk takes 40 minutes.', 'duration')).toBe(true);
    expect(holdsType('The course runs for three weeks.', 'duration')).toBe(true);
    expect(holdsType('It lasts an hour and a half.', 'duration')).toBe(true);
    expect(holdsType('The path is 300 metres long.', 'duration')).toBe(true);
    expect(holdsType('Backups are kept for 48h.', 'duration')).toBe(true);
  });

  it('does not take a difference or a span back in time for the span asked', () => {
    expect(holdsType('In the rain the walk takes about a quarter of an hour longer.', 'duration')).toBe(
      false,
    );
    expect(holdsType('Please arrive twenty minutes early.', 'duration')).toBe(false);
    expect(holdsType('The gate was painted two days ago.', 'duration')).toBe(false);
    expect(holdsType('The hut has twelve bunks and a stove.', 'duration')).toBe(false);
  });

  it('answers from the sentence that states the span, not a later one that compares', async () => {
    const history = [
      ...readFile('d1', 'notes/walks.md', ['The lighthouse walk takes 50 minutes from the car park.']),
      ...readFile('d2', 'notes/detour.md', [
        'When the bridge is shut, the lighthouse walk takes about fifteen minutes longer.',
      ]),
    ];
    expect(await ask(history, 'How long does the lighthouse walk take?')).toBe(
      'The lighthouse walk takes 50 minutes from the car park.',
    );
  });

  it('meets a noun that asks for a span ("duration") with a span the sentence states', async () => {
    const history = [
      ...readFile('d3', 'notes/kiln.md', [
        '# Kiln',
        'The glaze firing takes nine hours.',
        'A firing log is kept.',
      ]),
      ...readFile('d4', 'notes/loom.md', ['# Loom', 'Each warp has a duration noted on its card.']),
    ];
    expect(await ask(history, 'Glaze firing duration?')).toBe('The glaze firing takes nine hours.');
  });
});

describe('"which N" asks for one N', () => {
  it('is not answered by a sentence that speaks only of "an N"', async () => {
    const history = [
      user('Reminder to self: I need to order a van for the move on Saturday.'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'Which van did I order for the move?')).toBe(ABSTENTION);
    // Asked without a question word, or with "which one" after its noun, it asks for one van too.
    expect(await ask(history, 'Move van I ordered?')).toBe(ABSTENTION);
    expect(await ask(history, 'The van I ordered for the move was which one?')).toBe(ABSTENTION);
  });

  it('is not answered by a sentence that names the N only by whose it is ("its founder")', async () => {
    const club = readFile('c1', 'notes/club.md', [
      '# The kiln club',
      'For its first years the kiln club was run by its founder and whoever had a free evening.',
    ]);
    expect(await ask(club, "The kiln club's founder?")).toBe(ABSTENTION);
    const named = readFile('c2', 'notes/history.md', [
      '# History',
      'The kiln club was run by its founder, Ada Varga, until the move.',
    ]);
    expect(await ask([...club, ...named], "The kiln club's founder?")).toContain('Ada Varga');
  });

  it('is answered once a sentence names the N, however it is introduced', async () => {
    const named = [user('I ordered a van called Bluebird for the move on Saturday.'), assistant('Noted.')];
    expect(await ask(named, 'Which van did I order for the move?')).toContain('Bluebird');
  });

  it('tells a mention that says which from one that does not', () => {
    expect(saysNoneOf('We still have to pick a venue for the launch.', 'venu')).toBe(true);
    expect(saysNoneOf('Any venue near the station will do.', 'venu')).toBe(true);
    expect(saysNoneOf('We picked a venue called The Loft.', 'venu')).toBe(false);
    expect(saysNoneOf('We picked a venue: The Loft.', 'venu')).toBe(false);
    expect(saysNoneOf('The venue is The Loft.', 'venu')).toBe(false);
    expect(saysNoneOf('Nothing here speaks of it.', 'venu')).toBe(false);
    // Whose it is says no more than the question: "its founder" names none.
    expect(saysNoneOf('For its first years the club was run by its founder.', 'founder')).toBe(true);
    expect(saysNoneOf('The club moved to their venue in the old mill.', 'venu')).toBe(true);
    expect(saysNoneOf('The club was run by its founder, Ada Varga.', 'founder')).toBe(false);
    expect(saysNoneOf('Our founder still fires the big kiln.', 'founder')).toBe(false);
    expect(saysNoneOf('', 'venu')).toBe(false);
  });

  it('tells a mention that only points back ("this venue") from one that says which', () => {
    expect(pointsBackTo('This venue holds 200 people.', 'venu')).toBe(true);
    expect(pointsBackTo('Those venues close at ten.', 'venu')).toBe(true);
    expect(pointsBackTo('This venue, The Loft, holds 200 people.', 'venu')).toBe(false);
    expect(pointsBackTo('The venue holds 200 people.', 'venu')).toBe(false);
    expect(pointsBackTo('This holds 200 people.', 'venu')).toBe(false);
    expect(pointsBackTo('', 'venu')).toBe(false);
  });

  it('tells a mention that names one N from one that only speaks of it', () => {
    expect(namesOne('The launch is at the Harbour venue.', 'venu')).toBe(true);
    expect(namesOne('We booked venue 7 for the launch.', 'venu')).toBe(true);
    expect(namesOne('We picked a venue called The Loft.', 'venu')).toBe(true);
    expect(namesOne('The venue we picked is near the station.', 'venu')).toBe(false);
    expect(namesOne('The Harbour is near the station.', 'venu')).toBe(false);
    expect(namesOne('', 'venu')).toBe(false);
  });

  it('reads a mark after the noun as naming it only when a name or number follows', () => {
    expect(namesOne('We picked a venue: The Loft.', 'venu')).toBe(true);
    expect(namesOne('We picked a venue (7) for it.', 'venu')).toBe(true);
    // A list goes on after the comma: the next item names no venue.
    expect(namesOne('The planner keeps the venues, the dates and the prices.', 'venu')).toBe(false);
    expect(namesOne('The planner keeps the venue, which is near the station.', 'venu')).toBe(false);
  });

  it('comes first when it names one N, over one that only speaks of an N', async () => {
    const notes = readFile('l', 'notes/launch.md', [
      '# Launch',
      'The launch is held at the Harbour venue.',
      'The venue for the launch party is booked by the events team.',
    ]);
    expect(await ask(notes, 'Which venue is used for the launch?')).toBe(
      'The launch is held at the Harbour venue.',
    );
  });

  it('comes first when it names one N, asked for a bare noun phrase too', async () => {
    const notes = readFile('l', 'notes/launch.md', [
      '# Launch',
      'The launch is held at the Harbour venue.',
      'The venue for the launch party is booked by the events team.',
    ]);
    expect(await ask(notes, 'Launch venue?')).toBe('The launch is held at the Harbour venue.');
  });
});

describe('a place within a thing', () => {
  it('answers "where in X" with a sentence that says where in it', async () => {
    const notes = readFile('m', 'notes/mill.md', [
      '# Mill',
      'New spindles go at the back of the rack.',
      'New spindles go in the rack by the door.',
    ]);
    expect(await ask(notes, 'Where in the rack do new spindles go?')).toBe(
      'New spindles go at the back of the rack.',
    );
  });
});

describe('the preposition whose object a question asks for', () => {
  it('is the one a clause ends with, or the one before the question word', () => {
    expect(askedPreposition('Which shelf do the test tiles go onto?')).toBe('onto');
    expect(askedPreposition('I still need the folder the glaze logs get written into.')).toBe('into');
    expect(askedPreposition('Which port does the kiln monitor listen on, by default?')).toBe('on');
    expect(askedPreposition('Into which folder do the glaze logs go?')).toBe('into');
  });

  it('is none when every preposition has its object', () => {
    expect(askedPreposition('Which folder holds the logs of the in-house kiln?')).toBeUndefined();
    expect(askedPreposition('Where do the logs go?')).toBeUndefined();
    expect(askedPreposition('')).toBeUndefined();
  });

  it('finds a value of the kind asked that is the object of it, with a few words between at most', () => {
    expect(holdsAfter('The monitor listens on port 9100.', 'number', 'on')).toBe(true);
    expect(holdsAfter('Copy the files into /srv/kiln/ before firing.', 'path', 'into')).toBe(true);
    expect(holdsAfter('Copy the files into the shed, then to /srv/kiln/.', 'path', 'into')).toBe(false);
    expect(holdsAfter('Old copies stay in /srv/kiln/.', 'path', 'into')).toBe(false);
    expect(holdsAfter('The files go into the shed.', 'path', 'into')).toBe(false);
  });

  it('chooses, of sentences that say as much of the question, the one that says the value so', async () => {
    const notes = [
      readFile('g', 'docs/glaze-logs.md', [
        '# Glaze logs',
        'The kiln controller writes its glaze logs into /var/log/kiln/ while it fires.',
        'Glaze logs of the kiln controller older than a month are kept in /srv/archive/kiln/.',
      ]),
    ].flat();
    expect(await ask(notes, 'Which folder do the kiln controller’s glaze logs go into?')).toContain(
      '/var/log/kiln/',
    );
    expect(await ask(notes, 'Which folder are glaze logs of the kiln controller kept in?')).toContain(
      '/srv/archive/kiln/',
    );
  });
});

describe('holdsLabel', () => {
  it('finds a number that labels a thing, not one that counts the thing after it', () => {
    expect(holdsLabel('The kiln monitor listens on port 9100.')).toBe(true);
    expect(holdsLabel('It answers on 9100 and on 9101.')).toBe(true);
    expect(holdsLabel('We run 3 kiln monitors in the east shed.')).toBe(false);
    expect(holdsLabel('The monitor keeps 40 old logs.')).toBe(false);
    expect(holdsLabel('')).toBe(false);
  });
});

describe('holdsCount', () => {
  it('finds a number that counts one of the things asked about, with the words that describe them', () => {
    expect(holdsCount('We fire 6 stoneware kilns in the east shed.', 'kiln')).toBe(true);
    expect(holdsCount('The studio has 12 shared potting wheels.', 'wheel')).toBe(true);
    expect(holdsCount('The kilns all run firmware 2.14 now.', 'kiln')).toBe(false);
    expect(holdsCount('We fire 6 times a week in the kilns.', 'kiln')).toBe(false);
    expect(holdsCount('', 'kiln')).toBe(false);
  });

  it('answers "how many" with the sentence that counts, over one that holds another number', async () => {
    const notes = [
      user('We fire 6 stoneware kilns in the east shed.'),
      assistant('Noted.'),
      user('Change of plan: the stoneware kilns get firmware 2.14 next week.'),
      assistant('Noted.'),
    ];
    expect(await ask(notes, 'How many stoneware kilns do we fire?')).toBe(
      'We fire 6 stoneware kilns in the east shed.',
    );
  });
});

describe('asked what the person said', () => {
  it('answers with the statement that says most of it, not the latest that touches it', async () => {
    const history = [
      user("Hi, I'm Ana, and I work at the Harbourside pottery."),
      assistant('Noted.'),
      user('I work late at the pottery on Fridays.'),
      assistant('Noted.'),
      user('Update: the pottery has moved its kilns from gas to electric.'),
      assistant('Noted.'),
    ];
    // Without "pottery", only a common verb ("work") is left to look for in the person's words.
    expect(await ask(history, 'Which pottery did I say I work at?')).toBe(
      "Hi, I'm Ana, and I work at the Harbourside pottery.",
    );
  });

  it('answers with the latest statement when asked what they said it is in the end', async () => {
    const history = [
      user("the big kiln we're getting is going to Maren for her glaze tests, I settled that this morning"),
      assistant('Noted.'),
      user('hmm, the big kiln goes to Tobias instead, his orders come first'),
      assistant('Noted.'),
    ];
    expect(await ask(history, 'who did I say is getting the big kiln in the end')).toBe(
      'hmm, the big kiln goes to Tobias instead, his orders come first',
    );
  });

  it('does not answer from the text of a file they had read', async () => {
    const history = [
      user('I look after the glaze room at the studio.'),
      assistant('Noted.'),
      ...readFile('c1', 'docs/kiln-guide.md', [
        'The caretaker looks after the kiln shed and its shelf stock.',
      ]),
    ];
    expect(await ask(history, 'Which shed did I say I look after?')).toBe(ABSTENTION);
    expect(await ask(history, 'Which shed does the caretaker look after?')).toBe(
      'The caretaker looks after the kiln shed and its shelf stock.',
    );
  });

  it("does not answer from the model's own account of such a file, which repeats its text", async () => {
    const history = [
      user('I look after the glaze room at the studio.'),
      assistant('Noted.'),
      ...readFile('c1', 'docs/kiln-guide.md', ['Starting with firmware 2.1, the kiln is fired at cone 6.']),
      user('What does docs/kiln-guide.md say about firing?'),
      assistant('Starting with firmware 2.1, the kiln is fired at cone 6.'),
    ];
    expect(await ask(history, 'Which firmware version did I say we will fire the kiln with?')).toBe(
      ABSTENTION,
    );
  });
});
