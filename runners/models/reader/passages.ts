/**
 * The candidate sentences of a request: every sentence in view with where it came from (the person,
 * a document or record, the reader's own earlier reply), the sentence it refers back to or the
 * headings it lies under, and the question's words it meets through an acronym or a word of like
 * meaning. A text's candidates depend on nothing else, so a reader keeps them in its context.
 */
import type { VisibleText } from './message-views.js';
import { toCandidate } from './match.js';
import { isReleaseNumber, releasesOf, type Heading } from './releases.js';
import type { Candidate } from './match.js';
import { lacksSubject, withAntecedents } from './discourse.js';
import { cleanSentence, FRAMING, isCandidate } from './candidate-sentence.js';
import { askedSynonyms, isKnownWord } from './thesaurus.js';
import { requestedReads } from './read-request.js';
import { isQuestion, sentenceAct } from './dialogue-act.js';
import {
  COMMAND_OPTION_NOUNS,
  DEFAULT_WORDS,
  PURPOSE_PREPOSITIONS,
  REPLACED_VALUE_MARKERS,
  REPLACING_ADVERBS,
  REQUEST_LEAD_WORDS,
  SEQUENCE_WORDS,
} from './lexicon.js';
import { leftBehind } from './change-statements.js';
import { Phrases, wordsAt } from './phrases.js';
import { analyse } from './language.js';
import { codeNameSpans, commandOptionSpans } from './value-kinds.js';
import { timeLengths, type TimeLength } from './time-values.js';
import { remembered, type ReaderContext } from './context.js';
import {
  acronymOfPlural,
  COMMON_VERB_STEMS,
  contentStems,
  formatsNamed,
  sentenceGroups,
  stem,
  stemSet,
  STOP_WORDS,
  words,
  type StemMemo,
} from './text.js';

/**
 * Where a candidate sentence came from: the person's own words, a record or document (a tool's
 * output, the engine's blocks of facts and summary), or the model's own earlier account.
 */
export type Origin = 'person' | 'document' | 'own';
/**
 * A candidate with where it came from. A sentence that refers back ("disable this") also meets the
 * words of its `antecedent`, the sentence before it; `ownStems` are the words it says itself.
 */
export type Sourced = Candidate & {
  origin: Origin;
  ownStems: ReadonlySet<string>;
  ownAlike?: ReadonlySet<string>;
  antecedent?: string;
  /** The text whose values can answer, when it differs from the sentence (a requested path left out). */
  valueText?: string;
  /** The acronyms it writes, lower case (see `withAcronyms`). */
  acronyms?: readonly string[];
  /** Each two of its words in a row written as one (see `joinedPairs`). */
  joined?: ReadonlySet<string>;
  /**
   * The headings over it: what its section is about, with the releases they name (a section of
   * release notes is about its release).
   */
  heading?: Heading;
  /**
   * The sentence after it in its section, which may go on from it: what explains it or follows from
   * it ("That key sends a signal …").
   */
  following?: string;
  /**
   * The name a section's code-name heading or option term gives ("### findUp.stop", "-s, --slow"), on
   * the first sentence under it, which describes the thing without naming it ("A Symbol that can be
   * returned …", "fire at half the rate").
   */
  named?: string;
  /**
   * Of a term ("-s, --slow"), the words of the sentence that defines it ("Fire at half the rate."):
   * what the term is, in words.
   */
  defined?: Candidate;
  /** True for a heading line ("## Streaming"): it names what its section is about, and states nothing. */
  title?: boolean;
  /** The words of the name of the file it was read from ("licences/kiln-2.0.txt": kiln, 2.0). */
  fileWords?: ReadonlySet<string>;
  /**
   * The word the file's name is, without its extension, when it is one word ("man/free.txt": free):
   * a command or a tool its sentences describe, whatever part of speech the word has elsewhere.
   */
  fileStem?: string;
  /**
   * The words the person used for that file when they asked to have it read ("the glaze-mixing
   * thing, notes/mix.md": glaze, mix, thing): what they call it, which its sentences speak of.
   */
  labelWords?: ReadonlySet<string>;
  /**
   * True for a person's sentence in a message that asks something ("I have to reline the kiln. How
   * long does the lining cure?"): it sets out the situation of that question rather than stating how
   * things stand.
   */
  premise?: boolean;
  /**
   * For a person's sentence, the words of what they said before it in the same message, which its
   * `stems` hold too: they complete what it says of a question, but do not answer one alone.
   */
  saidBefore?: ReadonlySet<string>;
  /**
   * For a person's statement that replaces something with a bare "instead" ("I'll bring it in a jar
   * instead"), the earlier statement of theirs it says anew: its words are among this one's `stems`,
   * and this one says how things stand now in its place.
   */
  replaces?: { text: string; stems: ReadonlySet<string> };
};

function originOf(visible: VisibleText): Origin | undefined {
  if (visible.source === 'call') return undefined;
  if (visible.source === 'assistant') return 'own';
  if (visible.source === 'tool' || FRAMING.test(visible.text)) return 'document';
  return 'person';
}

export function candidates(texts: readonly VisibleText[], context: ReaderContext): Sourced[] {
  const found: Sourced[] = [];
  // The message each candidate came from, by its place in `texts`.
  const messages: number[] = [];
  const labels = labelsOfFiles(texts, context);
  for (const [message, visible] of texts.entries()) {
    // A tool call says what was asked for, not what is so.
    const origin = originOf(visible);
    if (origin === undefined) continue;
    const key = `${origin}:${visible.prose === true ? 'prose' : 'lines'}:${visible.path ?? ''}:${visible.text}`;
    let made = context.passages.get(key) as readonly Sourced[] | undefined;
    if (made === undefined) {
      // What a sentence says whatever is asked is read once, with the text.
      made = candidatesOf(visible.text, origin, visible.prose === true, context.stems).map(
        withImpliedDefault,
      );
      if (visible.path !== undefined) {
        // The file's own name, not the folders it lies in: "kiln-2.0-care.txt" names the kiln and 2.0.
        const name = visible.path.slice(visible.path.lastIndexOf('/') + 1);
        const fileWords = new Set(contentStems(name, context.stems));
        const dot = name.lastIndexOf('.');
        const bare = contentStems(dot > 0 ? name.slice(0, dot) : name, context.stems);
        const fileStem = bare.length === 1 ? bare[0] : undefined;
        made = made.map((candidate) => ({
          ...candidate,
          fileWords,
          ...(fileStem === undefined ? {} : { fileStem }),
        }));
      }
      if (origin === 'person' && isQuestion(visible.text)) {
        // A sentence that asks ("I can't remember which glaze …") states nothing; the others set out
        // what the question supposes.
        made = made
          .filter((candidate) => sentenceAct(candidate.text) !== 'question')
          .map((candidate) => ({ ...candidate, premise: true }));
      }
      context.passages.set(key, made);
    }
    const label = visible.path === undefined ? undefined : labels.get(visible.path);
    if (label !== undefined)
      made = made.map((candidate) => ({
        ...candidate,
        labelWords: label,
      }));
    found.push(...made);
    for (const _ of made) messages.push(message);
  }
  return withReplacedStatements(found, messages);
}

/** The person's words for each file they asked to have read (see `fileLabels`). */
function labelsOfFiles(
  texts: readonly VisibleText[],
  context: ReaderContext,
): Map<string, ReadonlySet<string>> {
  const labels = new Map<string, ReadonlySet<string>>();
  for (const visible of texts)
    if (originOf(visible) === 'person')
      for (const [path, label] of remembered(context, fileLabels, visible.text)) labels.set(path, label);
  return labels;
}

/**
 * The person's words for each file a message of theirs asks to have read ("the glaze-mixing thing,
 * notes/mix.md"): what they call it names the file as its own name does. One path asked for alone
 * takes the message's words; several share none, since which words go with which is not said.
 */
function fileLabels(text: string): ReadonlyMap<string, ReadonlySet<string>> {
  const requested = requestedReads(text);
  const found = new Map<string, ReadonlySet<string>>();
  const [only] = requested;
  if (only === undefined || requested.some(({ path }) => path !== only.path)) return found;
  // What they call it is said in nouns and describing words: "read" and "next" ask for the read.
  // A phrase of what the read is for ("for the kiln review") says what the person is doing.
  const read = analyse(text.split(only.path).join(' '));
  const purpose = new Set<number>();
  read.forEach((token, at) => {
    if (!PURPOSE_PREPOSITIONS.has(token.lower)) return;
    for (let next = at + 1; ['DET', 'ADJ', 'NOUN', 'PROPN'].includes(read[next]?.pos ?? ''); next++)
      purpose.add(next);
  });
  const naming = read.filter(
    (token, at) =>
      ['NOUN', 'PROPN', 'ADJ'].includes(token.pos) &&
      !purpose.has(at) &&
      !REQUEST_LEAD_WORDS.has(token.lower) &&
      !SEQUENCE_WORDS.has(token.lower),
  );
  const stems = naming.flatMap((token) => contentStems(token.value));
  if (stems.length > 0) found.set(only.path, new Set(stems));
  return found;
}

/**
 * The person's statements, each that replaces something with a bare "instead" ("So I'll bring it
 * in a jar instead.") read with the words of the latest statement of theirs in an earlier message
 * that it shares a word with ("I'll bring the glaze in a tub"): it says the same thing anew, in
 * fewer words, and leans on the earlier one for the rest ("it").
 */
function withReplacedStatements(found: readonly Sourced[], messages: readonly number[]): Sourced[] {
  return found.map((candidate, at) => {
    if (candidate.origin !== 'person' || candidate.premise === true || !replacesBare(candidate.text))
      return candidate;
    const shares = (earlier: Sourced) =>
      [...candidate.ownStems].some((said) => earlier.ownStems.has(said) && !COMMON_VERB_STEMS.has(said));
    const replaced = found.findLast(
      (earlier, before) =>
        before < at &&
        (messages[before] ?? 0) < (messages[at] ?? 0) &&
        earlier.origin === 'person' &&
        earlier.premise !== true &&
        shares(earlier),
    );
    if (replaced === undefined) return candidate;
    return {
      ...candidate,
      stems: new Set([...candidate.stems, ...replaced.ownStems]),
      replaces: { text: replaced.text, stems: replaced.ownStems },
    };
  });
}

/** Phrases that name what a change replaces: "instead of A". */
const REPLACED_MARKERS = new Phrases(REPLACED_VALUE_MARKERS);

/** True when `sentence` says "instead" without naming what it replaces ("instead of A"). */
function replacesBare(sentence: string): boolean {
  const said = wordsAt(sentence);
  return said.some(
    ({ word }, at) => REPLACING_ADVERBS.has(word) && REPLACED_MARKERS.at(said, at) === undefined,
  );
}

/** The candidate sentences of one visible text. */
function candidatesOf(text: string, origin: Origin, prose: boolean, memo: StemMemo): Sourced[] {
  const found: Sourced[] = [];
  // The sentences of a section share its headings: each is read once.
  const headings = new Map<string, Heading>();
  const headingOf = (text: string): Heading => {
    let read = headings.get(text);
    if (read === undefined) {
      const releases = releasesOf(text).map((release) => release.number);
      read = { stems: toCandidate(text, memo).stems, releases };
      headings.set(text, read);
    }
    return read;
  };
  // Framing lines go whole: their sentences would otherwise split into plausible-looking parts.
  const content = text
    .split('\n')
    .filter((line) => !FRAMING.test(line))
    .join('\n');
  const sections = inSections(content, origin === 'document' ? prose : undefined, origin === 'person');
  // A person's message of one line keeps to one matter: what they said before in it ("The stoneware
  // course starts in May.") is what a later sentence of theirs speaks of ("12 potters have signed up.").
  // Text they paste runs over lines, and its sentences speak of what they will.
  const oneMatter = origin === 'person' && !content.trim().includes('\n');
  const saidBefore = new Set<string>();
  for (const [at, { sentence, antecedent, heading, title, term, definition, named }] of sections.entries()) {
    const earlier = [...saidBefore];
    const candidate = isCandidate(sentence, origin === 'document');
    if (!candidate && !oneMatter) continue;
    const cleaned = cleanSentence(sentence);
    const read = toCandidate(cleaned, memo);
    if (oneMatter) for (const said of read.stems) saidBefore.add(said);
    if (!candidate) continue;
    const after = sections[at + 1];
    const following =
      after !== undefined && after.heading === heading && !HEADING.test(after.sentence)
        ? cleanSentence(after.sentence)
        : undefined;
    // A file the person asks to have read is where to look, not a value they state: a sentence that
    // says nothing else ("Next: man/x.txt.", "man/x.txt, go.") is no candidate, and the path is no
    // value of the others. A light verb beside the path ("go", "take a look") only urges the read.
    const requested = origin === 'person' ? requestedReads(sentence) : [];
    const stated = requested.reduce((text, { path }) => text.split(path).join(' '), sentence);
    const says = words(stated).filter((word) => !REQUEST_LEAD_WORDS.has(word) && !SEQUENCE_WORDS.has(word));
    const told = contentStems(says.join(' '), memo).filter((said) => !COMMON_VERB_STEMS.has(said));
    if (requested.length > 0 && (told.length === 0 || leadsIn(stated))) continue;
    const acronyms = acronymsOf(cleaned);
    // A term that names an option ("-s, --slow") is an option, as a person calls it, and what it is
    // the sentence that defines it says.
    const option = term === true && namesOption(cleaned);
    const own = {
      ...read,
      ...(option ? { stems: new Set([...read.stems, ...OPTION_NOUN_STEMS]) } : {}),
      ...(requested.length > 0 ? { valueText: cleanSentence(stated) } : {}),
      ...(acronyms === undefined ? {} : { acronyms }),
      joined: joinedPairs(cleaned),
      ...(title === true ? { title } : {}),
      ...(following === undefined ? {} : { following }),
      ...(named === undefined ? {} : { named }),
      ...(definition === undefined || !option
        ? {}
        : { defined: toCandidate(cleanSentence(definition), memo) }),
    };
    // The sentence it refers back to, or else the headings it lies under, is shown with it.
    const context = antecedent ?? heading;
    if (context === undefined) {
      // The words of the message before it weigh as those of a sentence it refers back to, half its own.
      if (earlier.length === 0) {
        found.push({ ...own, origin, ownStems: own.stems });
        continue;
      }
      const before = new Set(earlier.filter((said) => !own.stems.has(said)));
      const stems = new Set([...own.stems, ...before]);
      found.push({ ...own, stems, origin, ownStems: own.stems, saidBefore: before });
      continue;
    }
    const over = heading === undefined ? undefined : headingOf(heading);
    const before = antecedent === undefined ? [] : toCandidate(cleanSentence(antecedent), memo).stems;
    found.push({
      ...own,
      stems: new Set([...own.stems, ...before, ...(over?.stems ?? [])]),
      origin,
      ownStems: own.stems,
      antecedent: cleanSentence(context),
      ...(over === undefined ? {} : { heading: over }),
    });
  }
  return found;
}

/**
 * A sentence, with the sentence it refers back to and the headings it lies under: a heading says what
 * every sentence of its section is about.
 */
interface InSection {
  sentence: string;
  /** True for a heading line, which names what its section is about and states nothing. */
  title?: boolean;
  antecedent?: string;
  heading?: string;
  /** True for the term of a definition list ("-s, --slow"), which its section describes. */
  term?: boolean;
  /** Of a term, the first sentence of its section, which says what the term is. */
  definition?: string;
  /** Of the first sentence under a heading that is a name as code writes it, that name. */
  named?: string;
}

/**
 * The sentences of a text, each with the sentence it refers back to. In a document (`prose` given)
 * a Markdown heading ("## 3.2.0 (2025-04-01)") stands over the sentences of its section: a sentence
 * that refers back to none has the headings it lies under for context, outermost first, so a
 * release's changes answer "which release …" with the heading's version. A `person`'s sentence that
 * says "that N" leans on the one before as one with a bare pronoun does.
 */
function inSections(content: string, prose: boolean | undefined, person: boolean): InSection[] {
  if (prose === undefined) return withAntecedents(sentenceGroups(content, false), person);
  const found: InSection[] = [];
  // The headings the current section lies under, outermost first: a Markdown heading with its level,
  // a term with its indentation.
  let headings: { level: number; text: string; indent?: number; release?: boolean }[] = [];
  let body: string[] = [];
  // The term whose section is being read, to be given its definition.
  let term: InSection | undefined;
  const flush = () => {
    const heading = headings.length === 0 ? undefined : headings.map((h) => h.text).join(' / ');
    const inContext = withAntecedents(sentenceGroups(body.join('\n'), prose));
    // A term's first sentence says what the term is ("The time the fan keeps running …"): a sentence
    // of the term's section with no subject ("Defaults to 900 seconds.") says more of the same thing.
    const definition = headings.at(-1)?.indent === undefined ? undefined : inContext[0]?.sentence;
    if (definition !== undefined && term !== undefined && body.length > 0) term.definition = definition;
    term = undefined;
    // A Markdown heading that is one name as code writes it ("### findUp.stop") names what the first
    // sentence under it describes; so does a term that names an option ("-s, --slow").
    const innermost = headings.at(-1);
    const name =
      innermost?.indent === undefined
        ? codeNameHeading(innermost?.text)
        : namesOption(innermost.text)
          ? innermost.text
          : undefined;
    for (const [at, { sentence, antecedent }] of inContext.entries()) {
      const leansOn = at > 0 && definition !== undefined && lacksSubject(sentence) ? definition : antecedent;
      found.push({
        sentence,
        ...(leansOn === undefined ? {} : { antecedent: leansOn }),
        ...(heading === undefined ? {} : { heading }),
        ...(at === 0 && name !== undefined ? { named: name } : {}),
      });
    }
    body = [];
  };
  const lines = content.split('\n');
  const outline = isOutline(lines);
  lines.forEach((line, at) => {
    const level = isReleaseLine(lines, at)
      ? 1
      : (HEADING.exec(line) ?? (outline ? OUTLINE_HEADING.exec(line) : null))?.[1]?.length;
    if (level !== undefined) {
      flush();
      found.push({ sentence: line.trim(), title: true });
      // Release notes may write a release and its sections ("Bug Fixes") at one level: a heading that
      // names no release lies inside the release heading of its level before it.
      const release = releasesOf(line).length > 0;
      headings = [
        ...headings.filter(
          (h) => h.indent === undefined && (h.level < level || (h.level === level && !release && h.release)),
        ),
        { level, text: outline ? line.replace(OUTLINE_MARK, '').trim() : line.trim(), release },
      ];
      return;
    }
    if (line.trim() === '') {
      body.push(line);
      return;
    }
    // A line as far in as a term, or further out, ends the term's section.
    const indent = indentOf(line);
    if (headings.some((h) => h.indent !== undefined && h.indent >= indent)) {
      flush();
      headings = headings.filter((h) => h.indent === undefined || h.indent < indent);
    }
    if (isTerm(line, lines[at + 1])) {
      flush();
      term = { sentence: line.trim(), term: true };
      found.push(term);
      headings = [...headings, { level: TERM_LEVEL, text: line.trim(), indent }];
      return;
    }
    body.push(line);
  });
  flush();
  return found;
}

/**
 * The name a Markdown heading gives when it is one name as code writes it and nothing else
 * ("### findUp.stop", "## `retryLimit`"), without its marks; undefined for any other heading.
 */
function codeNameHeading(heading: string | undefined): string | undefined {
  if (heading === undefined) return undefined;
  const name = heading
    .replace(/^#+\s*/, '')
    .replace(/`/g, '')
    .trim();
  // One word, with the arguments of a function after it ("stringify(value, options)").
  const word = name.replace(/\(.*\)$/, '');
  return word === '' || /\s/.test(word) || codeNameSpans(word).length === 0 ? undefined : name;
}

/** The stems of the nouns a person names an option of a command by. */
const OPTION_NOUN_STEMS: ReadonlySet<string> = stemSet([...COMMAND_OPTION_NOUNS].join(' '));

/**
 * True for a term that names an option of a command, as a manual writes one: the option opens it
 * ("-s, --slow", "--rm"). A term that only mentions one ("Safer `kilnctl -q` use") names none.
 */
function namesOption(text: string): boolean {
  const first = commandOptionSpans(text)[0];
  return first !== undefined && text.slice(0, first.start).trim() === '';
}

/** Below every Markdown heading: a term's section lies inside the heading's. */
const TERM_LEVEL = 7;

/** The white space a line starts with, a tab as far as the next multiple of eight. */
function indentOf(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === ' ') width++;
    else if (char === '\t') width += 8 - (width % 8);
    else break;
  }
  return width;
}

/** A list item's mark at a line's start: "- ", "* ", "3. ", "2) ". */
const LIST_ITEM = /^([-*+]|\d+[.)])\s/;

/** A mark that ends a sentence or a clause, at the end of a line. */
const CLAUSE_END = /[.,;!?]$/;

/** The longest line that is read as a term over the lines indented under it. */
const LONGEST_TERM = 48;

/**
 * True for a term of a definition list, as manual pages and plain-text references write them: a
 * short line, no list item and no end of a sentence, with the next line indented further ("pre-commit"
 * over "       This hook is run before ..."). Its section is what the term is about.
 */
function isTerm(line: string, next: string | undefined): boolean {
  const text = line.trim();
  if (next === undefined || next.trim() === '' || text.length > LONGEST_TERM) return false;
  if (LIST_ITEM.test(text) || CLAUSE_END.test(text)) return false;
  return indentOf(next) > indentOf(line);
}

/** The most words before a release line's number: "1.4", "v1.4 (2031-05-02)", "Release 1.4". */
const RELEASE_LINE_LEAD = 1;

/**
 * True for the heading of a release in plain-text release notes: a line at the margin, alone between
 * blank lines, that opens with a release number ("version 2.7 - 2031-05-02", "v2.7", "Kestrel
 * 2.7.1 (stable)"; not a manual page's "KESTREL(1)") and ends no sentence. The entries under it, up
 * to the next such line, are about that release.
 */
export function isReleaseLine(lines: readonly string[], at: number): boolean {
  const line = lines[at] ?? '';
  if (line.trim() === '' || indentOf(line) > 0 || line.length > LONGEST_RELEASE_LINE) return false;
  if ((lines[at - 1] ?? '').trim() !== '' || (lines[at + 1] ?? '').trim() !== '') return false;
  if (LIST_ITEM.test(line) || HEADING.test(line) || CLAUSE_END.test(line.trim())) return false;
  return words(line)
    .slice(0, RELEASE_LINE_LEAD + 1)
    .some(isReleaseNumber);
}

/** The longest line read as a release's heading. */
const LONGEST_RELEASE_LINE = 80;

/** A Markdown heading line: one to six `#`, then its text. */
const HEADING = /^\s{0,3}(#{1,6})\s+\S/;

/** A heading of a text in outline form ("* Changes in release 3.4", "** New features"): stars at the margin. */
const OUTLINE_HEADING = /^(\*{1,6})\s+\S/;

/** The stars that open an outline heading, with the space after them. */
const OUTLINE_MARK = /^\*{1,6}\s+/;

/**
 * True for a text written in outline form, as GNU NEWS files are: a line at the margin opens with two
 * stars and a space, a heading inside a heading, which no Markdown list writes.
 */
function isOutline(lines: readonly string[]): boolean {
  return lines.some((line) => (OUTLINE_HEADING.exec(line)?.[1]?.length ?? 0) === 2);
}

/** `candidate` saying `stems` too, as words of its own. */
export function saying<T extends Sourced>(candidate: T, stems: Iterable<string>): T {
  const added = [...stems];
  return {
    ...candidate,
    stems: new Set([...candidate.stems, ...added]),
    ownStems: new Set([...candidate.ownStems, ...added]),
  };
}

/**
 * A candidate that also meets the words an acronym of it stands for: "DNS" meets "domain name system"
 * when the question says those words, one after the other. `spelled` maps each acronym the question's
 * words spell to their stems.
 */
export function withAcronyms(candidate: Sourced, spelled: ReadonlyMap<string, readonly string[]>): Sourced {
  if (spelled.size === 0 || candidate.acronyms === undefined) return candidate;
  const extra = candidate.acronyms.flatMap((acronym) => spelled.get(acronym) ?? []);
  if (extra.length === 0) return candidate;
  return saying(candidate, extra);
}

/**
 * The acronyms a sentence writes ("DNS", "TLS1"), lower case, or undefined when it writes none. A
 * name the capitals are only part of ("AT&T") is no acronym.
 */
function acronymsOf(text: string): readonly string[] | undefined {
  const found = [...text.matchAll(/(?<![\w&])([A-Z]{2,5})\d*(?![\w&])/g)].map((m) =>
    (m[1] ?? '').toLowerCase(),
  );
  return found.length === 0 ? undefined : found;
}

/** Each acronym of two to five letters that runs of the question's words spell, with their stems. */
export function spelledAcronyms(question: string): ReadonlyMap<string, readonly string[]> {
  const asked = words(question);
  const spelled = new Map<string, string[]>();
  for (let length = 2; length <= 5; length++) {
    for (let i = 0; i + length <= asked.length; i++) {
      const run = asked.slice(i, i + length);
      const acronym = run.map((word) => word[0]).join('');
      spelled.set(acronym, [...(spelled.get(acronym) ?? []), ...contentStems(run.join(' '))]);
    }
  }
  return spelled;
}

/**
 * A candidate that knows which of the question's words it meets only through a word of like meaning.
 * `bySynonym` maps each synonym's stem to the stems of the question's words it stands for.
 */
export function withSynonyms(candidate: Sourced, bySynonym: ReadonlyMap<string, readonly string[]>): Sourced {
  if (bySynonym.size === 0) return candidate;
  const met = (stems: ReadonlySet<string>) => {
    const found = new Set<string>();
    // Through the smaller of the two: the sentence's words, or the synonyms of the question's.
    const take = (said: string) => {
      for (const key of bySynonym.get(said) ?? []) if (!stems.has(key)) found.add(key);
    };
    if (stems.size <= bySynonym.size) for (const said of stems) take(said);
    else for (const said of bySynonym.keys()) if (stems.has(said)) take(said);
    return found;
  };
  const all = met(candidate.stems);
  if (all.size === 0) return candidate;
  const own = candidate.ownStems === candidate.stems ? all : met(candidate.ownStems);
  return { ...candidate, alike: all, ownAlike: own };
}

/** For each synonym's stem, the question words' stems it stands for. */
export function synonymIndex(question: string): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, string[]>();
  for (const [key, others] of askedSynonyms(question)) {
    for (const other of others) index.set(other, [...(index.get(other) ?? []), key]);
  }
  return index;
}

/**
 * The question's words that look like short forms: words of two to six letters standing alone, no
 * function word, and no word the thesaurus knows ("uid", "cwd", "config"). Each may stand for words a
 * sentence spells out.
 */
export function shortForms(question: string): readonly string[] {
  // Whole words only: "pre" of "pre-commit" is a part of a word, not a short form.
  const written = question.split(/\s+/).map((token) => token.replace(/^\p{P}+|\p{P}+$/gu, ''));
  // A plural of capitals ("PRs") is only ever written for a short form, whatever else its letters spell.
  const plurals = written.flatMap((token) => acronymOfPlural(token) ?? []);
  const whole = written.map((token) => token.toLowerCase());
  return [
    ...new Set([
      ...plurals,
      ...whole.filter((word) => /^\p{Ll}{2,6}$/u.test(word) && !STOP_WORDS.has(word) && !isKnownWord(word)),
    ]),
  ];
}

/** A short form of a question, as written and as its key has it (by its stem). */
export interface ShortForm {
  form: string;
  stemmed: string;
  /** Written as an extension that names a format (".pot"): it may be the first letters of its name. */
  format?: true;
}

/** The question's short forms (see `shortForms`), each with its stem, worked out once a question. */
export function shortFormsOf(question: string): readonly ShortForm[] {
  // An extension that names a format is a short form, though a word of the same letters is known.
  const formats = new Set(formatsNamed(question));
  return [...new Set([...shortForms(question), ...formats])].map((form) => ({
    form,
    stemmed: stem(form),
    ...(formats.has(form) ? { format: true as const } : {}),
  }));
}

/**
 * True when `form` is the leading letters of two or three words in a row of `sequence`, each giving
 * at least its first letter: "uid" is "user id", "cwd" is "current working directory".
 */
export function spellsOut(form: string, sequence: readonly string[]): boolean {
  const from = (at: number, rest: string, used: number): boolean => {
    if (rest === '') return used >= 2;
    const word = sequence[at];
    if (word === undefined || used === 3 || word[0] !== rest[0]) return false;
    for (let take = Math.min(word.length, rest.length); take >= 1; take--) {
      if (word.startsWith(rest.slice(0, take)) && from(at + 1, rest.slice(take), used + 1)) return true;
    }
    return false;
  };
  return sequence.some((_, at) => from(at, form, 0));
}

/**
 * True when `form` is the start of one longer word of `sequence`, cut short as people write it: "repo"
 * for "repository", "dir" for "directory", "env" for "environment". Three letters at least, and
 * two fewer than the word, so a word and its own inflection ("tag", "tags") are no clipping.
 */
export function clipsOne(form: string, sequence: readonly string[], least = LEAST_CLIPPING): boolean {
  return (
    form.length >= least && sequence.some((word) => word.length >= form.length + 2 && word.startsWith(form))
  );
}

/** The fewest letters a clipped word keeps; an extension, which names a format, may keep two. */
const LEAST_CLIPPING = 3;
const LEAST_FORMAT_CLIPPING = 2;

/**
 * A candidate that says the short forms of `forms` it spells out, as if it wrote them (by their
 * stems, as the question's key has them); a plural's "s" is no letter of the words ("uids").
 */
export function withShortForms(candidate: Sourced, forms: readonly ShortForm[]): Sourced {
  if (forms.length === 0) return candidate;
  const sequence = candidate.sequence ?? [];
  const spelled = ({ form, format }: ShortForm) =>
    spellsOut(form, sequence) ||
    (form.endsWith('s') && spellsOut(form.slice(0, -1), sequence)) ||
    clipsOne(form, sequence, format ? LEAST_FORMAT_CLIPPING : LEAST_CLIPPING);
  const said = forms
    .filter((short) => !candidate.stems.has(short.stemmed) && spelled(short))
    .map(({ stemmed }) => stemmed);
  return said.length === 0 ? candidate : saying(candidate, said);
}

/** A length of time a question states ("the last 48 hours"), with the stems of its words. */
export type AskedLength = Omit<TimeLength, 'text'> & { stems: readonly string[] };

/** The lengths of time `question` states, each with the stems of the words that state it. */
export function askedLengths(question: string): readonly AskedLength[] {
  return timeLengths(question).map(({ text, length, scale }) => ({
    length,
    scale,
    stems: contentStems(text),
  }));
}

/**
 * `candidate` saying "default" when it describes an option and sets the option's value against
 * another ("keep N firings instead of 40", "fire at cone N, not 6"): a manual names the value
 * that holds without the option so, and says it is the default in no other word.
 */
function withImpliedDefault(candidate: Sourced): Sourced {
  if (candidate.origin !== 'document' || candidate.antecedent === undefined) return candidate;
  if (commandOptionSpans(candidate.antecedent).length === 0 || leftBehind(candidate.text).length === 0) {
    return candidate;
  }
  return saying(candidate, DEFAULT_STEMS);
}

const DEFAULT_STEMS: readonly string[] = [...DEFAULT_WORDS].flatMap((word) => contentStems(word));

/**
 * `candidate` with the words of each length the question states that it states in other units ("two
 * days" for "48 hours"), as its own: the same length is the same value, however it is counted.
 */
export function withEqualLengths(candidate: Sourced, asked: readonly AskedLength[]): Sourced {
  if (asked.length === 0) return candidate;
  const said = timeLengths(candidate.text);
  const equal = asked
    .filter(({ stems }) => stems.some((stem) => !candidate.stems.has(stem)))
    .filter(({ length, scale }) => said.some((other) => other.scale === scale && other.length === length))
    .flatMap(({ stems }) => stems);
  return equal.length === 0 ? candidate : saying(candidate, equal);
}

/**
 * The ways a question's compounds may be written in view: for two words in a row, the one word they
 * make written solid ("rolling back" as "rollback", "set up" as "setup"), with the stems of the two;
 * and each longer word as written, which a sentence may write open ("rollback" as "roll back").
 */
export interface Compounds {
  readonly solid: ReadonlyMap<string, readonly string[]>;
  readonly open: readonly string[];
}

/** The compounds of `question` (see `Compounds`). */
export function compoundsOf(question: string): Compounds {
  const said = words(question);
  const solid = new Map<string, string[]>();
  for (let i = 0; i + 1 < said.length; i++) {
    const [first, second] = [said[i]!, said[i + 1]!];
    if (STOP_WORDS.has(first) || !/^\p{L}+$/u.test(first + second)) continue;
    const parts = contentStems(`${first} ${second}`);
    if (parts.length === 0) continue;
    solid.set(stem(`${stem(first)}${second}`), parts);
  }
  const open = [...new Set(said.filter((word) => word.length >= 6 && /^\p{L}+$/u.test(word)))];
  return { solid, open };
}

/** Each two words in a row of `text` written as one, in lower case ("fail over" as "failover"). */
export function joinedPairs(text: string): ReadonlySet<string> {
  const said = words(text);
  const joined = new Set<string>();
  for (let i = 0; i + 1 < said.length; i++) joined.add(`${said[i]}${said[i + 1]}`);
  return joined;
}

/** A candidate that says the question's compounds it writes another way, as the question writes them. */
export function withCompounds(candidate: Sourced, compounds: Compounds): Sourced {
  const added = new Set<string>();
  for (const [joined, parts] of compounds.solid)
    if (candidate.stems.has(joined)) for (const part of parts) added.add(part);
  // Two words in a row, a particle among them ("fail over"), written as one.
  const pairs = candidate.joined ?? joinedPairs(candidate.text);
  for (const word of compounds.open) if (pairs.has(word)) added.add(stem(word));
  const extra = [...added].filter((part) => !candidate.stems.has(part));
  return extra.length === 0 ? candidate : saying(candidate, extra);
}

/**
 * True when a request, its paths taken out, only leads in to the files it asks for before a colon:
 * "Last one for today, I promise: notes/x.md." says nothing the path does not.
 */
function leadsIn(stated: string): boolean {
  const colon = stated.lastIndexOf(': ');
  return colon >= 0 && words(stated.slice(colon + 2)).length === 0;
}
