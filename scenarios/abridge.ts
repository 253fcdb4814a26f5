/**
 * Abridged editions of workspace documents: a document less whole `## ` sections, taken from the end,
 * until it fits a size. A section that holds the answer to a probe is never taken, and neither is
 * the title and opening; at least three sections stay. Every line of an edition is a line of its
 * document, in order, so an edition never says anything its document does not.
 *
 * The editions come in packs, each a folder of `workspaces/tidewater/` cut to its own size from
 * `workspaces/tidewater/docs/`: the `reading` scenario's review pack (`review/`) and the editions
 * `codename` reads (`abridged/`). A pack holds an edition of each document a built-in scenario
 * names in its folder. `scripts/abridge-docs.ts` writes them; a test checks the committed files
 * against `editionOf`.
 */
import { byteLength } from '../engine/index.js';
import { matchesPattern } from './pattern.js';
import { answerPatterns } from './schema.js';
import type { Scenario } from './schema.js';

/** A folder of abridged editions, each cut to at most `maxBytes` UTF-8 bytes. */
export interface EditionPack {
  readonly folder: string;
  readonly maxBytes: number;
}

/**
 * `reading`'s review pack: every document, short enough that four review turns and the instructions
 * reach the 85% budget at 8,192 tokens (see `scenarios/reading/index.ts`).
 */
export const REVIEW_PACK: EditionPack = { folder: 'review', maxBytes: 5400 };

/**
 * The editions `codename` reads: each of its documents less its last sections, so that a reading
 * turn (the request, the pages of the file, the summary) takes about 1,400 tokens, as the turns of
 * the reference's phase-2 chat did. Five such turns and the instructions fit 8,192 tokens, so the
 * last four turns that `dropping` keeps always leave room for the next one.
 */
export const ABRIDGED_PACK: EditionPack = { folder: 'abridged', maxBytes: 6000 };

/** Every pack, in the order `scripts/abridge-docs.ts` writes them. */
export const editionPacks: readonly EditionPack[] = [REVIEW_PACK, ABRIDGED_PACK];

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
 * A document's edition in `pack`: abridged, keeping every section that answers a probe of
 * `scenarios`. A question whose answer was never given has no answer to keep.
 */
export function editionOf(text: string, scenarios: Iterable<Scenario>, pack: EditionPack): string {
  const answers = [...scenarios].flatMap((scenario) =>
    scenario.steps.flatMap((step) => ('ask' in step ? answerPatterns(step.expect) : [])),
  );
  const holdsAnswer = (section: string): boolean => answers.some((answer) => matchesPattern(section, answer));
  return abridge(text, holdsAnswer, pack.maxBytes);
}

/** The documents (file names) that `scenarios` name in `pack`'s folder, as `review/storage.md` names `storage.md`. */
export function documentsNamedIn(pack: EditionPack, scenarios: Iterable<Scenario>): string[] {
  const named = new RegExp(`(?<![\\w/.-])${pack.folder}/([\\w-]+\\.md)\\b`, 'g');
  const names = new Set<string>();
  for (const scenario of scenarios) {
    for (const step of scenario.steps) {
      const text = 'say' in step ? step.say : 'ask' in step ? step.ask : '';
      for (const match of text.matchAll(named)) if (match[1] !== undefined) names.add(match[1]);
    }
  }
  return [...names].sort();
}
