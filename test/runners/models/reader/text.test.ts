import { describe, expect, it } from 'vitest';
import {
  americanSpelling,
  asPath,
  contentStems,
  endsAsking,
  findPaths,
  sentenceGroups,
  sentences,
  stem,
  words,
  formatsNamed,
  withFormatsAsWords,
} from '../../../../runners/models/reader/text.js';

describe('asPath', () => {
  it('takes words with a slash or a dot-extension as paths, without surrounding punctuation', () => {
    expect(asPath('`src/index.ts`,')).toBe('src/index.ts');
    expect(asPath('(notes/ideas.txt).')).toBe('notes/ideas.txt');
    expect(asPath('README.md?')).toBe('README.md');
    expect(asPath('/srv/app/config')).toBe('/srv/app/config');
    expect(asPath('.env')).toBe('.env');
  });

  it('takes a path that starts from an environment variable', () => {
    expect(asPath('$HOME/.config/app.toml')).toBe('$HOME/.config/app.toml');
    expect(asPath('${XDG_DATA_HOME}/icons')).toBe('${XDG_DATA_HOME}/icons');
    expect(asPath('$PATH')).toBeUndefined();
    expect(asPath('$5')).toBeUndefined();
  });

  it('leaves prose, initialisms, numbers and addresses alone', () => {
    for (const word of [
      'and/or',
      '-beta/-rc',
      '--quiet/--verbose',
      'e.g.',
      'U.S.',
      'v2.5',
      '3.14',
      'https://example.org/a.md',
      'end.',
    ]) {
      expect(asPath(word)).toBeUndefined();
    }
  });

  it('finds the paths of a prompt in order, each once', () => {
    const found = findPaths('Compare lib/b.ts with lib/a.ts, then lib/b.ts again.');
    expect(found.map((mention) => mention.path)).toEqual(['lib/b.ts', 'lib/a.ts']);
  });
});

describe('extensions that name a format', () => {
  it('are words when a word follows them, and paths when they stand alone or last', () => {
    expect(withFormatsAsWords('What does gunzip check on a .gz file?')).toBe(
      'What does gunzip check on a gz file?',
    );
    expect(formatsNamed('Are any .md notes or some .tar.gz archives kept?')).toEqual(['md']);
    expect(formatsNamed('Where is .env read? Put it in .env')).toEqual([]);
    expect(formatsNamed('Read notes/a.md first.')).toEqual([]);
    expect(formatsNamed('')).toEqual([]);
  });
});

describe('stem and contentStems', () => {
  it('brings inflections of one word together', () => {
    expect(new Set(['release', 'released', 'releases', 'releasing'].map(stem)).size).toBe(1);
    expect(stem('running')).toBe(stem('run'));
    expect(stem('libraries')).toBe(stem('library'));
    expect(stem('executable')).toBe(stem('execute'));
    expect(stem('permissions')).toBe(stem('permission'));
    expect(stem('notes')).not.toBe(stem('not'));
    expect(stem('found')).toBe(stem('find'));
  });

  it('drops question, function and temporal words', () => {
    expect(contentStems('What is the current release codename?')).toEqual([
      stem('release'),
      stem('codename'),
    ]);
  });

  it('drops adverbs that join a statement to the one before ("instead", "however")', () => {
    expect(contentStems('What should the kiln use instead, however slow?')).toEqual([
      stem('kiln'),
      stem('use'),
      stem('slow'),
    ]);
  });

  it('drops prepositions of place and direction, which name nothing ("inside", "towards")', () => {
    expect(contentStems('Shelves inside the kiln lean towards the door, beyond the burners.')).toEqual([
      stem('shelves'),
      stem('kiln'),
      stem('lean'),
      stem('door'),
      stem('burners'),
    ]);
  });

  it('gives the same stems through a memo, which keeps each word once', () => {
    const memo = new Map<string, string>();
    const text = 'The runners ran; the runner runs. Releases were released.';
    expect(contentStems(text, memo)).toEqual(contentStems(text));
    expect(contentStems(text, memo)).toEqual(contentStems(text));
    expect([...memo.keys()].sort()).toEqual(['ran', 'released', 'releases', 'runner', 'runners', 'runs']);
    expect(memo.get('ran')).toBe(stem('run'));
  });
});

describe('sentences', () => {
  it('does not end a sentence at a lower-case initialism', () => {
    expect(sentences('Some kilns (e.g. Nabertherm ones) vent early. They cool fast.', true)).toEqual([
      'Some kilns (e.g. Nabertherm ones) vent early.',
      'They cool fast.',
    ]);
    expect(sentences('Some kilns (e. g. Nabertherm ones) vent early.', true)).toEqual([
      'Some kilns (e. g. Nabertherm ones) vent early.',
    ]);
    expect(sentences('It ships to the U.S. Then it ships home.')).toEqual([
      'It ships to the U.S.',
      'Then it ships home.',
    ]);
  });

  it('ends a sentence at a question mark before a small letter, and after a closing quotation mark', () => {
    expect(sentences('how hot can the kiln get? the top shelf I mean, like the max')).toEqual([
      'how hot can the kiln get?',
      'the top shelf I mean, like the max',
    ]);
    expect(sentences('She asked: "Is the kiln hot?" Then she left.')).toEqual([
      'She asked: "Is the kiln hot?"',
      'Then she left.',
    ]);
    // A full stop before a small letter may end an abbreviation: it ends no sentence there.
    expect(sentences('Use a cone, e.g. cone 6 for stoneware.')).toEqual([
      'Use a cone, e.g. cone 6 for stoneware.',
    ]);
  });

  it('keeps message lines apart and splits them at sentence ends', () => {
    expect(sentences('The van is red. It seats nine.\n- fleet van: red — from the person')).toEqual([
      'The van is red.',
      'It seats nine.',
      '- fleet van: red — from the person',
    ]);
  });

  it('joins the wrapped lines of a document paragraph when asked to', () => {
    const doc = '# Fleet\nThe van seats nine people and\ncarries two bikes.\n[end of file]';
    expect(sentences(doc, true)).toEqual([
      '# Fleet',
      'The van seats nine people and carries two bikes.',
      '[end of file]',
    ]);
    expect(sentences(doc)).toContain('carries two bikes.');
  });

  it('continues a list item over the lines that wrap it, up to a blank line or the next item', () => {
    const doc =
      '- The van seats nine people and\n  carries two bikes.\n- The car seats four.\n\nA new paragraph.';
    expect(sentences(doc, true)).toEqual([
      '- The van seats nine people and carries two bikes.',
      '- The car seats four.',
      'A new paragraph.',
    ]);
  });

  it("gives each cell of a document's table its column's name, and leaves out the aligning row", () => {
    const doc = [
      'The kiln settings.',
      '',
      '| **Setting** | Default | |',
      '|:---|---:|---|',
      '| `ramp` | 120 | per hour |',
      '| `hold` | | minutes |',
      '',
      'After the table.',
    ].join('\n');
    expect(sentences(doc, true)).toEqual([
      'The kiln settings.',
      '| **Setting** | Default | |',
      '| Setting: `ramp` | Default: 120 | per hour |',
      '| Setting: `hold` |  | minutes |',
      'After the table.',
    ]);
    // A pipe escaped inside a cell is no border.
    expect(sentences('| Option | Type |\n| --- | --- |\n| `glaze` | `string\\|false` |', true)).toEqual([
      '| Option | Type |',
      '| Option: `glaze` | Type: `string\\|false` |',
    ]);
    // A row with no aligning row under it is no header; a message's lines stay as written.
    expect(sentences('| a | b |\n| c | d |', true)).toEqual(['| a | b |', '| c | d |']);
    expect(sentences('| a | b |\n|---|---|\n| c | d |')).toEqual(['| a | b |', '|---|---|', '| c | d |']);
  });

  it('reads a labelled line with what it labels, in a document', () => {
    expect(sentences('Vans built before 2020:\n`service --legacy`', true)).toEqual([
      'Vans built before 2020: `service --legacy`',
    ]);
  });
});

describe('stemming irregular past forms', () => {
  it('brings a past form back to its verb', () => {
    expect(stem('found')).toBe(stem('find'));
    expect(stem('wrote')).toBe(stem('write'));
    expect(stem('kept')).toBe(stem('keeping'));
  });

  it('brings one with a prefix written onto it back to its verb with the prefix', () => {
    expect(stem('rebuilt')).toBe(stem('rebuild'));
    expect(stem('overwritten')).toBe(stem('overwrite'));
    expect(stem('withheld')).toBe(stem('withholding'));
    // Only a whole irregular form after the prefix: "outer" and "unit" stay themselves.
    expect(stem('outer')).toBe('outer');
    expect(stem('unit')).toBe('unit');
  });
});

describe('stemming verb forms', () => {
  it('brings goes, does and has back to their verbs', () => {
    expect(stem('goes')).toBe(stem('go'));
    expect(stem('does')).toBe(stem('do'));
    expect(stem('has')).toBe(stem('have'));
  });
});

describe('endsAsking', () => {
  it('sees a question mark at the end, inside closing quotation marks or brackets or not', () => {
    expect(endsAsking('Is the shed locked?')).toBe(true);
    expect(endsAsking('She asked, “Is the shed locked?”')).toBe(true);
    expect(endsAsking("(is it 'locked?')")).toBe(true);
  });

  it('sees none in a statement, in one that asks midway, or in nothing', () => {
    expect(endsAsking('The shed is locked.')).toBe(false);
    expect(endsAsking('Locked? Yes, at night.')).toBe(false);
    expect(endsAsking('“Locked?” she said.')).toBe(false);
    expect(endsAsking('')).toBe(false);
  });
});

describe('sentenceGroups', () => {
  it("groups a document's sentences by paragraph, lines that end a sentence included", () => {
    const text = ['# Title', 'The pump runs at dawn.', 'It stops at noon.', '', 'Valves open weekly.'].join(
      '\n',
    );
    expect(sentenceGroups(text, true)).toEqual([
      ['# Title'],
      ['The pump runs at dawn.', 'It stops at noon.'],
      ['Valves open weekly.'],
    ]);
  });

  it('joins a word a manual page breaks across lines with a hyphen (U+2010)', () => {
    const page = [
      'The porter sorts the par\u2010',
      'cels by weight, the light\u2010',
      'Weight ones first.',
    ].join('\n');
    expect(sentenceGroups(page, true)).toEqual([
      ['The porter sorts the parcels by weight, the light\u2010 Weight ones first.'],
    ]);
    // An ASCII hyphen at a line's end is a compound's: it stays.
    expect(sentenceGroups('A well-\nknown porter.', true)).toEqual([['A well- known porter.']]);
  });

  it('keeps each line of a message a group of its own', () => {
    expect(sentenceGroups('The pump runs at dawn. It stops at noon.\nValves open weekly.')).toEqual([
      ['The pump runs at dawn.', 'It stops at noon.'],
      ['Valves open weekly.'],
    ]);
  });
});

describe('words', () => {
  it('reads a clitic as the word it stands for, and "n\'t" as "not"', () => {
    expect(words("I've seen it")).toEqual(['i', 'have', 'seen', 'it']);
    expect(words("We haven't, and it won't; they can't")).toEqual([
      'we',
      'have',
      'not',
      'and',
      'it',
      'will',
      'not',
      'they',
      'can',
      'not',
    ]);
    expect(words('the team’s hooks, they’ll stay')).toEqual(['the', 'team', 'hooks', 'they', 'will', 'stay']);
  });

  it('reads a plural of capitals as its short form, and leaves other words that end in "s"', () => {
    expect(words('142 VMs and two PRs')).toEqual(['142', 'vm', 'and', 'two', 'pr']);
    expect(contentStems('the VMs')).toEqual(['vm']);
    expect(words('OS Ms kilns iOS')).toEqual(['os', 'ms', 'kilns', 'ios']);
  });

  it('leaves no fragment of a contraction to pass for a content word', () => {
    expect(contentStems("Where haven't I looked? I've checked the shed.")).toEqual(
      contentStems('Where have I looked? I have checked the shed.'),
    );
  });
});

describe('americanSpelling', () => {
  it('gives British and American spellings one form, so that their stems meet', () => {
    expect(stem('licence')).toBe(stem('license'));
    expect(stem('colours')).toBe(stem('colors'));
    expect(stem('organisation')).toBe(stem('organization'));
    expect(stem('analysed')).toBe(stem('analyzed'));
    expect(stem('catalogue')).toBe(stem('catalog'));
    expect(stem('favourite')).toBe(stem('favorite'));
  });

  it('leaves short words in -our and words with no other spelling as they are, or the same on both sides', () => {
    expect(americanSpelling('four')).toBe('four');
    expect(americanSpelling('hour')).toBe('hour');
    expect(americanSpelling('your')).toBe('your');
    expect(americanSpelling('kiln')).toBe('kiln');
    expect(americanSpelling('')).toBe('');
    // A word of one spelling may change, but it changes alike wherever it is written.
    expect(stem('promise')).toBe(stem('promises'));
  });
});
