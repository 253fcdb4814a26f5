/**
 * Abridged editions of workspace documents: a document less whole `## ` sections, taken from the end,
 * until it fits a size. A section that holds the answer to a probe is never taken, and neither is
 * the title and opening; at least three sections stay. Every line of an edition is a line of its
 * document, in order, so an edition never says anything its document does not.
 *
 * The `reading` scenario's review pack (`workspaces/tidewater/review/`) is made this way from
 * `workspaces/tidewater/docs/`, by `scripts/abridge-docs.ts`; a test checks the committed files
 * against `reviewEdition`.
 */
import { byteLength } from '../engine/index.js';
import { matchesPattern } from './expectation.js';
import { answerPatterns } from './schema.js';
import type { Scenario } from './schema.js';

/** The size the review pack's editions are cut to, in UTF-8 bytes. */
export const EDITION_MAX_BYTES = 5400;
/** Sections an edition always keeps, if its document has them. */
const MIN_SECTIONS = 3;

/** `text` less its last sections that `keep` does not protect, until it is at most `maxBytes`. */
export function abridge(text: string, keep: (section: string) => boolean, maxBytes: number): string {
  const [opening = '', ...sections] = text.split(/^(?=## )/m);
  const kept = sections.map(() => true);
  let size = byteLength(text);
  let left = sections.length;
  for (let i = sections.length - 1; i >= 0 && size > maxBytes && left > MIN_SECTIONS; i--) {
    const section = sections[i] ?? '';
    if (keep(section)) continue;
    kept[i] = false;
    size -= byteLength(section);
    left -= 1;
  }
  const edition = opening + sections.filter((_, i) => kept[i]).join('');
  return `${edition.trimEnd()}\n`;
}

/**
 * A document's review edition: abridged, keeping every section that answers a probe of `scenarios`.
 * A question whose answer was never given has no answer to keep.
 */
export function reviewEdition(text: string, scenarios: Iterable<Scenario>): string {
  const answers = [...scenarios].flatMap((scenario) =>
    scenario.steps.flatMap((step) => ('ask' in step ? answerPatterns(step.expect) : [])),
  );
  const holdsAnswer = (section: string): boolean => answers.some((answer) => matchesPattern(section, answer));
  return abridge(text, holdsAnswer, EDITION_MAX_BYTES);
}
