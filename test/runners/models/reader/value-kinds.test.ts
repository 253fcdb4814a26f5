import { describe, expect, it } from 'vitest';
import {
  addressSpans,
  clockSpans,
  codeNameSpans,
  codeSpans,
  commandOptionSpans,
  daySpans,
  deniedStems,
  durationSpans,
  envVarSpans,
  isNegative,
  literalSpans,
  numberSpans,
  pathSpans,
  personSpans,
  positionSpans,
  properNounSpans,
  RECOGNISERS,
  statementSpans,
  timeSpans,
  versionSpans,
  type ValueSpan,
} from '../../../../runners/models/reader/value-kinds.js';
import { timeLengths } from '../../../../runners/models/reader/time-values.js';

const texts = (spans: ValueSpan[]) => spans.map((span) => span.text);

describe('numbers', () => {
  it('are found in figures and in words, in sentence order', () => {
    expect(texts(numberSpans('The orchard has 12,500 trees, forty-two benches and 3.5 ponds.'))).toEqual([
      '12,500',
      'forty-two',
      '3.5',
    ]);
    expect(texts(numberSpans('A dozen geese and twenty five ducks.'))).toEqual(['dozen', 'twenty five']);
  });

  it('are absent from a sentence without one', () => {
    expect(numberSpans('The orchard is quiet in winter.')).toEqual([]);
  });

  it('are not the digits of a name, nor the section of a manual page after one', () => {
    expect(numberSpans('Format the card as ext4 with mkfs2 first.')).toEqual([]);
    expect(numberSpans('See kilnctl(8) and glaze.conf(5) for the rest.')).toEqual([]);
    expect(texts(numberSpans('Fire 10ms pulses (3 of them) at 1,200 degrees.'))).toEqual([
      '10',
      '3',
      '1,200',
    ]);
  });

  it('are not a number word that stands for a thing named before', () => {
    expect(numberSpans('The lid overrides the vent if one was fitted earlier.')).toEqual([]);
    expect(numberSpans('Take the blue glaze, not this one.')).toEqual([]);
    expect(texts(numberSpans('One kiln fires at night, and one of the wheels is spare.'))).toEqual([
      'One',
      'one',
    ]);
  });

  it('give where each span starts and ends', () => {
    const sentence = 'Gate 7 opens.';
    for (const span of numberSpans(sentence)) expect(sentence.slice(span.start, span.end)).toBe(span.text);
  });
});

describe('spans of time and lengths', () => {
  it('are found in figures, words and abbreviations', () => {
    expect(texts(durationSpans('The kiln fires for 36 hours, then cools for two days.'))).toEqual([
      '36 hours',
      'two days',
    ]);
    expect(texts(durationSpans('Logs rotate every 72h.'))).toEqual(['72h']);
    expect(texts(durationSpans('The trail is 4 km long.'))).toEqual(['4 km']);
    expect(texts(durationSpans('Glazing takes a couple of weeks.'))).toEqual(['a couple of weeks']);
  });

  it('include a span with no end, as "how long" may be answered', () => {
    expect(texts(durationSpans('Without a limit, glaze samples are kept forever.'))).toEqual(['forever']);
    expect(texts(durationSpans('The kiln log is held indefinitely.'))).toEqual(['indefinitely']);
    expect(texts(durationSpans('The forevermore glaze is blue.'))).toEqual([]);
  });

  it('include how often, as "how often" asks for', () => {
    expect(texts(durationSpans('The kiln is cleaned every third Tuesday.'))).toEqual(['every third Tuesday']);
    expect(texts(durationSpans('Glaze stock is counted twice a month and the shelves weekly.'))).toEqual([
      'twice a month',
      'weekly',
    ]);
    expect(texts(durationSpans('Clay arrives every 10 days, or every other week in winter.'))).toEqual([
      'every 10 days',
      'every other week',
    ]);
    expect(durationSpans('Every potter signs the book.')).toEqual([]);
  });

  it('leave out differences and spans back in time', () => {
    expect(durationSpans('The second coat dries ten minutes faster.')).toEqual([]);
    expect(durationSpans('The kiln was repaired three weeks ago.')).toEqual([]);
  });

  it('are absent from a sentence that only counts things', () => {
    expect(durationSpans('The studio has nine wheels.')).toEqual([]);
  });
});

describe('lengths of time, compared', () => {
  const measured = (text: string) => timeLengths(text).map(({ length, scale }) => `${length} ${scale}`);

  it('measure a count of a unit in figures or in words, whatever the unit', () => {
    expect(measured('Keep the last 14 days.')).toEqual(['1209600 clock']);
    expect(measured('Keep the last two weeks, or a fortnight at most.')).toEqual(['1209600 clock']);
    expect(measured('A 3-hour window, then 180 minutes more.')).toEqual(['10800 clock', '10800 clock']);
  });

  it('measure the units of the calendar in months, whose days vary', () => {
    expect(measured('Once a year is 12 months; one year is not 365 days.')).toEqual([
      '12 calendar',
      '12 calendar',
      '31536000 clock',
    ]);
  });

  it('still measure a span back in time, and nothing that is no count of a unit', () => {
    expect(measured('It was fired two weeks ago.')).toEqual(['1209600 clock']);
    expect(measured('Days pass; version 2.4 ships after a days-long wait.')).toEqual([]);
    expect(measured('')).toEqual([]);
  });
});

describe('clock times', () => {
  it('are found with a colon, a meridiem or a word', () => {
    expect(texts(clockSpans('Doors open at 18:30 and the talk starts at 7 pm.'))).toEqual(['18:30', '7 pm']);
    expect(texts(clockSpans('Lunch is at noon, tea at four o’clock.'))).toEqual(['noon', 'four o’clock']);
  });

  it('are absent where there is no time of day', () => {
    expect(clockSpans('The talk starts on Friday.')).toEqual([]);
    expect(clockSpans('I am here.')).toEqual([]);
  });

  it('are no amount of money: a figure after a currency sign is a price', () => {
    expect(clockSpans('One adult with a bicycle, Holm to Skerry: €14.10, or $9.50 on foot.')).toEqual([]);
    expect(texts(clockSpans('The 14.10 sailing costs €9.50.'))).toEqual(['14.10']);
  });
});

describe('days and dates', () => {
  it('are weekdays, relative days, months with their day and year, and numeric dates', () => {
    expect(texts(daySpans('The fair moved from Saturday to 4 October 2026.'))).toEqual([
      'Saturday',
      '4 October 2026',
    ]);
    expect(texts(daySpans('Pick-up is tomorrow; returns close 2026-11-30.'))).toEqual([
      'tomorrow',
      '2026-11-30',
    ]);
  });

  it('do not take an everyday word that shares a month’s name', () => {
    expect(daySpans('You may march in the parade.')).toEqual([]);
    // In lower case, a month's full name is a date only with a day beside it.
    expect(texts(daySpans('kiln delivery 2 june, every shelf cleared'))).toEqual(['2 june']);
    expect(texts(daySpans('firing on june 2nd'))).toEqual(['june 2nd']);
    expect(daySpans('You may 2 of them, in may or march.')).toEqual([]);
  });
});

describe('times, as "when" asks', () => {
  it('are days, clock times, years, periods or counted units', () => {
    expect(texts(timeSpans('The mill was built in 1887.'))).toEqual(['1887']);
    expect(texts(timeSpans('Deliveries come in the morning.'))).toEqual(['morning']);
    expect(texts(timeSpans('The parcel arrives in 3 days.'))).toEqual(['3 days']);
  });

  it('are absent from a bare count', () => {
    expect(timeSpans('Read lines 1-40 of the log.')).toEqual([]);
  });
});

describe('versions', () => {
  it('are dotted numbers, v-numbers and names with a number', () => {
    expect(texts(versionSpans('Upgrade from 2.4.1 to v3.0.0-beta.2 before Deno 2 ships.'))).toEqual([
      '2.4.1',
      'v3.0.0-beta.2',
      'Deno 2',
    ]);
    expect(texts(versionSpans('The plugin needs v7 or later.'))).toEqual(['v7']);
  });

  it('do not take a day or a month with its number', () => {
    expect(versionSpans('The workshop is on Tuesday 14.')).toEqual([]);
    expect(versionSpans('It closed in March 2019.')).toEqual([]);
  });
});

describe('paths', () => {
  it('are paths and file names, without the punctuation around them', () => {
    expect(texts(pathSpans('Edit (src/loom/weave.ts) and then .gitignore, not README.'))).toEqual([
      'src/loom/weave.ts',
      '.gitignore',
    ]);
  });

  it('are absent from prose', () => {
    expect(pathSpans('He and/or she may come.')).toEqual([]);
  });
});

describe('command-line options', () => {
  it('are long and short options, with a value', () => {
    expect(texts(commandOptionSpans('Run it with --no-colour, -v or --depth=3.'))).toEqual([
      '--no-colour',
      '-v',
      '--depth=3',
    ]);
  });

  it('are not hyphens inside words or before figures', () => {
    expect(commandOptionSpans('A well-known route, -5 degrees.')).toEqual([]);
  });
});

describe('environment variables', () => {
  it('are $NAMES, UPPER_CASE names, names set with "=" and upper-case names as code', () => {
    expect(texts(envVarSpans('Set LOOM_THREADS or $TMPDIR, with VERBOSE=1 and `CI`.'))).toEqual([
      'LOOM_THREADS',
      '$TMPDIR',
      'VERBOSE',
      'CI',
    ]);
  });

  it('are not acronyms in prose', () => {
    expect(envVarSpans('The API talks to the NAS over HTTP.')).toEqual([]);
  });
});

describe('names as code and literal values', () => {
  it('are code spans, camelCase, snake_case, :: names and dotted keys', () => {
    expect(
      texts(codeNameSpans('Set `maxWarp` or warp_limit via Loom::Frame and shuttle.speed today.')),
    ).toEqual(['maxWarp', 'warp_limit', 'Loom::Frame', 'shuttle.speed']);
  });

  it('are quoted values and values after "="', () => {
    expect(texts(literalSpans('colour = "deep-indigo" and mode=fast'))).toEqual(['deep-indigo', 'fast']);
    expect(texts(literalSpans("The loom's default profile is 'plain' and it's fine."))).toEqual(['plain']);
  });

  it('are absent from plain prose', () => {
    expect(codeNameSpans('The loom is set by hand.')).toEqual([]);
    expect(literalSpans('The loom is set by hand.')).toEqual([]);
    expect(literalSpans("It's the weavers' loom, isn't it?")).toEqual([]);
  });
});

describe('proper nouns and persons', () => {
  it('take capitalised words that do not start a sentence, and not days or months', () => {
    expect(texts(properNounSpans('We chose Weft over Warpline on Monday.'))).toEqual(['Weft', 'Warpline']);
    expect(properNounSpans('Weaving is slow.')).toEqual([]);
  });

  it('take two capitalised names side by side, or one a word introduces', () => {
    expect(texts(personSpans('The looms are serviced by Oona Lindqvist.'))).toEqual(['Oona Lindqvist']);
    expect(texts(personSpans('The dye shed is run by Ngozi.'))).toEqual(['Ngozi']);
    expect(texts(personSpans('Hi, I’m Radek.'))).toEqual(['Radek']);
    expect(personSpans('The dye shed is run by the co-op.')).toEqual([]);
  });

  it('handle letters beyond ASCII', () => {
    expect(texts(personSpans('Ask Željka Šimić.'))).toEqual(['Željka Šimić']);
  });
});

describe('statements and their polarity', () => {
  it('take a sentence that states, not one that asks', () => {
    expect(texts(statementSpans('  The shed is locked.  '))).toEqual(['The shed is locked.']);
    expect(statementSpans('Is the shed locked?')).toEqual([]);
    expect(statementSpans('(Is the shed locked?)')).toEqual([]);
    expect(statementSpans('She asked, “Is the shed locked?”')).toEqual([]);
    expect(statementSpans('')).toEqual([]);
  });

  it('tell a negation from an affirmation', () => {
    expect(isNegative('The shed isn’t locked at night.')).toBe(true);
    expect(isNegative('The shed is no longer locked.')).toBe(true);
    expect(isNegative('The shed is never locked.')).toBe(true);
    expect(isNegative('The shed is locked at night.')).toBe(false);
    expect(isNegative('Nothing noteworthy: the knot holds.')).toBe(false);
  });

  it('read "no" before what it denies as a negation, but not inside code or a name', () => {
    expect(isNegative('There is no lock on the shed by default.')).toBe(true);
    expect(isNegative('The shed takes no padlock.')).toBe(true);
    expect(isNegative('Pass --no-lock to leave the shed open.')).toBe(false);
    expect(isNegative('Set `locked` to `no` to leave the shed open.')).toBe(false);
  });

  it('find the words a negation denies, to the end of its clause or its next conjunction', () => {
    expect([...deniedStems('If a kiln is found but is not vented, the alarm code is 41.')]).toEqual(['vent']);
    expect([...deniedStems('The kiln has no vent fitted, so it cracks.')]).toEqual(['vent', 'fit']);
    expect([...deniedStems("The glaze isn't food-safe and the tiles crack.")]).toEqual(['food', 'safe']);
    expect([...deniedStems('We no longer fire the big kiln on Sundays.')]).toEqual(['fire', 'big']);
    expect([...deniedStems('Pass --no-lock to leave the shed open.')]).toEqual([]);
    expect([...deniedStems('The shed is locked at night.')]).toEqual([]);
    expect([...deniedStems('')]).toEqual([]);
  });
});

describe('places within a thing', () => {
  it('finds a noun of position with its "of"', () => {
    expect(texts(positionSpans('Put the hook at the end of the list, not the top of it.'))).toEqual([
      'end of',
      'top of',
    ]);
    expect(texts(positionSpans('The end is near.'))).toEqual([]);
    expect(texts(positionSpans('A list of hooks.'))).toEqual([]);
  });
});

describe('every recogniser', () => {
  it('returns nothing for an empty sentence', () => {
    for (const recognise of Object.values(RECOGNISERS)) expect(recognise('')).toEqual([]);
  });

  it('returns spans whose text is the sentence between their bounds, in order', () => {
    const sentence =
      'On 2026-03-04 at 09:15, Ada Byrne ran `weave --fast` on src/a.ts with LOOM_DEBUG=1 for 20 minutes (v1.2).';
    for (const recognise of Object.values(RECOGNISERS)) {
      const spans = recognise(sentence);
      for (const span of spans) expect(sentence.slice(span.start, span.end)).toBe(span.text);
      const starts = spans.map((span) => span.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
  });

  it('runs in time linear in the sentence’s length on long, repetitive input', () => {
    const long = [
      'a'.repeat(100_000),
      '1'.repeat(100_000),
      ' '.repeat(100_000) + 'x',
      'A'.repeat(100_000) + 'a',
      'A_'.repeat(50_000) + 'a',
      '1.'.repeat(50_000) + 'x',
      'a a '.repeat(25_000),
      'one '.repeat(25_000) + 'x',
      '`'.repeat(50_000) + 'a'.repeat(50_000),
      'Ab '.repeat(33_000),
      'a-'.repeat(50_000) + '!',
      'a::'.repeat(33_000) + '!',
      '="'.repeat(50_000),
      " 'a".repeat(33_000),
    ];
    // No clock is read: a pattern that backtracks takes minutes or hours on these inputs, and the
    // test's timeout fails it; one that reads in linear time finishes them all in seconds.
    for (const text of long) {
      for (const recognise of Object.values(RECOGNISERS))
        for (const span of recognise(text)) expect(text.slice(span.start, span.end)).toBe(span.text);
    }
  }, 300_000);
});

describe('code', () => {
  it('is what a fenced block or a span in backquotes holds, spaces and all', () => {
    expect(texts(codeSpans('Sign in once: ``` kiln login --site north ``` and go on.'))).toEqual([
      'kiln login --site north',
    ]);
    expect(texts(codeSpans('Run `npm ci` first, then `npm test`.'))).toEqual(['npm ci', 'npm test']);
  });

  it('is a command named after the word "command" when it holds a path or an option', () => {
    expect(texts(codeSpans('command kiln fire ./tiles.cfg: exit status 0'))).toEqual([
      'kiln fire ./tiles.cfg',
    ]);
    expect(texts(codeSpans('Run the command kiln fire --slow, then wait.'))).toEqual(['kiln fire --slow']);
    expect(codeSpans('The command succeeded at noon.')).toEqual([]);
  });

  it('is not found in prose, nor in empty backquotes', () => {
    expect(codeSpans('Sign in once per machine.')).toEqual([]);
    expect(codeSpans('An empty span `` says nothing.')).toEqual([]);
    expect(codeSpans('')).toEqual([]);
  });
});

describe('addresses', () => {
  it('are URLs, e-mail addresses, IP addresses and hosts with their port', () => {
    expect(
      texts(addressSpans('The kiln log is at https://kilns.example/log, or ask glaze@studio.example.')),
    ).toEqual(['https://kilns.example/log', 'glaze@studio.example']);
    expect(
      texts(addressSpans('The controller answers on 192.168.4.20, the studio net is 10.0.0.0/8.')),
    ).toEqual(['192.168.4.20', '10.0.0.0/8']);
    expect(texts(addressSpans('Its panel listens on 10.0.0.5:8080 and on localhost:9000.'))).toEqual([
      '10.0.0.5:8080',
      'localhost:9000',
    ]);
    expect(texts(addressSpans('The kiln also takes fe80::1 and 2001:db8::8a2e:370:7334.'))).toEqual([
      'fe80::1',
      '2001:db8::8a2e:370:7334',
    ]);
  });

  it('are no time of day, version, ratio or qualified name', () => {
    expect(addressSpans('The firing starts at 12:30:45 on release 1.2.3.4.5.')).toEqual([]);
    expect(addressSpans('Mix clay and grog 3:2; the helper is std::string.')).toEqual([]);
    expect(addressSpans('The kiln has no address yet.')).toEqual([]);
  });

  it('read a run far longer than a word once, finding nothing in it', () => {
    for (const c of ['q', 'a', '1', 'a:', 'a.'])
      expect(addressSpans(`see ${c.repeat(20_000)} now`)).toEqual([]);
  });
});
