/**
 * A memory request's words: split on whitespace, with '...' or "..." keeping spaces in one word, and
 * the filter clauses a word may start. Reading and spelling back a request both go by these rules, so
 * a request spelled back reads the same again.
 */

/** One word of a request and where it stands in the request's text. */
export interface Token {
  text: string;
  quoted: boolean;
  start: number;
  end: number;
}

/** Words split on whitespace; '...' or "..." keeps spaces in one word (an unclosed quote runs to the end). */
export function tokenize(text: string, offset: number): Token[] {
  const tokens: Token[] = [];
  const pattern = /'([^']*)(?:'|$)|"([^"]*)(?:"|$)|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    const start = offset + (match.index ?? 0);
    const quoted = match[3] === undefined;
    tokens.push({
      text: match[1] ?? match[2] ?? match[3] ?? '',
      quoted,
      start,
      end: start + match[0].length,
    });
  }
  return tokens;
}

/** A word to match against keywords: lower case, or undefined when quoted or missing. */
export function word(token: Token | undefined): string | undefined {
  return token === undefined || token.quoted ? undefined : token.text.toLowerCase();
}

// A count or a number, `#` allowed: `7`, `#7`.
const NUMBER = /^#?(\d{1,9})$/;
/** A line range: `3-9`, or one line `3`. */
export const RANGE = /^(\d{1,9})(?:-(\d{1,9}))?$/;

/** The number a word spells, if it spells one. */
export function numberOf(token: Token | undefined): number | undefined {
  const match = token === undefined ? null : NUMBER.exec(token.text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** How many tokens the filter clause at `i` takes, or 0 when none starts there. */
export function clauseLength(tokens: readonly Token[], i: number): number {
  const next = tokens[i + 1];
  switch (word(tokens[i])) {
    case 'matching':
      return next === undefined ? 0 : 2;
    case 'lines':
    case 'line':
      return next !== undefined && RANGE.test(next.text) ? 2 : 0;
    case 'head':
    case 'tail':
      return next !== undefined && NUMBER.test(next.text) ? 2 : 0;
    case 'from':
      if (word(next) === 'line' && NUMBER.test(tokens[i + 2]?.text ?? '')) return 3;
      return next !== undefined && NUMBER.test(next.text) ? 2 : 0;
    default:
      return 0;
  }
}

/**
 * The words from `first` to `last` (exclusive) as one text: a lone quoted word without its quotes,
 * several words as the request spelled them.
 */
export function joined(source: string, tokens: readonly Token[], first: number, last: number): string {
  const a = tokens[first];
  const b = tokens[last - 1];
  if (a === undefined || b === undefined) return '';
  if (last - first === 1) return a.text;
  return source.slice(a.start, b.end);
}

/** A word written so that it reads back as one: quoted when it holds spaces or could pass for a keyword. */
export function quoteWord(text: string): string {
  if (text !== '' && !/[\s'"]/.test(text) && clauseLength(tokenize(`${text} 1 1`, 0), 0) === 0) return text;
  return text.includes("'") ? `"${text}"` : `'${text}'`;
}
