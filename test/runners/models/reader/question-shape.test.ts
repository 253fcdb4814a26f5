import { describe, expect, it } from 'vitest';
import {
  answerType,
  askedNouns,
  holdsType,
  questionShape,
  typeSpans,
} from '../../../../runners/models/reader/answer-types.js';
import { measureAsked } from '../../../../runners/models/reader/question-shape.js';

describe('the table from a question’s shape to the kind it asks for', () => {
  it('reads the question word alone where it says the kind', () => {
    expect(answerType('Who repairs the looms?')).toBe('person');
    expect(answerType('Whom should I ask about dye?')).toBe('person');
    expect(answerType('Whose van brings the wool?')).toBe('person');
    expect(answerType('When does the dye shed open?')).toBe('time');
    expect(answerType('How long does indigo take to set?')).toBe('duration');
    expect(answerType('How often is the loom oiled?')).toBe('duration');
    expect(answerType('How many spindles are left?')).toBe('number');
    expect(answerType('How far is the mill from the station?')).toBe('number');
    expect(answerType('How low may the kiln temperature drop?')).toBe('number');
    expect(answerType('How few shelves can the kiln take?')).toBe('number');
    expect(answerType('What exit code does kilnctl give on a cold start?')).toBe('number');
    expect(answerType('Exit status when the door is open?')).toBe('number');
    expect(answerType('Why is the wool grey?')).toBe('any');
    expect(answerType('Where do the spindles go?')).toBe('any');
  });

  it('reads an infinitive that says what a noun is for as no request ("a switch to show …")', () => {
    expect(questionShape('kilnctl: option to show the firing log?')).toMatchObject({
      head: 'option',
      type: 'option',
    });
    expect(questionShape('Flag to give the kiln a slow cool?')).toMatchObject({
      head: 'Flag',
      type: 'option',
    });
  });

  it('ends the noun phrase of "which N" at the verb after its noun', () => {
    expect(questionShape('Which version dropped kiln support?')).toEqual({
      wh: 'which',
      head: 'version',
      type: 'version',
      nouns: ['version'],
    });
  });

  it('ends it at a verb the tagger reads as a plural noun, with an adverb before its object', () => {
    expect(questionShape('Which kilnctl option lists just those?')).toEqual({
      wh: 'which',
      head: 'option',
      type: 'option',
      nouns: ['kilnctl', 'option'],
    });
    // Without an object after it, the noun phrase runs on: "flags" is its head.
    expect(questionShape('Which build flags just work?')).toMatchObject({ head: 'flags' });
  });

  it('reads "what is the X VERB-ed PREP?" as asking for what the verb goes to, not for an X', () => {
    expect(questionShape('What are the release builds going to be signed with?')).toEqual({
      wh: 'what',
      type: 'any',
      nouns: [],
    });
    expect(questionShape('What is the loom driven by?')).toMatchObject({ type: 'any' });
    // No preposition at the end: the verb qualifies the subject, which names the kind asked for.
    expect(questionShape('What is the port used by the dye shed?')).toMatchObject({
      head: 'port',
      type: 'number',
    });
    expect(questionShape('What is the release?')).toMatchObject({ type: 'version' });
  });

  it('reads a fragment whose relative clause has an auxiliary, or tells, by its noun', () => {
    expect(questionShape('Flag that is used for venting?').type).toBe('option');
    // "tells me" there says what the switch does; it asks nothing.
    const shape = questionShape('the switch that tells me the kiln is venting');
    expect([shape.head, shape.type]).toEqual(['switch', 'option']);
  });

  it('reads a fragment asked with no mark at the end by its head noun, as one with a mark', () => {
    expect(questionShape('kiln delivery date again').type).toBe('day');
    expect(questionShape('kiln delivery date?').type).toBe('day');
    // With a full stop too, when it is the whole question; beside a question, it names the topic.
    expect(questionShape('Final delivery date for the kiln shelves.')).toMatchObject({
      head: 'date',
      type: 'day',
    });
    expect(answerType('Kiln shelves and the delivery date. Need to know if they come on time.')).toBe('any');
  });

  it('reads a fragment whose noun phrase a clause qualifies', () => {
    expect(questionShape('Kiln temperature when the door is open?')).toMatchObject({ head: 'temperature' });
    expect(answerType('Is the door open when it fires?')).toBe('yes-no');
  });

  it('reads "how much" before a noun of a kind as asking for that kind, not a count', () => {
    expect(answerType('How much time does the kiln take to cool?')).toBe(
      answerType('What time does it start?'),
    );
    expect(answerType('How much time does the kiln take to cool?')).not.toBe('number');
    expect(answerType('How much does the kiln cost?')).toBe('number');
    expect(answerType('How many shelves does the kiln hold?')).toBe('number');
  });

  it('reads "how come" as asking why', () => {
    expect(questionShape('How come the kiln lid sticks after a firing?')).toEqual({
      wh: 'why',
      type: 'any',
      nouns: [],
    });
  });

  it('reads a name that opens with a dot as a word, not as the end of a sentence', () => {
    expect(questionShape('Which tool reads the .kilnrc file at start-up?')).toMatchObject({
      wh: 'which',
      head: 'tool',
    });
    expect(answerType('Why does the kiln skip .bak files?')).toBe('any');
  });

  it('reads "where in X" as asking for a place within X, wherever it stands', () => {
    expect(questionShape('Where in the rack should the spindles go?')).toEqual({
      wh: 'where',
      head: 'rack',
      type: 'position',
      nouns: ['rack'],
    });
    expect(answerType('The spindles go where in the rack?')).toBe('position');
    expect(answerType('Spindles: where in the rack?')).toBe('position');
    // A clause of place after a verb asks nothing.
    expect(answerType('The spindles go where the bobbins were.')).toBe('any');
  });

  it('maps the head noun a which or what determines', () => {
    expect(questionShape('Which port does the loom controller listen on?')).toEqual({
      wh: 'which',
      head: 'port',
      type: 'number',
      nouns: ['port'],
    });
    expect(answerType('Which Debian release does the image build on?')).toBe('version');
    expect(answerType('What folder holds the patterns?')).toBe('path');
    expect(answerType('Which flags does the weaver accept?')).toBe('option');
    expect(answerType('Which environment variable sets the thread count?')).toBe('env-var');
    expect(answerType('Which variable sets the thread count?')).toBe('option');
    expect(answerType('What date is the fair?')).toBe('day');
    expect(answerType('What hour does the fair close?')).toBe('clock');
    expect(answerType('In which year was the mill built?')).toBe('time');
    expect(answerType('Which colour is the warp?')).toBe('any');
  });

  it('takes the last noun of a phrase that stands alone, and a kind of one a verb runs on from', () => {
    // A fragment: "release" names a kind (a version), but the phrase is about the codename.
    expect(questionShape('Next release codename?')).toMatchObject({ head: 'codename', type: 'any' });
    expect(questionShape('Loom controller port?')).toMatchObject({ head: 'port', type: 'number' });
    // A clause qualifies the noun: "the loom's controller listens on" it.
    expect(questionShape('I still need the port the loom controller listens on.')).toMatchObject({
      head: 'port',
      type: 'number',
    });
    expect(questionShape('Setting to stop the looms at night?')).toMatchObject({ type: 'option' });
  });

  it('finds the head noun after "what is the"', () => {
    expect(questionShape('What is the timeout of the dye pump?')).toMatchObject({
      wh: 'what',
      head: 'timeout',
      type: 'duration',
    });
    expect(answerType("What's the name of the new pattern?")).toBe('identifier');
  });

  it('reads an auxiliary first as a yes or no, after an opening phrase of any length', () => {
    expect(answerType('Does the loom stop when the thread breaks?')).toBe('yes-no');
    expect(answerType('On a cold morning with the heating off, can the dye still set?')).toBe('yes-no');
    expect(answerType('So, is the mill open?')).toBe('yes-no');
  });

  it('reads a noun phrase on past a hyphen that joins two words ("command-line option")', () => {
    expect(questionShape('Which command-line option turns the kiln off?')).toMatchObject({
      head: 'option',
      type: 'option',
    });
    expect(questionShape('Which pre-firing check comes first?')).toMatchObject({ head: 'check' });
  });

  it('reads a question that offers alternatives as asking which, not yes or no', () => {
    expect(answerType('Is the dye set before or after the rinse?')).toBe('any');
    expect(answerType('I forget whether the loom runs on gas or on wood.')).toBe('any');
    // "Or not" offers no alternative.
    expect(answerType('I forget whether or not the loom stops at night.')).toBe('yes-no');
    expect(answerType('Does the loom stop, or not?')).toBe('yes-no');
  });

  it('reads an embedded question as the question it embeds', () => {
    expect(answerType('Do you remember which version we pinned?')).toBe('version');
    expect(answerType('I can’t recall who signed off the order.')).toBe('person');
    expect(answerType('Remind me how many bobbins we ordered.')).toBe('number');
    expect(answerType('Tell me when the courier comes.')).toBe('time');
  });

  it('reads a need stated as a statement, and a fragment', () => {
    expect(questionShape('I still need the path that the patterns are saved to.')).toMatchObject({
      head: 'path',
      type: 'path',
    });
    expect(answerType('We still want the release the plugin needs.')).toBe('version');
    expect(answerType('Loom port?')).toBe('number');
    // A fragment's noun phrase ends where a relative clause starts.
    expect(questionShape('Key that pauses the loom once the bobbin runs out?')).toMatchObject({
      head: 'Key',
      type: 'option',
    });
    expect(questionShape('Folder which holds the patterns?')).toMatchObject({ head: 'Folder', type: 'path' });
    // A location of files is a path: a statement that names no path does not say where they are.
    expect(questionShape('Pattern files location, in the end?')).toMatchObject({
      head: 'location',
      type: 'path',
    });
    // A possessor's "'s" stays inside the phrase: the head is what it owns.
    expect(questionShape("The mill's owner?")).toMatchObject({ head: 'owner', type: 'person' });
  });

  it('reads a need whose object is a pronoun as pointing back, not asking for what follows it', () => {
    // "it" is what is needed; "the label" only says what for. The question before gives the shape.
    expect(questionShape("What's the kiln's cone again? I need it for the label on the box.")).toMatchObject({
      wh: 'what',
    });
    expect(answerType('I need it for the label on the box.')).toBe('any');
    // One of the two who talk, or a possessive, may stand before the thing asked for.
    expect(answerType('Could you give me the port?')).toBe('number');
    expect(answerType('Tell us our cone number.')).toBe('number');
  });

  it('reads a verb of handing over in the past as telling, not asking', () => {
    expect(questionShape('Loom count I gave you on Monday?')).toMatchObject({
      head: 'count',
      type: 'number',
    });
    expect(questionShape('Could you give me the loom count?')).toMatchObject({
      head: 'count',
      type: 'number',
    });
  });

  it('reads "which one" as the whole a partitive names', () => {
    expect(questionShape('Of all the folders, which one holds the dyes?')).toMatchObject({
      head: 'folders',
      type: 'path',
    });
    expect(questionShape('Which one of the weavers dyed the wool?')).toMatchObject({ head: 'weavers' });
    // With no whole named, "one" is the subject the question opens with, or else stays as it is.
    expect(questionShape('The loom I oiled was which one?')).toMatchObject({ head: 'loom' });
    expect(questionShape('Which one is blue?')).toMatchObject({ head: 'one', type: 'any' });
  });

  it('reads a question word left in place or after a colon', () => {
    expect(answerType('The kiln reaches which temperature?')).toBe('any');
    expect(answerType('The looms were serviced by whom?')).toBe('person');
    expect(answerType('The wool van comes how often?')).toBe('duration');
    expect(answerType('Spare bobbins: how many?')).toBe('number');
    expect(answerType('The dye pump runs on which firmware version?')).toBe('version');
    expect(answerType('The pattern archive is what?')).toBe('any');
    expect(answerType('The pattern folder is what?')).toBe('path');
  });

  it('does not read a clause of time or a relative clause as the question', () => {
    expect(answerType('Name of the script the loom runs when it starts?')).toBe('identifier');
    expect(answerType('When the thread snaps, does the loom stop?')).toBe('yes-no');
    expect(answerType('When the thread snaps, which alarm sounds?')).toBe('any');
  });

  it('reads a request put as a yes/no question for what it asks', () => {
    expect(answerType('Could you tell me the port the loom controller uses?')).toBe('number');
    expect(answerType('Would you remind me of the release the plugin needs?')).toBe('version');
    expect(answerType('Can you tell me on which day the fair opens?')).toBe('day');
    // A request to say again what was said is one for the thing itself.
    expect(answerType('Could you restate the loom count I provided at the start?')).toBe('number');
    expect(answerType('Would you repeat the port the loom controller uses?')).toBe('number');
    expect(answerType('Could you tell me whether the shed is open?')).toBe('yes-no');
    expect(answerType('I’m not sure whether the shed is open.')).toBe('yes-no');
  });

  it('reads past possessors, adverbs and participles to the head noun', () => {
    expect(answerType("What is the controller's default listening port?")).toBe('number');
    expect(answerType('What was the very first file you wrote?')).toBe('path');
    expect(answerType('Which of the folders holds the drafts?')).toBe('path');
    expect(answerType('What is the new pattern called?')).toBe('identifier');
  });

  it('takes the sentence that asks, of several', () => {
    expect(answerType('The courier was late again. Which day does he come now?')).toBe('day');
    expect(answerType('I don’t know who repairs the looms. Do you?')).toBe('person');
    expect(answerType('I don’t remember who repairs the looms. Do you know?')).toBe('person');
    expect(answerType('Who repairs the looms? Can you recall?')).toBe('person');
    expect(answerType('I’m hazy on who repairs the looms. Could you remind me, please?')).toBe('person');
    expect(answerType('Do you know the loom count?')).toBe('number');
  });

  it('takes a general noun that ends the phrase for its head: a sort of the thing before it', () => {
    expect(answerType("I'm hazy on which key type we landed on for the kiln controller.")).toBe('any');
    expect(answerType('Which key does the kiln controller read?')).toBe('option');
  });

  it('asks for the value a question joined on after a yes/no one asks for', () => {
    expect(answerType('Is there a setting for the slow ramp, and what is it?')).toBe('option');
    expect(answerType('Does the kiln have a shelf limit, and what is it?')).toBe('number');
    expect(answerType('Is there a glaze supplier we trust, and who is it?')).toBe('person');
    expect(answerType('Is the kiln vented, and how?')).toBe('any');
    expect(answerType('Is the kiln vented and cooled?')).toBe('yes-no');
  });

  it('asks for nothing typed on bad input', () => {
    expect(questionShape('')).toEqual({ type: 'any', nouns: [] });
    expect(questionShape('   ')).toEqual({ type: 'any', nouns: [] });
    expect(answerType('?!')).toBe('any');
    expect(answerType('Which is better?')).toBe('any');
    expect(answerType('The mill is open.')).toBe('any');
    expect(answerType('Что это такое?')).toBe('any');
  });

  it("reads a very long question, within the test's timeout rather than by a clock", () => {
    const long = `Which port ${'does the controller really '.repeat(4_000)}use?`;
    expect(answerType(long)).toBe('number');
  }, 60_000);
});

describe('the adjective a question of measure asks with', () => {
  it('is the adjective after "how" when an auxiliary follows it, or the noun it measures', () => {
    expect(measureAsked('How large is the glaze store?')).toBe('large');
    expect(measureAsked('Roughly how old are the looms?')).toBe('old');
    expect(measureAsked('How many spindles does the mill run?')).toBe('many');
  });

  it('is undefined for a "how" of measure embedded in another question, and for other questions', () => {
    expect(measureAsked('Is there a way to see how far along the dye bath has got?')).toBeUndefined();
    expect(measureAsked('How do I card the wool?')).toBeUndefined();
    expect(measureAsked('Which loom is the largest?')).toBeUndefined();
    expect(measureAsked('')).toBeUndefined();
  });
});

describe('the words a which or what determines', () => {
  it('are the noun phrase up to the verb', () => {
    expect(askedNouns('Which Debian release does the image build on?')).toEqual(['Debian', 'release']);
    expect(askedNouns('What did you read last?')).toEqual([]);
    expect(askedNouns('Where is it?')).toEqual([]);
    expect(askedNouns('')).toEqual([]);
  });
});

describe('values of the kind asked, in a sentence', () => {
  it('are found for the kind a question asks', () => {
    const sentence = 'The controller listens on port 5020 and logs to /var/log/loom.log.';
    const spans = (question: string) => typeSpans(sentence, answerType(question)).map((span) => span.text);
    expect(spans('Which port does the controller listen on?')).toEqual(['5020']);
    expect(spans('Which file does the controller log to?')).toEqual(['/var/log/loom.log']);
    expect(spans('Who wrote the controller?')).toEqual([]);
  });

  it('for an option, are options, names as code and environment variables, not prose', () => {
    const texts = (sentence: string) => typeSpans(sentence, 'option').map((span) => span.text);
    expect(texts('Pass --slow or set `warp.tension` and LOOM_MODE.')).toEqual([
      '--slow',
      'warp.tension',
      'LOOM_MODE',
    ]);
    expect(texts('The tension can be set by hand.')).toEqual([]);
  });

  it('for a name, include proper nouns and quoted values', () => {
    const texts = (sentence: string) => typeSpans(sentence, 'identifier').map((span) => span.text);
    expect(texts('The pattern is called "herringbone-2".')).toEqual(['herringbone-2']);
    expect(texts('We went with Tabby in the end.')).toEqual(['Tabby']);
  });

  it('are none for "any", which every sentence holds', () => {
    expect(typeSpans('The wool is grey.', 'any')).toEqual([]);
    expect(holdsType('The wool is grey.', 'any')).toBe(true);
    expect(holdsType('The wool is grey.', 'number')).toBe(false);
  });
});
