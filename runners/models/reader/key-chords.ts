/**
 * Keys and key chords as documents write them: caret notation for control characters ("^C", "^\"),
 * a modifier joined to a key ("Control-Y", "Ctrl+Alt+T", "META-x"), and Emacs's short forms ("C-x",
 * "M-f"). "Which key …" asks for one of these as much as for a configuration key.
 */
import { MODIFIER_KEYS, NAMED_KEYS } from './lexicon.js';
import { alternation, spansOf, type ValueSpan } from './value-spans.js';

// A modifier's name, and a named key's, in lower case, capitalised or in capitals.
const inAnyCase = (list: ReadonlySet<string>) =>
  `${alternation([...list].flatMap((name) => [name, name.toUpperCase()]))}|${alternation(list, true)}`;
const MODIFIER = `(?:${inAnyCase(MODIFIER_KEYS)})`;
// The key: a letter or figure alone, a function key ("F5"), a named key ("Tab"), or one punctuation
// character; "control-flow" joins no key.
const KEY = String.raw`(?:[\p{L}\p{N}]|F\d{1,2}|${inAnyCase(NAMED_KEYS)}|[^\s\p{L}\p{N}])`;
const CHORD = new RegExp(
  String.raw`(?<![\p{L}\p{N}_-])(?:${MODIFIER}[-+])+${KEY}(?![\p{L}\p{N}])` +
    // Emacs's short forms take one character: "C-x", "M-%" ("C-level" is no chord).
    String.raw`|(?<![\p{L}\p{N}_-])(?:[CM]-)+(?:\p{Ll}|[^\s\p{L}\p{N}])(?![\p{L}\p{N}])` +
    // Caret notation: "^" and a capital letter or one of @[\]^_? (the control characters).
    String.raw`|(?<![\p{L}\p{N}^])\^[A-Z@[\\\]^_?](?![\p{L}\p{N}])`,
  'gu',
);

/** The key chords a sentence names, in order. */
export function keyChordSpans(sentence: string): ValueSpan[] {
  return spansOf(sentence, CHORD);
}
