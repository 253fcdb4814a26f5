import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../engine/model/port.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { stem } from '../../../../runners/models/reader/text.js';
import {
  compoundHead,
  isPhrasalVerb,
  adverbPhraseAt,
  askedSynonyms,
  attributesOf,
  canBeVerb,
  lemmasOf,
  synonymsOf,
  withVerbsAfterSubjects,
} from '../../../../runners/models/reader/thesaurus.js';
import { tokens } from '../../../../runners/models/reader/nlp.js';
import { buildThesaurus, wordnetDictionary } from '../../../../scripts/build-thesaurus.js';
import { exchange, page, readFile, request, user } from './conversation-fixtures.js';

describe('lemmasOf', () => {
  it("undoes inflection by each part of speech's endings, doubled consonants included", () => {
    expect(lemmasOf('pamphlets', 'n')).toEqual(['pamphlet']);
    expect(lemmasOf('tries', 'v')).toEqual(['try']);
    expect(lemmasOf('stopped', 'v')).toEqual(['stop']);
    expect(lemmasOf('bigger', 'a')).toContain('big');
    expect(lemmasOf('wrote', 'v')).toEqual(['write']);
  });

  it('applies only the endings of the part of speech asked for', () => {
    // "er" is an adjective's ending: the noun "folder" is no form of "fold".
    expect(lemmasOf('folder', 'n')).toEqual(['folder']);
  });

  it('gives nothing for a word WordNet does not list', () => {
    expect(lemmasOf('qzxv', 'n')).toEqual([]);
    expect(lemmasOf('', 'v')).toEqual([]);
  });
});

describe('compoundHead', () => {
  it('splits a word WordNet does not know into two it does, the second as long as it can be', () => {
    expect(compoundHead('headcount')).toBe('count');
    expect(compoundHead('hostname')).toBe('name');
  });

  it('leaves a word WordNet knows, and one that splits into no two known words, whole', () => {
    expect(compoundHead('account')).toBeUndefined();
    expect(compoundHead('discount')).toBeUndefined();
    expect(compoundHead('xqzvbl')).toBeUndefined();
    expect(compoundHead('')).toBeUndefined();
  });
});

describe('isPhrasalVerb', () => {
  it('is true for a verb in any form and the particle WordNet lists it with', () => {
    expect(isPhrasalVerb('kicks', 'in')).toBe(true);
    expect(isPhrasalVerb('set', 'up')).toBe(true);
  });

  it('is false for a word and a particle WordNet does not list together', () => {
    expect(isPhrasalVerb('kiln', 'in')).toBe(false);
    expect(isPhrasalVerb('kicks', 'beside')).toBe(false);
  });
});

describe('attributesOf', () => {
  it("gives the nouns of what an adjective measures, by WordNet's attributes, for any of its forms", () => {
    expect(attributesOf('wide')).toEqual(expect.arrayContaining(['width']));
    expect(attributesOf('deeper')).toEqual(expect.arrayContaining(['depth']));
    expect(attributesOf('big')).toEqual(['size']);
  });

  it('gives nothing for a word that is no adjective or describes no attribute', () => {
    expect(attributesOf('kiln')).toEqual([]);
    expect(attributesOf('qzxv')).toEqual([]);
    expect(attributesOf('')).toEqual([]);
  });

  it("lets a question's adjective of measure meet the noun a text names the measure by", async () => {
    expect(askedSynonyms('How wide can the shelf be?').get(stem('wide'))).toContain(stem('width'));
    const shelves = readFile('s', 'docs/shelves.md', [
      '# Shelves',
      'Each kiln shelf weighs 3 kilograms.',
      'Each kiln shelf has a width of 40 centimetres.',
      'Shelves are cleaned after every firing.',
    ]);
    const reader = createReaderModel({ profile: 'reader', window: 32_768 });
    const reply = await reader.respond(request([...shelves, user('How wide is a kiln shelf?')]));
    expect(reply.text).toBe('Each kiln shelf has a width of 40 centimetres.');
  });
});

describe('withVerbsAfterSubjects', () => {
  const tagged = (text: string) =>
    withVerbsAfterSubjects(tokens(text)).map((t) => `${t.value}/${t.pos}/${t.lemma}`);

  it('reads a word after a subject pronoun as the verb it can be', () => {
    expect(tagged('nobody sets one')).toContain('sets/VERB/set');
  });

  it('leaves a noun after a possessive, and a word that can be no verb, as they were', () => {
    expect(tagged('its sets are full')).toContain('sets/NOUN/set');
    expect(tagged('it pamphlets')).not.toContain('pamphlets/VERB/pamphlet');
    expect(withVerbsAfterSubjects([])).toEqual([]);
  });
});

describe('canBeVerb', () => {
  it('is true for any inflection of a verb WordNet lists, with words of like meaning or not', () => {
    expect(canBeVerb('crash')).toBe(true);
    expect(canBeVerb('crashes')).toBe(true);
    expect(canBeVerb('care')).toBe(true);
    expect(canBeVerb('wrote')).toBe(true);
  });

  it('is false for a word that is no verb, and for nothing', () => {
    expect(canBeVerb('pamphlet')).toBe(false);
    expect(canBeVerb('qzxv')).toBe(false);
    expect(canBeVerb('')).toBe(false);
  });
});

describe('synonymsOf', () => {
  it("gives the members of the word's frequent senses, not the word or its lemma", () => {
    const alike = synonymsOf('tries', 'v');
    expect(alike).toContain('attempt');
    expect(alike).not.toContain('try');
    expect(alike).not.toContain('tries');
    expect(synonymsOf('lookup', 'n')).toEqual(['search']);
  });

  it('looks two words up as one lemma', () => {
    expect(synonymsOf('mixed', 'v', 'up')).toContain('confuse');
    expect(synonymsOf('mixed', 'v')).not.toContain('confuse');
  });

  it('looks a verb of two words up even when its first word alone shares no sense with another', () => {
    // "leave" and "blow" have no word of like meaning in their frequent senses; "leave out", "blow up" do.
    expect(synonymsOf('leave', 'v')).toEqual([]);
    expect(synonymsOf('leaves', 'v', 'out')).toContain('omit');
    expect(synonymsOf('blows', 'v', 'up')).toContain('explode');
  });

  it('keeps to the part of speech given, and takes all without one', () => {
    expect(synonymsOf('allows', 'n')).toEqual([]);
    expect(synonymsOf('allows', 'v')).toContain('permit');
    expect(synonymsOf('allows')).toContain('permit');
  });

  it('gives nothing for an unknown word', () => {
    expect(synonymsOf('qzxv')).toEqual([]);
  });
});

describe('adverbPhraseAt', () => {
  it('finds an adverb WordNet lists as a phrase, the longest first', () => {
    const words = 'trim the rim by hand on the fly'.split(' ');
    expect(adverbPhraseAt(words, 3)).toBe(2);
    expect(adverbPhraseAt(words, 5)).toBe(3);
  });

  it('finds none where a preposition starts no set phrase', () => {
    expect(adverbPhraseAt('leave it by the door'.split(' '), 2)).toBe(0);
    expect(adverbPhraseAt([], 0)).toBe(0);
  });
});

describe('askedSynonyms', () => {
  it("maps each content word's stem to the stems of its synonyms", () => {
    const alike = askedSynonyms('Which function does bash call when the lookup finds nothing?');
    expect([...(alike.get(stem('lookup')) ?? [])]).toEqual([stem('search')]);
    expect(alike.has(stem('which'))).toBe(false);
    expect(alike.has(stem('the'))).toBe(false);
  });

  it('looks a noun up as a verb when WordNet lists it only as a verb', () => {
    const alike = askedSynonyms('When was the last sync of the kiln log?');
    expect(alike.get(stem('sync'))?.has(stem('synchronize'))).toBe(true);
    // A noun WordNet lists as one keeps its own senses.
    expect(alike.get(stem('log'))?.has(stem('logarithm'))).toBe(true);
  });

  it('reads a verb and its particle as one lemma, however the verb is tagged', () => {
    const alike = askedSynonyms('Did the porter get the two parcels mixed up?');
    expect(alike.get(stem('mixed'))?.has(stem('confuse'))).toBe(true);
  });

  it("gives a two-word lemma's words of like meaning to its particle too", () => {
    const alike = askedSynonyms('Did the porter get the two parcels mixed up?');
    expect(alike.get(stem('up'))?.has(stem('confuse'))).toBe(true);
    // A particle after a verb that makes no lemma with it gets nothing.
    expect(askedSynonyms('The porter carried the parcels up.').get(stem('up'))).toBeUndefined();
  });

  it('reads a particle as part of a verb, but not a preposition that takes an object', () => {
    // "out" makes a phrasal verb; "on" here is a preposition whose object was fronted ("which … on").
    expect(askedSynonyms('Can we leave out the glaze test?').get(stem('leave'))?.has(stem('omit'))).toBe(
      true,
    );
    expect(askedSynonyms('Which pin does the kiln door hinge on?').get(stem('hinge'))).toBeUndefined();
  });

  it('gives nothing for an empty question', () => {
    expect(askedSynonyms('').size).toBe(0);
  });
});

describe('the reader meets a question in other words', () => {
  it('answers from a sentence that says a synonym of the asked word', async () => {
    const output = page(
      [
        '# Shell notes',
        'Aliases are expanded when a command is read.',
        'A failed search makes the shell run command_not_found_handle.',
        'A failed build makes the shell run its log printer.',
      ],
      1,
      false,
    );
    const history: Message[] = [
      user('Read notes/shell.md'),
      ...exchange('s', 'read_file', { path: 'notes/shell.md' }, output),
    ];
    const reader = createReaderModel({ profile: 'reader', window: 32_768 });
    const response = await reader.respond(
      request([...history, user('What does the shell run on a failed lookup?')]),
    );
    expect(response.text).toContain('command_not_found_handle');
  });
});

describe('the shipped thesaurus', () => {
  it('is what scripts/build-thesaurus.ts makes from the installed WordNet', () => {
    const { dictionary, version, license } = wordnetDictionary();
    const shipped: unknown = JSON.parse(
      readFileSync(new URL('../../../../runners/models/reader/thesaurus.json', import.meta.url), 'utf8'),
    );
    expect(buildThesaurus(dictionary, version, license)).toEqual(shipped);
  });
});
