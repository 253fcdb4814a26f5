/**
 * How fact names are normalised, so that two spellings of one thing meet under one identity. Every
 * normaliser sits behind the same small interface and is looked up by the name a subject kind gives,
 * so a kind can switch normaliser without the store or the blocks knowing.
 */

/** Turns a fact's name, as asserted, into the form its identity uses. */
export interface FactNameNormaliser {
  normalise(name: string): string;
}

/** Runs of whitespace, line breaks included, as one space; ends trimmed. */
export function collapseWhitespace(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

const lowercase: FactNameNormaliser = {
  normalise: (name) => collapseWhitespace(name).toLowerCase(),
};

// Paths keep their case (file systems may tell `Readme.md` from `README.md`); only the spellings
// that name the same file the same way are folded: `./` prefixes, `/./` segments, doubled slashes
// and a trailing slash.
const path: FactNameNormaliser = {
  normalise(name) {
    let p = name.trim().replace(/\/{2,}/g, '/');
    while (p.includes('/./')) p = p.replace('/./', '/');
    while (p.startsWith('./')) p = p.slice(2);
    if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
    return p === '.' ? '' : p;
  },
};

// A command's case and quoting matter to the shell, so only its spacing is folded.
const command: FactNameNormaliser = { normalise: collapseWhitespace };

const identity: FactNameNormaliser = { normalise: (name) => name };

/** The normalisers a subject kind may name, by name. */
export const NORMALISERS: ReadonlyMap<string, FactNameNormaliser> = new Map([
  ['lowercase', lowercase],
  ['path', path],
  ['command', command],
  ['identity', identity],
]);
