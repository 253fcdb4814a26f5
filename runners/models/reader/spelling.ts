/**
 * Informal spelling in a person's message, read as the words it stands for: "whats" as "what's", "u"
 * as "you", "dunno" as "don't know". People type to a model the way they text, and the tagger learnt
 * from edited prose: it takes "whats" for a determiner and "u" for an adjective, so a question typed
 * that way would read as a statement. Only a whole word between spaces changes; a path, an option or
 * a value that holds one ("u+x", "-r", "r.txt", "`u`") is left as written.
 */
import { INFORMAL_SPELLINGS } from './lexicon.js';
import { wordsAt } from './phrases.js';
import { CLAUSE_MARKS } from './value-spans.js';

/** `text` with each informal spelling written as the words it stands for, its capital kept. */
export function inStandardSpelling(text: string): string {
  let out = '';
  let from = 0;
  for (const { word, start, end } of wordsAt(text)) {
    const standard = INFORMAL_SPELLINGS.get(word);
    if (standard === undefined || !standsAlone(text, start, end)) continue;
    const written = text.slice(start, end);
    // A form of one letter is read in lower case only: "R" and "U" name things.
    if (written.length === 1 && written !== word) continue;
    // Other forms only as written in lower case or with a capital first ("Dunno").
    if (written !== word && written !== capitalised(word)) continue;
    out += text.slice(from, start) + (written === word ? standard : capitalised(standard));
    from = end;
  }
  return out + text.slice(from);
}

/** True for the word from `start` to `end` between spaces, or before a closing mark and a space. */
function standsAlone(text: string, start: number, end: number): boolean {
  if (start > 0 && text.charAt(start - 1).trim() !== '') return false;
  const after = text.charAt(end);
  if (after === '' || after.trim() === '') return true;
  return CLAUSE_MARKS.has(after) && text.charAt(end + 1).trim() === '';
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
