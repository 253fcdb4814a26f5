/**
 * The reader's one lexicon: every closed-class or general word list that any stage of the reader
 * uses lives here, once. A list holds words of English, never a word taken from a scenario: the
 * reader must behave the same on text and wordings it has never seen. A stage that needs words it
 * cannot find here adds a list (or words to a list) in this file, under a comment that says what
 * the class is; it never writes its own.
 */

/** Phrases of one or more words, parted by `|`, longest first so that a pattern tries them first. */
function phrases(list: string): readonly string[] {
  return list.split('|').sort((a, b) => b.length - a.length);
}

/** A set of lower-case words from a space-separated list. */
function words(list: string): ReadonlySet<string> {
  return new Set(list.trim().split(/\s+/));
}

/** Question words that open a constituent question ("which file", "how many", "whose turn"). */
export const WH_WORDS = words('what which who whom whose when where why how');

/** Forms of "be", "do" and "have": the auxiliaries that open a yes/no question or invert after a wh-word. */
export const PRIMARY_AUXILIARIES = words('am is are was were be been being do does did have has had');

/** Wh-words that may also open a relative clause after a noun ("the kiln which is the biggest"). */
export const RELATIVE_WH_WORDS = words('which who whom whose');

/** Modal verbs. */
export const MODALS = words('can could may might must shall should will would ought');

/** Personal pronouns, in their subject, object and possessive forms. */
export const PERSONAL_PRONOUNS = words(
  'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs',
);

/** The possessive forms of the personal pronouns that go before a noun ("our tooling"). */
export const POSSESSIVE_DETERMINERS = words('my our your his her its their');

/**
 * The possessives of the two who talk: what "my" or "your" determines ("my coffee", "your take") is
 * the speaker's own or asked of the one spoken to, not a value to be found.
 */
export const PARTY_POSSESSIVES = words('my your');

/** Demonstratives, which may stand alone ("this is slow") or determine a noun ("this option"). */
export const DEMONSTRATIVES = words('this that these those');
/** Verbs by which the person and the model speak of what was said between them ("as I told you"). */
export const SAYING_VERBS = words(
  'tell say mention give share note write send explain provide supply state specify quote',
);

/** Third-person pronouns that stand for a thing named before. */
export const REFERRING_PRONOUNS = words('it them');
/**
 * An adverb that stands for a place named before, after a verb or a preposition ("what does it run
 * there"); before a form of "be" it says a thing exists ("is there a way"), which is no place.
 */
export const PLACE_PRO_FORMS = words('there');
/** Of those, the one that stands for several. */
export const PLURAL_REFERRING_PRONOUNS = words('them');

/** Coordinating and common subordinating conjunctions. */
export const CONJUNCTIONS = words(
  'and or but nor so yet if because although though unless whether while whereas once whenever',
);

/** Conjunctions that open a condition: what a clause of theirs says is supposed, not asked. */
export const CONDITIONAL_CONJUNCTIONS = words('if unless provided providing assuming supposing');

/**
 * Conjunctions of time that, before a clause in the present, say when what is asked holds, as a
 * condition does ("when a reviewer asks, …", "before I ship it"): the time conjunctions and "when".
 */
export const GENERIC_TIME_CONJUNCTIONS = words('before after since until while when whenever');

/** Words that order a sequence: ordinals and their kin ("last", "latest", "previous"). */
export const ORDINALS = words(
  'first second third fourth fifth sixth seventh eighth ninth tenth last final latest earliest next previous',
);

/** The ordinals of positions after the first, in order: "second" is position 2. */
export const POSITION_ORDINALS: readonly string[] = [
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];

/** Number words that may also stand for a thing named before ("the one", "if one was set"). */
export const PRONOUN_NUMBERS = words('one');

/** The value of each cardinal number written as a word. */
export const NUMBER_WORD_VALUES: ReadonlyMap<string, number> = new Map(
  [
    ...words(`zero:0 one:1 two:2 three:3 four:4 five:5 six:6 seven:7 eight:8 nine:9 ten:10 eleven:11
    twelve:12 thirteen:13 fourteen:14 fifteen:15 sixteen:16 seventeen:17 eighteen:18 nineteen:19
    twenty:20 thirty:30 forty:40 fifty:50 sixty:60 seventy:70 eighty:80 ninety:90 hundred:100
    thousand:1000 million:1000000 billion:1000000000 dozen:12`),
  ].map((pair) => {
    const [word = '', value = ''] = pair.split(':');
    return [word, Number(value)];
  }),
);

/** Cardinal numbers written as words. */
export const NUMBER_WORDS: ReadonlySet<string> = new Set(NUMBER_WORD_VALUES.keys());

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

// --- spelling ---

/**
 * Informal spellings of chat and the words they stand for: contractions typed without their
 * apostrophe, and the short forms of texting. A form that is an English word of its own stays out,
 * whatever it may stand for in chat: "its", "lets", "id", "ill", "well", "were", "shed", "wed", "cos",
 * "ur" (your or you're), "n" and "y" (also letters that name values).
 */
export const INFORMAL_SPELLINGS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // A contraction without its apostrophe.
    dont: "don't",
    doesnt: "doesn't",
    didnt: "didn't",
    isnt: "isn't",
    arent: "aren't",
    wasnt: "wasn't",
    werent: "weren't",
    hasnt: "hasn't",
    havent: "haven't",
    hadnt: "hadn't",
    cant: "can't",
    couldnt: "couldn't",
    wont: "won't",
    wouldnt: "wouldn't",
    shouldnt: "shouldn't",
    mustnt: "mustn't",
    neednt: "needn't",
    im: "I'm",
    ive: "I've",
    youre: "you're",
    youve: "you've",
    youll: "you'll",
    youd: "you'd",
    theyre: "they're",
    theyve: "they've",
    theyll: "they'll",
    weve: "we've",
    hes: "he's",
    shes: "she's",
    itll: "it'll",
    whats: "what's",
    wheres: "where's",
    whos: "who's",
    hows: "how's",
    whens: "when's",
    thats: "that's",
    theres: "there's",
    heres: "here's",
    // Words run together as they are spoken.
    gonna: 'going to',
    wanna: 'want to',
    gotta: 'got to',
    lemme: 'let me',
    gimme: 'give me',
    dunno: "don't know",
    kinda: 'kind of',
    sorta: 'sort of',
    outta: 'out of',
    // Short forms of texting.
    u: 'you',
    r: 'are',
    ya: 'you',
    pls: 'please',
    plz: 'please',
    thx: 'thanks',
    ty: 'thank you',
    wat: 'what',
    wut: 'what',
    idk: "I don't know",
    abt: 'about',
    b4: 'before',
    bc: 'because',
    cuz: 'because',
    tho: 'though',
    thru: 'through',
    ppl: 'people',
    sth: 'something',
    rn: 'right now',
  }),
);

// --- reader-act ---

/** Words of thanks: a message that thanks looks back on what was done. */
export const GRATITUDE = words('thanks thank cheers ta');
/** The preposition of what one thanks for ("thanks for going through it"). */
export const GRATITUDE_PREPOSITIONS = words('for');

/** Verbs of wanting or needing: "I'd like …", "I need you to …", "I'd appreciate it if …". */
export const DESIRE_VERBS = words('want need like love require appreciate wish prefer miss lack seek');

/**
 * Words that deny what follows them in a clause: "if we don't pass one", "when nobody sets it",
 * "without saying how long" (with the clitic "n't", in NEGATIVE_CLITICS).
 */
export const ABSENCE_WORDS = words('not never nobody none nothing no without neither');

/** The preposition before "no" or "nothing" that leaves a thing out of what is given: "with no ramp". */
export const ACCOMPANYING_PREPOSITIONS = words('with');

/** Words of absence that stand for a thing themselves: "with nothing after it". */
export const INDEFINITE_ABSENCE = words('nothing none');

/** Verbs of giving a value to a thing: what a default holds in place of ("if we don't set one"). */
export const SPECIFYING_VERBS = words(
  'give set pass specify provide supply say tell choose pick configure define state name',
);

/** The word for what holds when nothing is said otherwise: what a denied condition asks for. */
export const DEFAULT_WORDS = words('default');

/**
 * Phrases that say "by default" in other words: "which port does it use out of the box", and of a
 * command run with nothing given, "kilnctl on its own", "a firing number and nothing else".
 */
export const DEFAULT_PHRASES = phrases(
  'out of the box|as shipped|as it ships|on its own|by itself|and nothing else',
);

/** Verbs of deciding among things: "which glaze did we settle on", "the kiln we landed on". */
export const DECIDING_VERBS = words('decide settle land choose pick opt agree select');

/** Nouns of the act of deciding: "the final decision", "our choice in the end", "the final call". */
export const DECIDING_NOUNS = words('decision choice call');

/** Verbs by which someone directs another to do a thing ("I was told to …", "she asked me to …", "he said to …"). */
export const DIRECTIVE_VERBS = words('tell ask advise instruct urge recommend say');

/** Adjectives that say the speaker wants something, after a copula ("I'd be glad of …", "I'm curious about …"). */
export const DESIRE_ADJECTIVES = words('interested curious keen eager glad grateful');

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

/**
 * Pronouns that stand as the subject of a clause, so that the word after them is its verb: "when
 * nobody sets one", "if it fails". A tagger may take a verb's "-s" form there for a plural noun.
 */
export const SUBJECT_PRONOUNS = words(
  'i you he she it we they somebody someone anybody anyone everybody everyone nobody',
);
export const FIRST_PERSON_OBJECTS = words('me us');
/** Pronouns as the object of a verb ("told me", "showed them"). */
export const OBJECT_PRONOUNS = words('me us you him her them');

/** Forms of "be", "do" and "have" that place what they say in the past, with their participles. */
export const PAST_AUXILIARY_FORMS = words('was were been did done had');

/** Adverbs that place an act in the past ("you read it earlier"). */
export const PAST_TIME_ADVERBS = words('earlier already yesterday previously before ago');

/** Forms of "be", "do" and "have" that say a clause is in the past ("did", "were"; not "been"). */
export const PAST_FINITE_AUXILIARIES = words('was were did had');

/** Forms of "have" that, before a participle, make the perfect ("have read", "'ve been"). */
export const PERFECT_AUXILIARIES = words('have has had ve');

/** Words that place an item in a sequence of requests ("next", "then", "now", "finally"). */
export const SEQUENCE_WORDS = words('next then now finally lastly first last also too onto');
/** Phrases of two words that put a thing next in a sequence: "after that", "after this". */
export const SEQUENCE_PHRASES = phrases('after that|after this|after which');

/** Verbs whose subject lacks some knowledge: "I forget which …", "I wonder whether …". */
export const NOT_KNOWING_VERBS = words('forget wonder doubt lose');
/** Words of certainty that, negated ("not sure which …"), say the person lacks the knowledge. */
export const CERTAINTY_WORDS = words('sure certain clear');
/** Words that say the person lacks the knowledge without a negation ("unsure whether …"). */
export const UNCERTAINTY_WORDS = words('unsure uncertain unclear');

/** Verbs of knowing and remembering: a question when negated or asked ("I don't know which …"). */
export const KNOWING_VERBS = words('know remember recall recollect learn understand');

/**
 * Verbs of coming to know, alone or with their particle: "work out", "figure out", "find out",
 * "decide", "pin down". Negated, with the speaker for subject, they say something is not yet known.
 */
export const FINDING_OUT_VERBS = words('work figure find decide determine establish settle discover pin');

/**
 * Verbs of making sure of something: wished for before an embedded question ("I'd like to confirm
 * where …", "I want to check whether …"), they ask it.
 */
export const VERIFYING_VERBS = words('confirm check verify ascertain');

/**
 * Verbs of asking: before an embedded question ("she's asking which glaze …", "the customer asks
 * whether …") they relay it, to be answered.
 */
export const ASKING_VERBS = words('ask inquire enquire');

/**
 * Conjunctions that join a clause of reason to the clause it explains, after a comma: the reason comes
 * after them ("…, because the crew is away"); the result after those of consequence ("…, so we move it").
 */
export const REASON_CONJUNCTIONS = words('because since given');
export const CONSEQUENCE_CONJUNCTIONS = words('so');

/** A preposition that opens a phrase of what an answer is for: "For the firing log, which cone …?". */
export const PURPOSE_PREPOSITIONS = words('for');

/**
 * Prepositions that compare what is asked about with something else, or give examples of it: "a
 * kiln like the one at the college", "is it like a raku firing", "two cones, like 6 and 10".
 */
export const COMPARISON_PREPOSITIONS = words('like unlike');

/**
 * Conjunctions that open a clause of purpose or reason before a question ("So that the report is right,
 * which kiln …?", "Since we glaze on Fridays, which kiln …?"): the clause sets the question's scene.
 */
export const SCENE_CONJUNCTIONS: ReadonlySet<string> = new Set([
  ...CONSEQUENCE_CONJUNCTIONS,
  ...REASON_CONJUNCTIONS,
]);

/** The verb by which a speaker says in passing which thing they meant ("the top shelf, I mean"). */
export const CLARIFYING_VERBS = words('mean');

/** Verbs that ask to be told something ("remind me …", "tell me …", "show us …"). */
export const TELLING_VERBS = words('tell remind show give');

/**
 * Verbs by which an order asks to be told what an embedded question asks: "please specify which
 * kiln …", "confirm if the glaze …", "explain how …".
 */
export const INFORMING_VERBS = words(
  'state specify confirm verify check explain clarify indicate identify tell say describe determine establish',
);

/**
 * Of those, the verbs whose object is the very thing to be told: "please identify the kiln's
 * maker", "confirm the cone number" (not "check the kiln", which is a thing to look at).
 */
export const VALUE_INFORMING_VERBS = words('state specify confirm identify indicate quote');

/**
 * Verbs by which an order asks for things to be found and shown, whatever follows: "find the pots I
 * glazed last week", "list every kiln that fires above cone 6".
 */
export const FINDING_VERBS = words('find list locate');

/** Verbs that ask for something said before to be said again ("repeat the cone number …"). */
export const RESTATING_VERBS = words('repeat restate recap reiterate');

/** Words that open an embedded question: the wh-words and "whether", "if". */
export const EMBEDDED_QUESTION_OPENERS = words('what which who whom whose when where why how whether if');

/**
 * Openers of an embedded question that need no noun after them to ask ("unsure of where …"); "what" and
 * "which" ask only with one ("clear on which gate"), since "happy with what we have" asks nothing.
 */
export const STANDALONE_QUESTION_OPENERS = words('whether where when how who why');

/** Conjunctions that put a clause as a choice still open ("controls whether it is sent"). */
export const CHOICE_OPENERS = words('whether');

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

/**
 * Words and phrases that place what is asked in time, by which of several answers they want: the
 * latest ("now", "in the end"), the earliest ("at first"), or the most recent ("lately"). They choose
 * among answers; an answer need not say them.
 */
export const LATEST_PHRASES = phrases(
  'now|right now|current|currently|latest|final|still|at the moment|at present|these days|nowadays|anymore|in the end|at the end|finally|ultimately|at last|ended up|end up|ends up|ending up|by now|so far|at this point|for now|as things stand|finish on|finished on|end on|ended on',
);
export const EARLIEST_PHRASES = phrases(
  'first|the first time|first time|earliest|originally|initially|original|at the start|at first|in the beginning|at the beginning|before|to begin with|at the outset|started|began|begun|start with|starts with|begin with|begins with',
);
export const RECENT_PHRASES = phrases(
  'last|the last time|last time|most recent|most recently|recently|lately',
);

/**
 * The words of those phrases that can only be adverbs ("finally", "lately"): unlike "first" or
 * "latest", none can be the thing a question asks about.
 */
export const TIME_ADVERBS = words(
  'currently nowadays anymore finally ultimately originally initially recently lately',
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
// --- reader-types ---
// --- runs, digests and order ---

/** Words and phrases by which a program's output reports an error or a failure ("fatal", "not found"). */
export const ERROR_REPORT_PHRASES = phrases(
  'error|errors|fail|failed|failing|failure|fatal|panic|exception|denied|refused|not found|timed out|cannot|could not',
);

/** Words by which a program's output warns. */
export const WARNING_WORDS = words('warn warning warnings deprecated');

/** Words that, after a figure, count the results of a run ("12 passed", "3 tests", "2 warnings"). */
export const RESULT_COUNT_WORDS = words(
  'passed failed skipped test tests error errors warning warnings file files',
);

/** Words and phrases by which a program's output says how a run ended, or sums it up. */
export const RESULT_PHRASES = phrases('passed|succeeded|done|finished|total|summary|exit status|exit code');

/** Phrases of several words that, as EVENT_WORDS do, place a question among events ("this time"). */
export const EVENT_PHRASES = phrases('this time|any more');

/** Phrases of several words that, as EARLIEST_WORDS do, ask for the earliest of several events. */
export const EARLIEST_EVENT_PHRASES = phrases('at the start');

/** Nouns for what was run in a shell. */
export const COMMAND_NOUNS = words('command commands');

/** The nouns of a command's exit status ("return" alone asks what a command gave back). */
export const EXIT_STATUS_NOUNS = words('exit status code');

/** The heads of a phrase that names an exit status, after "exit": "exit status", "exit code". */
export const EXIT_STATUS_HEADS = words('status code');

/** Forms of "be" that no subject agrees with, which never open a question ("be", "been", "being"). */
export const NON_FINITE_BE_FORMS = words('be been being');

/** Question words that may determine a noun: "which port", "what colour". */
export const WH_DETERMINERS = words('what which');

/** Prepositions that may stand before a question word: "at which port", "for what reason". */
export const QUESTION_PREPOSITIONS = words('at in on for by from to with of');

/** Conjunctions that open a clause placing what is asked in time ("until the pump stops"). */
export const TIME_CONJUNCTIONS = words('before after since until while');

/** Phrases that ask which of two times: a clause after them is what is asked, not a place in time. */
export const TIME_ALTERNATIVES = phrases('before or after|after or before');

/** Pronouns of the model, and of the model and the person together: "which page did you open". */
export const CONVERSATION_PRONOUNS = words('you your we our us');

/** Words for either end of an order: "the first page", "the latest report". */
export const ORDER_END_WORDS = words('first last earliest latest');

/** Nouns for a file one reads, as an account of the order of reads names it ("the first file"). */
export const FILE_NOUNS = words('file document doc');

/** Forms of "be", "do" and "have" a plural subject may follow in a question ("do cats", "were they"). */
export const PLURAL_SUBJECT_AUXILIARIES = words('do did are were have');

/** Verbs that open a request to be shown, told or given something ("list …"); not those of a change. */
export const REQUEST_VERBS = words(
  'read open show display print look summarise summarize run execute tell explain describe list give ' +
    'paste check review remind find answer',
);

/** Contractions of a pronoun with "am", which the language model reads as one word: "I'm". */
export const PRONOUN_AM_CONTRACTIONS = phrases("i'm");

/**
 * The preposition that joins a part to its whole: an amount to what it counts ("a couple of hours"),
 * a choice to what it is one of ("which of the files", "of all the notes, which one").
 */
export const PARTITIVE_PREPOSITIONS = words('of');

/** The clitic that negates the verb it is written onto ("isn't", "won't"), in both apostrophes. */
export const NEGATIVE_CLITICS = words("n't n’t");

/**
 * General nouns that name the kind of value a question asks for, by kind, as their lemma. The head
 * noun of "which port", "how many shops" or "the version that ..." is looked up here.
 */
export const KIND_NOUNS = {
  number: words(
    'number count amount total quantity sum figure port size limit maximum minimum percentage percent ' +
      'price cost score rank ratio rate capacity share proportion fraction portion',
  ),
  duration: words('duration period interval timeout delay span lifetime length'),
  clock: words('hour'),
  // "Time" names a moment or a span alike: "what time is the call", "the default retry time".
  timing: words('time'),
  day: words('day date weekday deadline'),
  time: words('year month moment'),
  version: words('version release'),
  path: words('file path directory folder filename location'),
  option: words('option flag switch setting parameter argument directive key property variable'),
  command: words('command commands'),
  person: words('person people author maintainer owner creator contributor'),
  identifier: words('name identifier id username alias label tag'),
  address: words('address url ip'),
} as const;

/**
 * The nouns for an option of a command, as a person names one ("the flag that …", "a switch to …"):
 * a manual page writes the option itself ("--slow") as the term its description lies under.
 */
export const COMMAND_OPTION_NOUNS = words('option flag switch');

/**
 * Nouns of a number that labels one thing rather than counts or measures it ("port 8080", "rank 3"):
 * a number that counts something else ("6 hosts") is no such label.
 */
export const LABEL_NUMBER_NOUNS = words('port rank');

/**
 * Nouns of an identifier that may be a number as well as a name ("kiln tag 4471", "ticket ID
 * 4471"): asked for one, a sentence with a number that labels a thing holds it.
 */
export const NUMBERED_IDENTIFIER_NOUNS = words('id identifier tag label');

/**
 * Words that British and American English spell differently beyond the regular endings (-ise and
 * -ize, -our and -or, -ogue and -og, which text.ts reads as one), as British:American pairs.
 */
export const SPELLING_VARIANTS: ReadonlyMap<string, string> = new Map(
  `licence:license licences:licenses licenced:licensed licencing:licensing defence:defense
  offence:offense pretence:pretense grey:gray programme:program programmes:programs tyre:tire
  tyres:tires aluminium:aluminum mould:mold centre:center centres:centers metre:meter metres:meters
  litre:liter litres:liters theatre:theater fibre:fiber calibre:caliber travelled:traveled
  travelling:traveling cancelled:canceled cancelling:canceling labelled:labeled labelling:labeling
  modelled:modeled modelling:modeling judgement:judgment ageing:aging artefact:artifact
  sceptical:skeptical fulfil:fulfill enrol:enroll cheque:check manoeuvre:maneuver`
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split(':') as [string, string]),
);

/**
 * Word endings British English spells apart from American, with the American ending: -ise and -yse
 * with what follows them, -our, -ogue. text.ts reads a word with one as the other spelling.
 */
export const BRITISH_ENDINGS: ReadonlyMap<string, string> = new Map([
  ...['e', 'ed', 'es', 'ing', 'ation', 'ations', 'er', 'ers'].flatMap((after) => [
    [`is${after}`, `iz${after}`] as const,
    [`ys${after}`, `yz${after}`] as const,
  ]),
  ...['', 's', 'ed', 'ing', 'ite', 'ites', 'able', 'ful'].map(
    (after) => [`our${after}`, `or${after}`] as const,
  ),
  ['ogue', 'og'],
  ['ogues', 'ogs'],
]);

/** The shortest word part, up to and with "our", read as -our against -or ("colour"; not "four"). */
export const SHORTEST_OUR_WORD = 6;

/** Adverbs that only strengthen the phrase they stand in: "at the very start", "right at the end". */
export const INTENSIFIERS = words('very right just really');

/**
 * Adverbs that say how exact or how whole an answer is wanted ("how many kilns altogether", "roughly
 * how long"), not what it is about: a statement gives the value without them.
 */
export const PRECISION_ADVERBS = words(
  'altogether overall exactly precisely roughly approximately nearly almost',
);

/** Adverbs that only stress what is asked ("what wc actually counts", "does it really need root"). */
export const EMPHASIS_ADVERBS = words('actually really truly indeed');

/**
 * Words that judge whether a thing will do ("the oldest release that's good enough", "a suitable
 * size"): they say what the asker wants of the answer, which a text states without judging it.
 */
export const ADEQUACY_WORDS = words('good enough fine acceptable adequate sufficient suitable');

/** Words that stand in for a noun said elsewhere: "which one of the files", "the red ones". */
export const PRO_FORMS = words('one ones');

/** Quantifiers that may stand before a whole's determiner: "of all the files", "of both the notes". */
export const PREDETERMINERS = words('all both');

/** Names of modifier keys, as documents write them in a key chord ("Control-C", "Ctrl+Alt+T"). */
export const MODIFIER_KEYS = words('control ctrl alt meta shift cmd opt');

/** Keys with names of their own, as a chord's last key may be ("Ctrl+Tab", "Shift-Enter"). */
export const NAMED_KEYS = words(
  'tab enter return space spacebar esc escape backspace delete del insert ins home end up down left right pageup pagedown pgup pgdn',
);

/**
 * Nouns that name why or what for, not a thing ("which CVE was the reason …", "the purpose of …"):
 * a text gives a reason with "because" or "to", seldom with the noun.
 */
export const EXPLANATION_NOUNS = words('reason cause purpose');

/** Words and phrases by which a sentence gives a reason, a cause or a purpose ("because", "in order to"). */
export const REASON_MARKERS: readonly string[] = [
  'because',
  'since',
  'therefore',
  'hence',
  'thus',
  'consequently',
  'due to',
  'owing to',
  'caused by',
  'so that',
  'which is why',
  // Purpose: "… comes first in order to avoid a call".
  'in order to',
  'in order that',
  'so as to',
];

/**
 * Nouns of a place within a sequence or a thing ("the end of the queue", "the top of the page"): what a
 * "where in …" question asks for.
 */
export const POSITION_NOUNS = words('start beginning end front back top bottom middle head tail');

/** Prepositions that, after "where", ask for a place within something: "where in the rack …". */
export const WITHIN_PREPOSITIONS = words('in within inside');

/**
 * Prepositions of several words ("relative to", "according to"): function words as a whole, whose
 * first word says nothing a sentence must say.
 */
export const COMPLEX_PREPOSITIONS = phrases(
  'relative to|according to|due to|prior to|compared to|compared with|with respect to|with regard to|in relation to|as opposed to|in terms of|regardless of|instead of|because of|thanks to|in spite of|ahead of|apart from|aside from|along with|together with|next to|in front of|on top of|in place of|on behalf of|in addition to|by means of|in favour of|in favor of',
);

/**
 * Conjunctions of several words that open a clause ("by the time the kiln cools", "as soon as it
 * fires"): function words as a whole, whose nouns and adverbs name nothing a sentence must say.
 */
export const COMPLEX_CONJUNCTIONS = phrases(
  'by the time|every time|each time|any time|the moment|as soon as|as long as|so long as|in case|in the event that',
);

/**
 * Prefixes that a hyphen may write apart from their word ("pre-5.1", "non-free", "re-run"): not words
 * of their own, so no thing a question names.
 */
export const BOUND_PREFIXES = words('pre post non re un anti co sub multi semi');

/**
 * Prefixes written onto a verb that keep its irregular forms: "rebuilt" is "rebuild" as "built" is
 * "build", "overwritten" "overwrite", "withheld" "withhold".
 */
export const VERB_PREFIXES = words('re un over out under with mis fore up');

/** Of those, the prefixes that deny what their word says: a "non-default" value is no default. */
export const NEGATING_PREFIXES = words('non un');

/**
 * General nouns, which stand for a thing of almost any sort ("which glaze problem", "what kind of
 * cache"): a text names the thing itself ("crazing"), seldom with the noun.
 */
export const GENERAL_NOUNS = words('thing stuff matter kind sort type problem issue');

/** Nouns that name a value of no one kind ("what value does …", "the result of …"). */
export const VALUE_NOUNS = words('value result outcome answer');

/** The nouns of a moment or a span of time ("time", "date", "timeout"). */
export const TEMPORAL_HEAD_NOUNS: ReadonlySet<string> = new Set([
  ...KIND_NOUNS.duration,
  ...KIND_NOUNS.clock,
  ...KIND_NOUNS.timing,
  ...KIND_NOUNS.day,
  ...KIND_NOUNS.time,
]);

/** The nouns that name a kind of value, or a value of any kind: the heads of what a question asks for. */
export const VALUE_HEAD_NOUNS: ReadonlySet<string> = new Set([
  ...Object.values(KIND_NOUNS).flatMap((nouns) => [...nouns]),
  ...VALUE_NOUNS,
]);

/** The noun that, after one of ENVIRONMENT_WORDS, names a variable of the environment. */
export const VARIABLE_NOUNS = words('variable');

/** Words that, before "variable", make it one of the environment: "environment variable". */
export const ENVIRONMENT_WORDS = words('environment env shell');

/** The words after "how" that ask for a count of things ("how many", "how few"). */
export const COUNT_QUANTIFIERS = words('many few');

/** The words after "how" that ask for an amount of a mass ("how much time", "how little memory"). */
export const MASS_QUANTIFIERS = words('much little');

/** Adjectives that "how" turns into a question for a measure: "how far", "how old", "how big". */
export const MEASURE_ADJECTIVES: ReadonlySet<string> = new Set([
  ...COUNT_QUANTIFIERS,
  ...MASS_QUANTIFIERS,
  ...words('far big large old tall high wide deep heavy fast small low short narrow shallow light slow'),
]);

/** Words that make "how" ask for a reason ("how come the lid sticks?" asks why it does). */
export const REASON_AFTER_HOW = words('come');

/**
 * Verbs of occurring: with "what" as their subject ("what happens if …", "what would occur") they ask
 * for what follows from a situation, which a text says with a verb of its own ("is ignored").
 */
export const OCCURRING_VERBS = words('happen occur ensue');

/** Words after "go" that make it a verb of occurring that goes badly: "what goes wrong". */
export const MISHAP_COMPLEMENTS = words('wrong awry amiss');

/** The preposition after a verb of occurring that names the thing it befalls: "what happens to X". */
export const AFFECTED_PREPOSITIONS = words('to');

/** The verb that a word of mishap turns into one of occurring ("goes wrong"). */
export const MISHAP_VERBS = words('go');

/**
 * Words and phrases by which a sentence says what follows from something ("otherwise", "as a
 * result", "leads to").
 */
export const CONSEQUENCE_MARKERS: readonly string[] = phrases(
  'otherwise|as a result|consequently|therefore|hence|thus|in which case|which means|results in|' +
    'result in|resulting in|leads to|lead to|causes|cause',
);

/** Questions of several words that ask for a reason, which leave the key whole. */
export const REASON_QUESTION_PHRASES = phrases('how come');

/** Adjectives and adverbs that "how" turns into a question for a span of time. */
export const SPAN_ADVERBS = words('long often frequently soon');

/** Verbs that take a question as their object: "I forget which ...", "do you know when ...". */
export const QUESTION_TAKING_VERBS = words(
  'know remember recall forget forgot forgotten remind tell say wonder ask show check confirm find ' +
    'figure guess see understand',
);

/**
 * Verbs by which a speaker says what they lack or asks to be given: "I still need the port that ...",
 * "could you give me the address".
 */
export const NEED_VERBS = words('need want require lack miss seek give send share provide supply');

/**
 * The need verbs of handing something over, which ask only of the listener ("give me the address"):
 * in the past they tell what the speaker did ("the count I gave you").
 */
export const HANDING_VERBS = words('give send share provide supply');

/** Participles that give a thing its name: "what is the kiln called?". */
export const NAMING_PARTICIPLES = words('called named titled dubbed');

/** The forms of "be". */
export const BE_FORMS = words('am is are was were be been being');

/** The forms of "do", which carry a question's tense before its subject ("does it crack"). */
export const DO_FORMS = words('do does did');

/** Question words that also open a clause of time or place: "When the pump stops, does ...?". */
export const CLAUSE_WH_WORDS = words('when where');

/** The pronoun of the one asked: "could you tell me ...". */
export const LISTENER_PRONOUNS = words('you');

/** Words that embed a yes/no question: "I'm not sure whether ...". */
export const YES_NO_COMPLEMENTISERS = words('whether');

/** Units of time and of length, singular, plural and abbreviated, after a number ("40 minutes"). */
export const SPAN_UNITS = words(
  'second seconds sec secs minute minutes min mins hour hours hr hrs day days night nights week weeks ' +
    'fortnight fortnights month months year years decade decades metre metres meter meters ' +
    'kilometre kilometres kilometer kilometers km mile miles foot feet ft yard yards inch inches cm mm',
);

/**
 * How long each unit of time is, so that two lengths written in different units compare ("48 hours" is
 * "two days"): in seconds for the units of the clock, in months for those of the calendar, whose days
 * vary.
 */
export const TIME_UNIT_LENGTHS: ReadonlyMap<string, { scale: 'clock' | 'calendar'; length: number }> =
  new Map(
    [
      ...words(`second:1 seconds:1 sec:1 secs:1 minute:60 minutes:60 min:60 mins:60 hour:3600 hours:3600
      hr:3600 hrs:3600 day:86400 days:86400 week:604800 weeks:604800 fortnight:1209600 fortnights:1209600
      month:m1 months:m1 year:m12 years:m12 decade:m120 decades:m120`),
    ].map((pair) => {
      const [unit = '', length = ''] = pair.split(':');
      const calendar = length.startsWith('m');
      return [unit, { scale: calendar ? 'calendar' : 'clock', length: Number(length.replace('m', '')) }];
    }),
  );

/** Units of time alone, after a figure: a "when" may be answered with "in 3 days". */
export const TIME_UNITS = words(
  'second seconds minute minutes hour hours day days week weeks month months year years',
);

/** Units of the size of data, written out and short. */
export const DATA_UNITS = words(
  'byte bytes kb kilobyte kilobytes mb megabyte megabytes gb gigabyte gigabytes tb terabyte terabytes ' +
    'pb petabyte petabytes kib mib gib tib',
);

/** The preposition that names the unit an answer is wanted in: "the weight, in kilobytes?". */
export const UNIT_PREPOSITIONS = words('in');

/** Units of one or two letters, written straight after a figure only: "48h", "90 s", "250ms". */
export const SHORT_SPAN_UNITS = words('ms s m h d');

/** Adverbs that state a span with no end, as "how long" may be answered: "keys are kept forever". */
export const UNBOUNDED_SPAN_ADVERBS = words('forever indefinitely permanently');

/** Adverbs that state how often something happens: "daily", "every week" said in one word. */
export const FREQUENCY_ADVERBS = words(
  'hourly daily nightly weekly fortnightly monthly quarterly yearly annually',
);

/** Words that count occurrences in a frequency: "once a week", "twice per day". */
export const OCCURRENCE_WORDS = words('once twice thrice times');

/** Amounts said in words that may stand before a unit: "an hour", "a few days", "half a year". */
export const AMOUNT_WORDS = words('a an several few couple half');

/**
 * Words that, after a span, make it a difference or a span back in time ("ten minutes longer",
 * "two days ago"), which does not say how long the thing itself is.
 */
export const SPAN_COMPARATIVES = words(
  'longer shorter more less fewer earlier later early late faster slower sooner ago',
);

/** Words that name a time of day without figures. */
export const CLOCK_WORDS = words('noon midnight');

/** Words that mark morning or afternoon after an hour ("7 pm"). */
export const MERIDIEMS = words('am pm a.m. p.m.');

/**
 * Parts of the day and other periods a "when" may be answered with ("in the morning", "next week"),
 * and the nouns of a point in time that a clause names ("as of the date the notice is served").
 */
export const PERIODS = words(
  'morning mornings afternoon afternoons evening evenings night nights week weeks weekend weekends ' +
    'month months year years quarter quarters date dates moment',
);

/** Determiners that speak of some one thing of a kind without saying which: "book a room". */
export const INDEFINITE_DETERMINERS = words('a an another some any');

/**
 * Verbs that, with "as", say what a thing is taken to be ("what counts as a word", "what qualifies as
 * a block"): asked with them, a question asks for what defines the thing, as "what is a word" does.
 */
export const COUNTING_AS_VERBS = words('count qualify pass');

/** Words that open the subject of a sentence that says what a thing is: "A word is …", "Each line is …". */
export const DEFINED_DETERMINERS = words('a an the each every any one');

/** Words that introduce a person's name: "by Ana", "I'm Ana", "named Ana". */
export const NAME_INTRODUCERS = words("by named called i'm i’m am is to");

/** Words that negate a statement; "n't" on a verb does too. */
export const NEGATIONS = words('not never cannot');

/** A determiner that says none of what follows is so: "there is no pruning", "it takes no options". */
export const NEGATING_DETERMINERS = words('no');

/**
 * Adverbs that join what they say to what was said before ("instead", "however"): they tell how two
 * statements stand to each other, not what either is about.
 */
export const CONJUNCTIVE_ADVERBS = words(
  'instead however otherwise moreover furthermore nevertheless nonetheless meanwhile besides likewise accordingly',
);

/**
 * Adverbs that say a statement takes the place of one said before, without naming what it replaces:
 * "I'll bring it in a jar instead".
 */
export const REPLACING_ADVERBS = words('instead');

/**
 * Closed-class words and politeness, none of which says what a question is about: articles,
 * pronouns (personal, indefinite and reflexive), prepositions, conjunctions, auxiliaries and modals,
 * question words, and the verbs of asking and knowing.
 */
export const CLOSED_CLASS_WORDS: ReadonlySet<string> = new Set([
  ...CONJUNCTIONS,
  ...MODALS,
  ...words(`a an the and or but nor so yet if then than that this these those there here of to in on at
by for from with without into onto over under about above below between through during after again
as is are was were be been being am do does did doing done have has had having i me my mine myself we us
our ours you your yours he him his she her hers it its they them their theirs one ones some any all
each every both either neither no not only own same such too very
just also even ever please kindly tell say said told know knew think remind let like want
ok okay yes yeah well oh hi hello thanks thank something anything nothing thing things way much many
more most less other else what which who whom whose when where why how remember recall forget got
somebody someone anybody anyone everybody everyone nobody everything itself themselves yourself
yourselves himself herself ourselves`),
  ...words(`inside outside within across along among amongst around behind beyond beside beneath
underneath throughout toward towards upon via against despite amid`),
  ...CONJUNCTIVE_ADVERBS,
]);

/** Irregular verb forms and the verb each belongs to ("found" is "find", "goes" is "go"). */
export const IRREGULAR_VERB_FORMS: ReadonlyMap<string, string> = new Map(
  `using:use going:go goes:go does:do has:have found:find ran:run wrote:write written:write said:say made:make took:take taken:take gave:give given:give
  went:go gone:go knew:know known:know got:get kept:keep left:leave told:tell saw:see seen:see began:begin
  begun:begin chose:choose chosen:choose broke:break broken:break built:build sent:send spent:spend
  held:hold brought:bring thought:think bought:buy paid:pay meant:mean met:meet sold:sell stood:stand
  understood:understand lost:lose led:lead fell:fall fallen:fall grew:grow grown:grow drew:draw drawn:draw
  threw:throw thrown:throw shook:shake taught:teach caught:catch fought:fight`
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split(':') as [string, string]),
);

/**
 * Words that place something in time or ask how often or how long ("first", "now", "often", "soon"):
 * they choose among answers, or ask for a value, rather than name a subject.
 */
export const ORDER_IN_TIME_WORDS = words(
  `first last now current currently latest still earliest originally initially original initial moment
  nowadays previously before earlier later recently recent often long soon`,
);

/**
 * Words that describe a value by its standing, whatever the value is: "rather than our current
 * supplier", "instead of the old kiln". A change away from such a value changes the value in place.
 */
export const STANDING_VALUE_WORDS = words('current existing present old previous original former usual');

/** Verbs so common and so light that sharing one says little about what a sentence is about. */
export const LIGHT_VERBS =
  words(`be have do use make get set go goes went gone take took give gave say tell know
think see saw seen look want need come came put keep kept let call mean try work happen change become`);

/**
 * Words that answer the same question, though no synonyms: what the work is, how something went, and
 * who made a thing first (whoever wrote, created, began or founded it).
 */
export const ANSWER_GROUPS: readonly string[] = [
  'task work working goal objective job',
  'pass passed passing fail failed failing failure succeed succeeded outcome result status',
  'write wrote written create created author authored begin began begun start started found founded invent invented originate originated',
];

/** Clitics written onto a word after an apostrophe, and the words they stand for ("'s" stands for none). */
export const CLITICS: ReadonlyMap<string, string> = new Map(
  Object.entries({ ve: 'have', ll: 'will', re: 'are', m: 'am', d: 'would', s: '' }),
);

/** Verbs whose form before "n't" is not the verb itself ("won't" is "will not"). */
export const NEGATIVE_CONTRACTIONS: ReadonlyMap<string, string> = new Map(
  Object.entries({ wo: 'will', ca: 'can', sha: 'shall' }),
);
// --- statements, edits and summaries ---

/** The interjection that softens a request wherever it stands: "please note …", "could you please …". */
export const POLITE_INTERJECTIONS = words('please');

/** Modals that, before "you", ask the listener to act: "can you …", "would you …". */
export const REQUEST_MODALS = words('can could would will');

/** A modal and "you" asking the listener to act ("could you …"): of any modal, and of those of requests. */
export const LISTENER_MODAL_PHRASES = [...MODALS].flatMap((modal) =>
  [...LISTENER_PRONOUNS].map((you) => `${modal} ${you}`),
);
export const REQUEST_ASKING_PHRASES = [...REQUEST_MODALS].flatMap((modal) =>
  [...LISTENER_PRONOUNS].map((you) => `${modal} ${you}`),
);

/** Openings by which the speaker says they want the listener (or both) to act: "I need you to …". */
export const DIRECTIVE_OPENINGS = phrases(
  "i'd like you to|i would like you to|i need you to|i want you to|let's|let us",
);

/** Phrases that ask to be told something back ("let me know …"): a request, not a statement. */
export const REPORT_BACK_PHRASES = phrases('let me know');

/** Verbs and phrases that call attention to what follows: "note …", "keep in mind …". */
export const ATTENTION_PHRASES = phrases('note|remember|keep in mind|be aware');

/** The complementiser that opens a stated clause: "note that …". */
export const DECLARATIVE_COMPLEMENTISERS = words('that');

/** Discourse markers that may open a sentence and state nothing themselves: "by the way", "actually". */
export const DISCOURSE_MARKERS = phrases(
  'fyi|for the record|just so you know|by the way|btw|also|actually|and|so|oh',
);

/** Words that soften what follows them and say nothing of it: "I need like the last three readings". */
export const HEDGES = words('like basically maybe just only');

/**
 * Labels of notes written as a list: one that marks a question ("Q: the kiln's peak"), and ones that
 * only mark a note, saying nothing of what it asks or states ("TODO", "note").
 */
export const QUESTION_LABELS = words('q question query');
export const NOTE_LABELS = words('todo note notes fyi');

/** Marks that part a note's label from what it says: a colon, or a dash between spaces. */
export const LABEL_MARKS: readonly string[] = [': ', ' - ', ' – ', ' — '];

/**
 * The adverb that, after "be" and with nothing after it, says a thing exists ("the file isn't there
 * yet", "is my copy still there"), and the verb a text says it with ("does not exist").
 */
export const EXISTENCE_ADVERBS = words('there');
export const EXISTENCE_VERB = 'exist';

/** Sounds and words that open a turn while the speaker thinks, and state nothing: "hmm", "ok", "well". */
export const HESITATIONS = words('hmm hm um umm uh er erm ah oh ok okay well wait');

/** The words and phrases that open a turn and say nothing: the discourse markers and the hesitations. */
export const TURN_OPENERS: readonly string[] = [...DISCOURSE_MARKERS, ...HESITATIONS];

/** Words by which a sentence states a preference: "prefers", "would like". */
export const PREFERENCE_PHRASES = phrases('prefer|prefers|preferred|likes|would like|want|wants|wanted');

/** Words by which a sentence states a decision or a plan: "decided", "we'll", "plan to". */
export const DECISION_PHRASES = phrases(
  "decided|decide|we will|we'll|let us|let's|plan to|plans to|planned to",
);

/** Verbs and verb phrases that join a name to its value in a statement: "is now", "has moved to", "holds". */
export const LINKING_PHRASES = phrases(
  'is now|are now|is still|is set to|has moved to|has changed to|moved to|changed to|runs in|runs on|runs at|' +
    'lives in|lives at|sits in|stands for|is|are|was|were|runs|holds|has|uses|prefers|likes|wants|becomes|' +
    'became|means|costs|takes',
);

/** Subjects by which the speaker speaks for a group of their own: "the team", "our team". */
export const COLLECTIVE_SUBJECTS = phrases('the team|our team');

/** Auxiliaries that may stand between a planner and the plan: "we have decided", "we are going to". */
export const PLAN_AUXILIARIES = phrases("have|'ve|are|am");

/** Verb phrases that state a plan after its planner: "decided to", "are going to", "will". */
export const PLAN_PHRASES = phrases(
  'decided to|decide to|plan to|planned to|planning to|agreed to|will|are going to|going to',
);

/** Contracted or joint openings of a plan: "we'll …", "let's …". */
export const PLAN_OPENINGS = phrases("we'll|i'll|let us|let's");

/** Verb phrases that state a preference after the one who has it: "would like", "prefer". */
export const PREFERRING_PHRASES = phrases("would like|'d like|prefer|like|want");

/** Prepositions and determiners that put a deed to its time: "on Friday", "by June", "next week". */
export const TIME_LINKS = words('on by before in for next this at');

/** The articles. */
export const ARTICLES = words('the a an');

/** The possessive determiners of the speaker and the listener: "our", "my", "your". */
export const SPEAKER_LISTENER_POSSESSIVES = words('our my your');

/** The possessive determiners of someone or something spoken about: "its", "their". */
export const THIRD_PERSON_POSSESSIVES: ReadonlySet<string> = new Set(
  [...POSSESSIVE_DETERMINERS].filter((word) => !SPEAKER_LISTENER_POSSESSIVES.has(word)),
);

/** The possessive determiner of a thing: "its". */
export const THING_POSSESSIVES = words('its');

/**
 * Words that, opening a subject, show it names no thing of its own: pronouns, demonstratives, "there"
 * and "here", question words, and the indefinites ("everything", "one").
 */
export const NON_NAME_WORDS = words(
  'it this that these those there here he she they i we you what who which how where when why ' +
    'everything something nothing all one',
);

/** The preposition that, opening a request, sets the file it is about first: "In a.txt, change …". */
export const OPENING_PLACE_PREPOSITIONS = words('in');

/** Prepositions that place a change in a file: "in a.txt", "of the config", "within b.ts". */
export const FILE_PREPOSITIONS = words('in of inside within at');

/** The prepositions of a change's old value and of its new one: "from 3 to 4", "into 5". */
export const SOURCE_PREPOSITIONS = words('from');
export const GOAL_PREPOSITIONS = words('to into');

/**
 * The prepositions a statement of a change may leave its old value by and reach its new one by:
 * "from A to B", "off A onto B".
 */
export const LEAVING_PREPOSITIONS = words('from off');
export const ARRIVING_PREPOSITIONS = words('to into onto');

/** The word that sets a value against the one just given, after a comma: "arm64, not amd64". */
export const CONTRASTING_WORDS = words('not');

/** Phrases before the value a change leaves behind: "B instead of A", "B rather than A". */
export const REPLACED_VALUE_MARKERS = phrases('instead of|rather than|in place of');

/** Verbs by which a statement says that a thing went from one value to another: "moved from A to B". */
export const SHIFT_VERBS = words('change switch move migrate upgrade downgrade replace swap convert shift');

/**
 * Verbs by which a speaker gives a thing up ("we're retiring the gas kiln, …"): a clause of one,
 * before another that says what takes over, names the value left behind.
 */
export const GIVING_UP_VERBS = words('retire drop abandon ditch scrap discontinue decommission deprecate');

/**
 * Phrases by which a speaker takes back what they said before ("scratch that", "never mind"), and
 * the prepositions that name what is taken back after them ("scratch that about the rota").
 */
export const RETRACTION_PHRASES = phrases(
  'scratch that|strike that|forget that|disregard that|ignore that|cancel that|never mind|belay that',
);
export const RETRACTED_TOPIC_PREPOSITIONS = words('re about on regarding concerning');

/** The prepositions that give the new thing after a verb of replacing: "replace A with B". */
export const REPLACEMENT_PREPOSITIONS = words('with by for');

/** Verbs of putting one thing in another's place, whose object is the old text: "swap A for B". */
export const REPLACING_VERBS = words('replace substitute swap');

/** Verbs that give a thing a new name, every place it stands: "rename A to B". */
export const RENAMING_VERBS = words('rename');

/** Verbs whose object is what holds a value, not the value: "set the limit to 9". */
export const SETTING_VERBS = words('set');

/** Nouns that name what holds a value in a file, which a request may add after its name. */
export const SETTING_NOUNS = words('value setting constant line');

/** Nouns by which a request labels the work it asks for: "task: …", "the goal is …". */
export const TASK_NOUNS = words('task goal objective');

/** The copula by which a label states what it names: "the goal is …". */
export const LABEL_COPULAS = words('is');

/** Parts of a tool's name that say it reads a file ("read_file", "view", "cat"), and that it changes one. */
export const READING_TOOL_PARTS = words('read view open cat show list');
export const WRITING_TOOL_PARTS = words(
  'write edit create change patch apply update replace append delete remove rename move',
);

// --- last lists ---

/** Verbs, in the forms a text writes them, by which it says a file was looked at ("opened", "viewed"). */
export const FILE_READING_VERBS = words(
  'read reads opened open looked look viewed view summarised summarized',
);

/**
 * Verbs of going through a text closely ("which glaze log was reviewed last"), whose noun forms are
 * as common ("for the review"): they say a file was read only where the tagger reads them as verbs.
 */
export const EXAMINING_VERBS = words('review examine inspect study');

/** Nouns, singular and plural, for texts one reads: files, documents, pages, manuals and their kin. */
export const READING_NOUNS = words(
  'file files document documents doc docs readme readmes page pages note notes manual manuals guide ' +
    'guides chapter chapters article articles report reports',
);

/** Words of a question that any figure may answer ("how many", "which port", "what limit"). */
export const FIGURE_ASKING_WORDS = words(
  'number numbers count many much port version id year amount price cost total size limit percent',
);

/** Words of a question that a proper name may answer ("what is it called"). */
export const NAME_ASKING_WORDS = words('name names named called');

/** Words of a question that a clock time, a date or a word for a day may answer. */
export const TIME_ASKING_WORDS = words('time date day days hour deadline');

/**
 * Words before a word for a time that pick out an occasion ("next time they log in", "the same day",
 * "every time it fires"): the phrase says when something happens, not which time is asked for.
 */
export const OCCASION_DETERMINERS = words('next last first same one every each this that any another');

/**
 * The particles that make a phrasal verb with the verb before them ("leave out", "blow up", "mix
 * up"), not prepositions that take an object of their own ("work on", "look at"), whose verb keeps
 * its own meaning.
 */
export const VERB_PARTICLES = words('up out off down away back over');

/** The particle that marks an infinitive ("like to know", "need the build to pass"). */
export const INFINITIVE_MARKERS = words('to');

/**
 * Words after which an infinitive completes what is said rather than giving a purpose: "need to keep",
 * "how to stop", "able to run", "going to fail". After any other, "to" and a verb give the purpose
 * of what comes before ("tests the glaze to catch crazing").
 */
export const INFINITIVE_TAKING_WORDS: ReadonlySet<string> = new Set([
  ...DESIRE_VERBS,
  ...NEED_VERBS,
  ...KNOWING_VERBS,
  ...words(
    'have has had try tries tried able going get gets got use used ought how where what which whether',
  ),
]);

/** The auxiliary that, as a light verb, also opens an order ("have a look"), not only a question. */
export const ORDER_OPENING_AUXILIARIES = words('have');

/** The pronoun of a thing not named ("turn it off"); a path in a sentence is read as one. */
export const NEUTER_PRONOUN = 'it';

/** The demonstrative that also joins clauses, as a relative or a complementiser ("the port that …"). */
export const CLAUSE_JOINING_DEMONSTRATIVES = words('that');

/** Phrases of several words that say something holds no more ("no longer"). */
export const CESSATION_PHRASES = phrases('no longer');

/** Phrases that, in a clause that says no, say something holds no more ("not … any more"). */
export const NEGATED_CESSATION_PHRASES = phrases('any more|anymore|any longer');

/** The noun that, before a figure, names a release ("version 3"). */
export const VERSION_WORDS = words('version');

/** The conjunction that joins one amount or word of a span to another ("a week and a bit"). */
export const ADDITIVE_CONJUNCTIONS = words('and');

/** Phrases that add a fraction to an amount before its unit ("one and a half hours"). */
export const FRACTION_ADDITIONS = phrases('and a half');

/** The determiner that makes a period recur ("every week", "every 3 days"). */
export const RECURRENCE_DETERMINERS = words('every');

/** The word that, after "every", takes one period in two ("every other week"). */
export const ALTERNATION_WORDS = words('other');

/** Words that, between a count of times and a period, make a rate ("twice a week", "once per day"). */
export const RATE_WORDS = words('a an per each');

/** The word after an hour that makes it a time of day ("six o'clock"), in either apostrophe. */
export const HOUR_WORDS = words("o'clock o’clock");
