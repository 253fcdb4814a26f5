/**
 * The reader's one lexicon: every closed-class or general word list that any stage of the reader
 * uses lives here, once. A list holds words of English, never a word taken from a scenario: the
 * reader must behave the same on text and wordings it has never seen. A stage that needs words it
 * cannot find here adds a list (or words to a list) in this file, under a comment that says what
 * the class is; it never writes its own.
 */

/** A set of lower-case words from a space-separated list. */
function words(list: string): ReadonlySet<string> {
  return new Set(list.trim().split(/\s+/));
}

/** Question words that open a constituent question ("which file", "how many", "whose turn"). */
export const WH_WORDS = words('what which who whom whose when where why how');

/** Forms of "be", "do" and "have": the auxiliaries that open a yes/no question or invert after a wh-word. */
export const PRIMARY_AUXILIARIES = words('am is are was were be been being do does did have has had');

/** Modal verbs. */
export const MODALS = words('can could may might must shall should will would');

/** Personal pronouns, in their subject, object and possessive forms. */
export const PERSONAL_PRONOUNS = words(
  'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs',
);

/** Demonstratives, which may stand alone ("this is slow") or determine a noun ("this option"). */
export const DEMONSTRATIVES = words('this that these those');

/** Articles and other determiners. */
export const DETERMINERS = words('a an the some any every each no another other either neither all both');

/** Common prepositions. */
export const PREPOSITIONS = words(
  'about above across after against along among around at before behind below beneath beside between ' +
    'beyond by despite down during except for from in inside into near of off on onto out outside over ' +
    'past per since than through throughout till to toward towards under until up upon via with within without',
);

/** Coordinating and common subordinating conjunctions. */
export const CONJUNCTIONS = words(
  'and or but nor so yet if because although though unless whether while whereas once',
);

/** Words that order a sequence: ordinals and their kin ("last", "latest", "previous"). */
export const ORDINALS = words(
  'first second third fourth fifth sixth seventh eighth ninth tenth last final latest earliest next previous',
);

/** Cardinal numbers written as words. */
export const NUMBER_WORDS = words(
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen ' +
    'sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred ' +
    'thousand million billion dozen',
);

/** Days of the week, and the relative days. */
export const WEEKDAYS = words('monday tuesday wednesday thursday friday saturday sunday');
export const RELATIVE_DAYS = words('today tomorrow tonight yesterday');

/** Months, with their usual abbreviations. */
export const MONTHS = words(
  'january february march april may june july august september october november december ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec',
);

/** Words of politeness and hedging that carry no content of a request ("please", "kindly"). */
export const POLITENESS = words('please kindly thanks thank cheers');
