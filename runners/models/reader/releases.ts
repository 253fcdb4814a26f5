/**
 * Releases: the numbers that name one release of a thing ("5.0.5", "v18", "Python 3"). A person names
 * a release by its major number where release notes write all of it, and a section of release notes
 * is about the release its heading names.
 */
import { contentStems, STOP_WORDS, words } from './text.js';

/** A release number of two parts or more, with or without a "v" before it. */
const RELEASE = /^v?(\d+(?:\.\d+)+)$/;

/** A number that may name a release: "5", "5.0.5", "v18". */
const RELEASE_LIKE = /^(v)?(\d+(?:\.(\d+))*)$/;

/** True for a release number of two parts or more, or one written with a "v": "2.7", "v2.7.1", "v18". */
export function isReleaseNumber(word: string): boolean {
  const match = RELEASE_LIKE.exec(word);
  return match !== null && (match[1] !== undefined || match[3] !== undefined);
}

/** A word, and when it is a release number, its leading parts too: "v5.1.2" gives "5" and "5.1". */
export function withLeadingParts(word: string): string[] {
  const release = RELEASE.exec(word)?.[1];
  if (release === undefined) return [word];
  const parts = release.split('.');
  return [word, ...parts.slice(1).map((_part, at) => parts.slice(0, at + 1).join('.'))];
}

/** A release a text names: its number without a "v", and the stem of the name before it, if any. */
export interface Release {
  number: string;
  of?: string;
}

/**
 * The releases a text names: a number of several parts ("5.0.5"), one written with a "v" ("v18"), or
 * one that follows a name ("Python 3", "Node 18"), which it is a release of; a number after a
 * function word ("in 3 boxes") counts something instead.
 */
export function releasesOf(text: string): Release[] {
  const found: Release[] = [];
  const said = words(text);
  said.forEach((word, at) => {
    const match = RELEASE_LIKE.exec(word);
    if (match?.[2] === undefined) return;
    const before = said[at - 1] ?? '';
    const named = /\p{L}/u.test(before) && !STOP_WORDS.has(before) && !RELEASE_LIKE.test(before);
    if (!named && match[1] === undefined && match[3] === undefined) return;
    const of = named ? contentStems(before)[0] : undefined;
    found.push(of === undefined ? { number: match[2] } : { number: match[2], of });
  });
  return found;
}

/** True when release `a` is release `b` or a part of it ("5" and "5.0.0"). */
export function sameRelease(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

/** The headings over a sentence: their stems, and the release numbers they name. */
export interface Heading {
  readonly stems: ReadonlySet<string>;
  readonly releases: readonly string[];
}

/**
 * True when a sentence lies under a heading of another release than the one a question names: asked
 * about release 5 of a thing, the notes of its release 4 do not answer. Only a release of a thing the
 * heading names counts: asked about "Python 3", the release notes of a library say nothing of it.
 */
export function underAnotherRelease(asked: readonly Release[], heading: Heading | undefined): boolean {
  if (heading === undefined || heading.releases.length === 0) return false;
  const ofIt = asked.filter((release) => release.of === undefined || heading.stems.has(release.of));
  return (
    ofIt.length > 0 &&
    !ofIt.some((release) => heading.releases.some((number) => sameRelease(release.number, number)))
  );
}
