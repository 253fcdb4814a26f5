/**
 * Abridged editions of workspace documents: a document less whole `## ` sections, taken from the end,
 * until it fits a size. A section that holds the answer to a probe is never taken, and neither is
 * the title and opening; at least three sections stay. Every line of an edition is a line of its
 * document, in order, so an edition never says anything its document does not.
 *
 * The `reading` scenario's review pack (`workspaces/tidewater/review/`) is made this way from
 * `workspaces/tidewater/docs/`, by `scripts/abridge-docs.ts`; a test checks the committed files
 * against this function.
 */

/** The size the review pack's editions are cut to, in UTF-8 bytes. */
export const EDITION_MAX_BYTES = 5400;
/** Sections an edition always keeps, if its document has them. */
const MIN_SECTIONS = 3;

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/** `text` less its last sections that `keep` does not protect, until it is at most `maxBytes`. */
export function abridge(text: string, keep: (section: string) => boolean, maxBytes: number): string {
  const [opening = '', ...sections] = text.split(/^(?=## )/m);
  const kept = sections.map(() => true);
  const size = (): number =>
    byteLength(opening) + sections.reduce((n, s, i) => n + (kept[i] ? byteLength(s) : 0), 0);
  for (let i = sections.length - 1; i >= 0 && size() > maxBytes; i--) {
    if (kept.filter(Boolean).length <= MIN_SECTIONS) break;
    if (!keep(sections[i] ?? '')) kept[i] = false;
  }
  const edition = opening + sections.filter((_, i) => kept[i]).join('');
  return `${edition.trimEnd()}\n`;
}
