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

// --- reader-act ---

/** Words of thanks: a message that thanks looks back on what was done. */
export const GRATITUDE = words('thanks thank cheers ta');

/** Verbs of wanting or needing: "I'd like …", "I need you to …", "I'd appreciate it if …". */
export const DESIRE_VERBS = words('want need like love require appreciate wish prefer');

/** Verbs that decline or put aside what they name ("skip it", "ignore the rest"). */
export const DECLINE_VERBS = words('skip ignore omit avoid drop forget disregard bypass');

/** Verbs and adverbs that put an act off to another time ("it can wait", "later"). */
export const DEFERRAL_WORDS = words(
  'wait postpone defer delay later tomorrow afterwards afterward eventually someday sometime',
);

/** First-person reflexives: the person does the act themselves ("I'll read it myself"). */
export const FIRST_PERSON_REFLEXIVES = words('myself ourselves');

/** The pronoun by which the person, as the subject of a clause, says they act themselves. */
export const SPEAKER_PRONOUNS = words('i');

/** The first-person subjects and objects: the person, alone or with others ("I need", "tell us"). */
export const FIRST_PERSON_SUBJECTS = words('i we');
export const FIRST_PERSON_OBJECTS = words('me us');

/** Forms of "be", "do" and "have" that place what they say in the past, with their participles. */
export const PAST_AUXILIARY_FORMS = words('was were been did done had');

/** Forms of "have" that, before a participle, make the perfect ("have read", "'ve been"). */
export const PERFECT_AUXILIARIES = words('have has had ve');

/** Words that place an item in a sequence of requests ("next", "then", "now", "finally"). */
export const SEQUENCE_WORDS = words('next then now finally lastly first last also too onto');

/** Verbs whose subject lacks some knowledge: "I've forgotten which …", "I wonder whether …". */
export const NOT_KNOWING_VERBS = words('forget wonder doubt');

/** Verbs of knowing and remembering: a question when negated or asked ("I don't know which …"). */
export const KNOWING_VERBS = words('know remember recall recollect learn understand');

/** Verbs that ask to be told something ("remind me …", "tell me …", "show us …"). */
export const TELLING_VERBS = words('tell remind show give');

/** Words that open an embedded question: the wh-words and "whether", "if". */
export const EMBEDDED_QUESTION_OPENERS = words('what which who whom whose when where why how whether if');

/** Determiners that pick out one definite thing ("the port that …", "which port"). */
export const DEFINITE_DETERMINERS = words('the which whose');

/** Verbs that ask for a file's content itself, retyped, rather than an account of it. */
export const SHOW_VERBS = words('show display print paste retype reproduce verbatim contents');

/** Words that ask for an account of a file; they win over a show verb in the same request. */
export const SUMMARY_VERBS = words('summarise summarize summary overview gist');

/** Verbs that ask to run a command given in backticks. */
export const RUN_VERBS = words('run rerun execute exec launch');

/**
 * Verbs of reading and of what a text holds, with the words that say how briefly and the "mind" of
 * "would you mind": a question made only of these ("tell me what it covers", "have a quick look") asks for an account of a file, not
 * for one thing it says.
 */
export const ACCOUNT_WORDS = words(
  'read look skim scan view open check review study examine inspect browse peruse glance see go ' +
    'cover contain hold mention say tell describe discuss explain talk mean about ' +
    'quick brief short once over whole main point points gist summary overview take mind',
);

/** Verbs that open an order to the assistant ("read …", "summarise …", "fix …"). */
export const IMPERATIVE_VERBS = words(
  'tell show read open run list check look find give summarise summarize explain describe write ' +
    'create edit change update fix add remove delete rename install build test print display review ' +
    'remind compare go make help',
);

/** Openings that ask for something politely: "please", "can you", "would you". */
export const POLITE_OPENINGS = words('please kindly');

/** Nouns for people by their role: a statement naming one gives a person ("the owner is …"). */
export const PERSON_ROLES = words('engineer owner contact lead manager maintainer');

/** Nouns for things that have names of their own: "the service is …" gives a thing, not a person. */
export const THING_KINDS = words(
  'project product version release service server region city team company tool library',
);

/** Words of a question that ask how a command ended: its exit status. */
export const EXIT_STATUS_WORDS = words('exit status code return returned');

/** Words for a command or test that failed, and for one that passed. */
export const FAILURE_WORDS = words('fail failed failing failure failures');
export const SUCCESS_WORDS = words('pass passed passing succeed succeeded success');

/** Verbs by which a question says a command was run. */
export const RUNNING_VERBS = words(
  'run ran execute executed use used start started invoke invoked launch launched',
);

/** Words that only frame a question about a command ("which command", "the time it ended"). */
export const COMMAND_FRAME_WORDS = words('command commands time times end ended ending finish finished with');

/** Words that place a question among events ("now", "the first time"; "again", "anymore"). */
export const EVENT_WORDS = words(
  'now currently first last latest earliest initially originally again anymore',
);

/** Words that ask for the earliest of several events, and words that ask for the latest. */
export const EARLIEST_WORDS = words('first earliest initially originally before');
export const LATEST_WORDS = words('now currently latest last');

/** Verbs that ask for a change to what a file says. */
export const CHANGE_VERBS = words(
  'change replace set rename update modify alter swap switch substitute bump edit',
);

/** Words that may open a request before its verb: sequence, joining and assent ("ok, then …"). */
export const REQUEST_LEAD_WORDS = words('now then also and so next ok okay finally');
