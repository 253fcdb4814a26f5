/**
 * Informal spelling in a person's message, read as the words it stands for: "whats" as "what's", "u"
 * as "you", "dunno" as "don't know". People type to a model the way they text, and the tagger learnt
 * from edited prose: it takes "whats" for a determiner and "u" for an adjective, so a question typed
 * that way would read as a statement. Only a whole word between spaces changes; a path, an option or
 * a value that holds one ("u+x", "-r", "r.txt", "`u`") is left as written.
 */
import { INFORMAL_SPELLINGS } from './lexicon.js';

/** An informal form as a whole word: after a space or the start, before a space, a mark or the end. */
const INFORMAL_WORD = new RegExp(
  `(?<=^|\\s)(${[...INFORMAL_SPELLINGS.keys()]
    // A form of one letter is read in lower case only: "R" and "U" name things.
    .flatMap((form) => (form.length > 1 ? [form, capitalised(form)] : [form]))
    .sort((a, b) => b.length - a.length)
    .join('|')})(?=$|\\s|[,;:!?.](?:\\s|$))`,
  'gu',
);

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `text` with each informal spelling written as the words it stands for, its capital kept. */
export function inStandardSpelling(text: string): string {
  return text.replace(INFORMAL_WORD, (form) => {
    const standard = INFORMAL_SPELLINGS.get(form.toLowerCase()) ?? form;
    return form === form.toLowerCase() ? standard : capitalised(standard);
  });
}
