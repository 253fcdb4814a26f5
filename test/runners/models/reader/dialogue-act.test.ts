import { describe, expect, it } from 'vitest';
import {
  askedAsSaidByThePerson,
  askedParts,
  isQuestion,
  sentenceAct,
  statesSomething,
} from '../../../../runners/models/reader/dialogue-act.js';

describe('question or statement, by structure', () => {
  it('takes a question mark, a wh-word opening the clause, or an auxiliary before its subject', () => {
    expect(sentenceAct('Kiln temperature?')).toBe('question');
    expect(sentenceAct('Which glaze did the potter choose')).toBe('question');
    expect(sentenceAct('How many pots fit on one shelf')).toBe('question');
    expect(sentenceAct('Is the kiln vented to the yard')).toBe('question');
    expect(sentenceAct('Can you say when the firing ends')).toBe('question');
  });

  it('takes a wish to make sure of what an embedded question asks, and a question relayed', () => {
    expect(sentenceAct("I'd like to confirm where the kiln logs are kept.")).toBe('question');
    expect(sentenceAct('I want to check whether the vent was cleaned.')).toBe('question');
    expect(sentenceAct("She's asking how often the kiln cools by default.")).toBe('question');
    expect(sentenceAct('The customer asks me which glaze is food safe.')).toBe('question');
    // Making sure of a thing, or asking someone to do one, asks nothing to be told.
    expect(sentenceAct("I'd like to check the kiln tomorrow.")).toBe('statement');
    expect(sentenceAct('She asked me to read the firing notes.')).toBe('statement');
  });

  it('takes a question quoted whole, or after the one who asks it, by its question mark', () => {
    expect(sentenceAct('"When the kiln cools, which vent do I open?"')).toBe('question');
    expect(sentenceAct('Customer says: "why does the kiln smoke?"')).toBe('question');
    expect(isQuestion('The potter asked (how long does the glaze dry?)')).toBe(true);
    expect(isQuestion('how hot does the kiln get? the top shelf I mean, like the max')).toBe(true);
    expect(sentenceAct('She said "the kiln is hot".')).toBe('statement');
  });

  it('takes indirect questions: asking to be told, lacking the knowledge, needing one definite thing', () => {
    expect(sentenceAct('Remind me what the cone number was.')).toBe('question');
    expect(sentenceAct('Please tell me the shelf count.')).toBe('question');
    // A definite thing that is the subject of a clause after the verb is no thing not known.
    expect(sentenceAct('I forget the kiln is hot.')).toBe('statement');
    expect(sentenceAct('oh before I forget the big kiln has a serial number, its 7731')).toBe('statement');
    // Telling or showing reported in the past asks nothing.
    expect(sentenceAct('The potter told me to keep the tag handy.')).toBe('statement');
    expect(sentenceAct('A colleague showed me her kiln and I liked it.')).toBe('statement');
    expect(sentenceAct('Let me know when the glaze dries.')).toBe('question');
    expect(sentenceAct("I've forgotten which clay body we settled on.")).toBe('question');
    expect(sentenceAct('I wonder whether the vent was fixed.')).toBe('question');
    expect(sentenceAct("I don't know who fired the last batch.")).toBe('question');
    expect(sentenceAct('I still need the temperature that the kiln peaks at.')).toBe('question');
    expect(sentenceAct("I'd want the name of the glaze supplier.")).toBe('question');
    expect(sentenceAct("I'd like to know how long the bisque firing takes.")).toBe('question');
    expect(sentenceAct('I still need the shelf our biggest vase fits on.')).toBe('question');
    // A terse need drops its subject, and a topic before a colon leaves the clause after it to ask.
    expect(sentenceAct('Need the flag that stops the kiln.')).toBe('question');
    expect(sentenceAct('kiln: still need the cone for the bowls')).toBe('question');
    expect(sentenceAct('Need to fire the kiln today.')).toBe('statement');
    expect(sentenceAct('Note: need the glaze to dry first.')).toBe('statement');
    expect(sentenceAct('Change of plan on the glaze: we will use celadon.')).toBe('statement');
    expect(sentenceAct('The kiln needs the long cone.')).toBe('statement');
    // A thing a possessive of a third party determines, or one a clause with a question word names;
    // the speaker's own or the listener's thing is no value to find.
    expect(isQuestion('Third kiln fired. Need its cone.')).toBe(true);
    expect(sentenceAct('I still need their address.')).toBe('question');
    expect(sentenceAct('Need what the glaze falls back to.')).toBe('question');
    expect(sentenceAct('I need what the kiln peaks at.')).toBe('question');
    expect(sentenceAct('I need my coffee.')).toBe('statement');
    expect(sentenceAct("I'd like your take on the kiln log.")).toBe('statement');
    expect(sentenceAct('I need it if the kiln cracks.')).toBe('statement');
    // A definite thing the person forgot or lacks, a possessor's phrase among them.
    expect(sentenceAct("I forget the potter's phone number.")).toBe('question');
    expect(sentenceAct("I don't remember the glaze the tiles got.")).toBe('question');
    expect(sentenceAct("I'm still missing the shelf the vases go on.")).toBe('question');
    // A speaker who has not yet found out what an embedded question asks.
    expect(sentenceAct("I still haven't worked out which glaze the tiles need.")).toBe('question');
    expect(sentenceAct('We never found out why the kiln cracked.')).toBe('question');
    // Asking for a definite thing to be said again.
    expect(sentenceAct('Please repeat the cone number you were given.')).toBe('question');
    expect(sentenceAct("I'd like you to restate the firing schedule.")).toBe('question');
    expect(sentenceAct('Please restate our cone number.')).toBe('question');
  });

  it('takes an order to be told a thing, or what an embedded question asks, as a question', () => {
    expect(sentenceAct('Please specify which kiln was fired last.')).toBe('question');
    expect(sentenceAct('Confirm on which shelf the glaze buckets go.')).toBe('question');
    expect(sentenceAct('Please specify whether the kiln needs a vent.')).toBe('question');
    expect(sentenceAct('Explain how the kiln vents.')).toBe('question');
    expect(sentenceAct('Please identify the owner of the big kiln.')).toBe('question');
    expect(askedParts('Please specify which kiln was fired last.').text).toBe('which kiln was fired last');
    // Orders to look at or note a thing, and the speaker's own statements, ask nothing.
    expect(sentenceAct('Check the kiln before firing.')).toBe('statement');
    expect(sentenceAct('Note the port is 7420.')).toBe('statement');
    expect(sentenceAct('Please check that the kiln is off.')).toBe('statement');
    expect(sentenceAct('I state the kiln is hot.')).toBe('statement');
    expect(sentenceAct('State: idle')).toBe('statement');
  });

  it('takes an order to find or list things as a question, whatever it names', () => {
    expect(sentenceAct('find pots in the glaze shed i fired in the last week')).toBe('question');
    expect(sentenceAct('Please list every kiln that fires above cone 6.')).toBe('question');
    expect(askedParts('find pots in the glaze shed i fired in the last week').text).toBe(
      'pots in the glaze shed i fired in the last week',
    );
    // The speaker's own finding, a finding as a noun, and a verb alone ask nothing.
    expect(sentenceAct('I find the kiln too hot on Fridays.')).toBe('statement');
    expect(sentenceAct('Nice find, that glaze.')).toBe('statement');
    expect(sentenceAct('find')).toBe('statement');
  });

  it('takes a wish to be told, in the passive too, as a question', () => {
    expect(sentenceAct("I'd like to be reminded where the spare kiln shelves are stacked.")).toBe('question');
    expect(sentenceAct('We would want to be told which glaze cracked.')).toBe('question');
    expect(askedParts("I'd like to be reminded where the spare shelves are stacked.").text).toBe(
      'where the spare shelves are stacked',
    );
    expect(sentenceAct("I'd like to be early for the firing.")).toBe('statement');
  });

  it('takes an embedded question after a describing word or a noun of the speaker, and its preposition', () => {
    expect(sentenceAct("I'm a little hazy on which glaze batch we fired on Monday.")).toBe('question');
    expect(sentenceAct("I'd like confirmation of which pottery wheel we ordered.")).toBe('question');
    expect(sentenceAct("We're unclear about whether the vent was fixed.")).toBe('question');
    expect(askedParts("I'm hazy on which glaze batch we fired on Monday.").text).toBe(
      'which glaze batch we fired on Monday',
    );
    // "What" alone after a preposition speaks of a thing ("happy with what we have"), "how" with a
    // describing word after it of a degree; a verb before the preposition tells, and a noun phrase
    // before "which" makes it a relative clause.
    expect(sentenceAct("I'm happy with what we have.")).toBe('statement');
    expect(sentenceAct("I'm grateful for how quickly you fired them.")).toBe('statement');
    expect(sentenceAct('We talked about which kiln to buy.')).toBe('statement');
    expect(sentenceAct('The kiln stands in the room on which the sign hangs.')).toBe('statement');
  });

  it('reads a noun the tagger takes for a verb, before another noun, as part of a needed thing', () => {
    expect(sentenceAct('I still need the refresh interval the kiln controller uses.')).toBe('question');
  });

  it('takes a noun phrase alone whose clause supposes what the person or the model would do', () => {
    expect(sentenceAct("The glaze you'd pick for stoneware")).toBe('question');
    expect(sentenceAct('Cone sizes we would need with the lid set to vent')).toBe('question');
    // A verb of a main clause after it states.
    expect(sentenceAct("The glaze I'd use for stoneware is a celadon.")).toBe('statement');
    expect(sentenceAct("The shelf you'd pick for the vase holds well.")).toBe('statement');
    // Without a modal, the clause states what is so.
    expect(sentenceAct('The glaze I used for stoneware')).toBe('statement');
  });

  it('takes a noun phrase alone that names a value it does not give for a question, marked or not', () => {
    // A noun for a kind of value, and nothing that gives one.
    expect(sentenceAct('kiln delivery date again')).toBe('question');
    expect(sentenceAct('Exit value')).toBe('question');
    // Two words written as one whose second names a kind of value ("headcount", "hostname").
    expect(sentenceAct('Potter headcount again.')).toBe('question');
    expect(sentenceAct('The kiln hostname again.')).toBe('question');
    expect(sentenceAct('Rain again.')).toBe('statement');
    // A clause after the noun that leaves a gap the reply fills: its subject, a place in an order, a
    // preposition left at the end, an infinitive with nothing to act on of its own.
    expect(sentenceAct('the cone that prevents crawling')).toBe('question');
    expect(sentenceAct('the switch to send for a dump')).toBe('question');
    // A noun the tagger takes for a verb after a singular noun ends a compound, not a clause.
    expect(sentenceAct('signal to send for the kiln dump')).toBe('question');
    expect(sentenceAct('last shelf you loaded')).toBe('question');
    expect(sentenceAct('oldest kiln it runs on')).toBe('question');
    expect(sentenceAct('kiln supplier we agreed on')).toBe('question');
    expect(isQuestion('glaze crawling on the rims. exit value')).toBe(true);
    // A path before the stop leaves the stop in place.
    expect(isQuestion('glaze targets outside kiln.json. which file')).toBe(true);
    // A described value's noun with what it is of or for, or what it is to do.
    expect(sentenceAct('Final expiry date for the kiln accounts.')).toBe('question');
    expect(sentenceAct('the quiet flag to skip it')).toBe('question');
    // A kind's noun alone before what it is to do, unless it names a moment or a span; a noun in
    // "-ing" the tagger reads as a verb opens the fragment too.
    expect(sentenceAct('flag to turn it off')).toBe('question');
    expect(isQuestion('the glaze has gone dull. setting to get the shine back')).toBe(true);
    expect(sentenceAct('Running to catch the kiln tech.')).toBe('statement');
    expect(sentenceAct('date to fire it')).toBe('statement');
    // A noun for the answer itself, placed in time, after a comma asks for the value of what comes
    // before it, when that has no verb of its own.
    expect(sentenceAct('potter for the first years, final answer')).toBe('question');
    expect(sentenceAct("the kiln's peak, current value")).toBe('question');
    expect(sentenceAct('She picked celadon, final answer.')).toBe('statement');
    // A value given, a label with its content, a plural, a clause with an object of its own, or an
    // infinitive that ends the phrase: each states.
    expect(sentenceAct('kiln delivery 2 june')).toBe('statement');
    expect(sentenceAct('Plan: glaze on Monday')).toBe('statement');
    expect(sentenceAct('Short answers.')).toBe('statement');
    expect(sentenceAct('First I need a look at the kiln log.')).toBe('statement');
    expect(sentenceAct('editor we teach the first years is vim')).toBe('statement');
    expect(sentenceAct('Time to go.')).toBe('statement');
    expect(sentenceAct('time for lunch')).toBe('statement');
    expect(sentenceAct('time to go')).toBe('statement');
  });

  it('takes a verb of telling with a subject of its own for a report, and asks only when ordered', () => {
    expect(sentenceAct('the kiln tech tell me this morning: the firing moves to Friday.')).toBe('statement');
    expect(sentenceAct('Mirela tells me the kiln is fixed')).toBe('statement');
    expect(sentenceAct('my boss lets me know which kiln fires first')).toBe('statement');
    expect(sentenceAct('The firing is on Friday, which gives me time to glaze.')).toBe('statement');
    // An order to tell, with the one spoken to named or asked, still asks.
    expect(sentenceAct('Mirela, tell me which kiln fires first')).toBe('question');
    expect(sentenceAct('Could you tell me the cone number')).toBe('question');
    expect(sentenceAct('please let me know which kiln fires first')).toBe('question');
  });

  it('keeps a noun whose relative clause tells something in what is asked, with no frame', () => {
    expect(askedParts('the switch that tells me the kiln is venting').text).toContain('switch');
    expect(askedParts('please tell me the vent switch').text).toBe('the vent switch');
  });

  it('takes a last clause after a comma that asks by inversion as asking, what it asks about set out first', () => {
    expect(sentenceAct('a glaze that runs at cone 6, does it craze')).toBe('question');
    expect(sentenceAct('the slow ramp, can you skip it')).toBe('question');
    expect(sentenceAct('that shelf, is it safe')).toBe('question');
    // A subject before the auxiliary states; so does an order with no subject after its verb.
    expect(sentenceAct('Fine, I will do it')).toBe('statement');
    expect(sentenceAct('The kiln is hot, so we can fire it tomorrow')).toBe('statement');
  });

  it('takes a wh-word before a negated auxiliary and its subject as asking, mid-sentence too', () => {
    expect(sentenceAct("the kiln fires fine but why doesn't it hold the heat")).toBe('question');
    expect(sentenceAct("The glaze took, but why can't we fire it twice, I wondered")).toBe('question');
    // An embedded question keeps its subject before the auxiliary.
    expect(sentenceAct("I know why it doesn't hold the heat.")).toBe('statement');
  });

  it('takes statements, plans and orders for statements', () => {
    expect(sentenceAct('The kiln peaks at 1240 degrees.')).toBe('statement');
    expect(sentenceAct('When the kiln cools, the shelves come out.')).toBe('statement');
    expect(sentenceAct('We want a quicker firing schedule.')).toBe('statement');
    expect(sentenceAct('I know what the glaze is.')).toBe('statement');
    expect(sentenceAct('I need the kiln to cool overnight.')).toBe('statement');
    expect(sentenceAct('I want to fire the kiln on Monday.')).toBe('statement');
    expect(sentenceAct("I'm glad the kiln works.")).toBe('statement');
    expect(sentenceAct('I forgot to vent the kiln.')).toBe('statement');
    expect(sentenceAct('Have a look at the shelf plan.')).toBe('statement');
    expect(sentenceAct('We repeat the bisque firing every week.')).toBe('statement');
    expect(sentenceAct('Repeat after me.')).toBe('statement');
    expect(sentenceAct("I don't like what the glaze does.")).toBe('statement');
    expect(sentenceAct("I didn't say which glaze we use.")).toBe('statement');
    // An embedded question as subject, with a value for it, states; with a frame of not knowing, asks.
    expect(sentenceAct('What the tiles need is a clear glaze.')).toBe('statement');
    expect(sentenceAct('How long the firing takes is something I forget.')).toBe('question');
    expect(sentenceAct('')).toBe('statement');
  });

  it('takes a wh-phrase before an auxiliary and its subject as asking, whatever follows or opens it', () => {
    expect(sentenceAct('where are the pots going, in the end')).toBe('question');
    expect(sentenceAct('which shelf did the potter use, roughly')).toBe('question');
    expect(sentenceAct('sorry which glaze did you pick')).toBe('question');
    expect(sentenceAct('ok how many pots can the kiln hold')).toBe('question');
    // A wh-word that opens a clause set off before the main one asks nothing.
    expect(sentenceAct('When the kiln is at its hottest, the shelves glow.')).toBe('statement');
    expect(sentenceAct('Where the kiln stands, the floor is tiled.')).toBe('statement');
    expect(sentenceAct('Remember what is needed for the glaze.')).toBe('statement');
  });

  it('takes a wh-word with an inversion after it as asking, though a "be" follows further on', () => {
    // An embedded question that is the subject keeps its own subject first; an inverted one asks.
    expect(sentenceAct('which potter did I say is taking the big kiln')).toBe('question');
    expect(sentenceAct('what day did we agree the glaze is due')).toBe('question');
    expect(sentenceAct('What the tiles need is a clear glaze')).toBe('statement');
    expect(sentenceAct('Where the spindles go is a shelf by the door')).toBe('statement');
  });

  it('reads a clitic as the auxiliary it stands for in an inversion', () => {
    expect(sentenceAct("the kiln log is there and what's it for")).toBe('question');
    expect(sentenceAct('the kiln log is there and what is it for')).toBe('question');
    expect(sentenceAct("the kiln log is there and it's for the glaze")).toBe('statement');
  });

  it('reads a question past the words that open a turn, after a topic named first, or run on', () => {
    expect(sentenceAct('um so does the kiln vent outside')).toBe('question');
    expect(sentenceAct('ok is the glaze dry yet')).toBe('question');
    expect(sentenceAct('the new shelf does it hold the weight')).toBe('question');
    expect(sentenceAct('the big kiln can it take stoneware')).toBe('question');
    expect(sentenceAct('the kiln by the door what was its peak')).toBe('question');
    // A demonstrative may stand for the topic, before a state or alternatives said of it.
    expect(sentenceAct('the vent switch on the kiln is that on or off by default')).toBe('question');
    expect(sentenceAct('The kiln in the shed is this one.')).toBe('statement');
    expect(sentenceAct('The shelf is this high.')).toBe('statement');
    expect(sentenceAct('The cone is this: 6')).toBe('statement');
    expect(sentenceAct('The trouble is that it cracks.')).toBe('statement');
    expect(sentenceAct('I fired it last week and what did you say about the vent')).toBe('question');
    // Embedded questions, relative clauses, and a pronoun that is the object, state.
    expect(sentenceAct('So the kiln is hot.')).toBe('statement');
    expect(sentenceAct('The kiln does it well.')).toBe('statement');
    expect(sentenceAct('The trouble is it cracks.')).toBe('statement');
    expect(sentenceAct('I know what is needed for the glaze.')).toBe('statement');
    expect(sentenceAct('We discussed what was the plan.')).toBe('statement');
    expect(sentenceAct('The kiln which is the biggest stays cold.')).toBe('statement');
    expect(sentenceAct('The team does it every week.')).toBe('statement');
  });

  it('takes a note whose label says it asks as a question, and leaves the label out of what is asked', () => {
    expect(sentenceAct('Q: peak temperature of the big kiln')).toBe('question');
    expect(sentenceAct('to find out - how long the glaze cures')).toBe('question');
    expect(sentenceAct('TODO confirm: the cone the tiles need before they glaze')).toBe('question');
    expect(sentenceAct('still need - the shelf count')).toBe('question');
    expect(askedParts('Q: peak temperature of the big kiln').text).toBe('peak temperature of the big kiln');
    expect(askedParts('TODO find out: the size of the log before it rotates').text).toBe(
      'the size of the log before it rotates',
    );
    // A label of a note that asks nothing, or a verb's label before a clause that states, states.
    expect(sentenceAct('Note: the kiln is hot')).toBe('statement');
    expect(sentenceAct('TODO: fire the test tiles')).toBe('statement');
    expect(sentenceAct('check - the kiln is cold on Mondays now')).toBe('statement');
    // A verb of finding out in the past reports what was settled.
    expect(sentenceAct('decided - big kiln cone = 6')).toBe('statement');
    expect(sentenceAct('Kiln - glazes - tiles')).toBe('statement');
  });

  it('takes a need for one definite thing after a hedge as a question', () => {
    expect(sentenceAct("I'd need like the last three cone readings")).toBe('question');
    expect(sentenceAct('We want like a quicker schedule.')).toBe('statement');
  });

  it('reads the main clause after an opening condition or time, and takes a condition alone as asking', () => {
    expect(sentenceAct('so if I fire it twice, how thick does the glaze get')).toBe('question');
    expect(sentenceAct('when the kiln cools, which shelf comes out first')).toBe('question');
    expect(sentenceAct('and if the kiln cracks')).toBe('question');
    expect(sentenceAct('nice. and if the glaze runs, no second firing at all')).toBe('question');
    // A main clause that states or orders, a condition with an order after it, or a second clause.
    expect(sentenceAct('If the kiln cracks, we replace the shelf.')).toBe('statement');
    expect(sentenceAct('When the build fails, which it does often, it retries.')).toBe('statement');
    expect(sentenceAct('if you need a shelf just ask')).toBe('statement');
    expect(sentenceAct('If it rains I fire indoors')).toBe('statement');
  });

  it('reads a question asked after a full stop before a word in lower case', () => {
    expect(sentenceAct('kiln 2 after the rewire. which fuse does it take now')).toBe('question');
    expect(sentenceAct('glaze crawling on the rims. need the cone that stops it')).toBe('question');
    expect(isQuestion('shelf paste running low. how to thin it again')).toBe(true);
    // What follows the stop states, or there is nothing after it.
    expect(sentenceAct('kiln 2 after the rewire. it takes the 13 amp fuse now')).toBe('statement');
    expect(sentenceAct('kiln 2 after the rewire.')).toBe('statement');
  });

  it('reads each sentence of a message', () => {
    expect(isQuestion('The kiln is hot. Which shelf cracked?')).toBe(true);
    expect(statesSomething('The kiln is hot. Which shelf cracked?')).toBe(true);
    expect(isQuestion('The kiln is hot.')).toBe(false);
    expect(isQuestion('')).toBe(false);
  });
});

describe('proposals are no questions', () => {
  it('takes "let us …" for a statement, and "let me know …" for a question', () => {
    expect(sentenceAct('Let us keep the kiln below 1200 degrees.')).toBe('statement');
    expect(sentenceAct('Let me know which shelf cracked.')).toBe('question');
  });
});

describe('what a message asks, without the frame that says it asks', () => {
  it('takes a fragment after the question as more of what it asks, "I mean" and thanks aside', () => {
    expect(askedParts('how hot can the kiln get? the top shelf I mean').text).toBe(
      'how hot can the kiln get? the top shelf',
    );
    expect(askedParts('Which kiln do we fire? Thanks!').text).toBe('Which kiln do we fire?');
    // A sentence of its own after the question is no part of it.
    expect(askedParts('What is the cone? I need it for the report.').text).toBe('What is the cone?');
  });

  it('takes "like" after a comma for a filler, not for a wish that frames the question', () => {
    expect(askedParts('the top shelf I mean, like the max number of pots').scene).toEqual([]);
    expect(askedParts("I'd like the number of pots on the top shelf.").text).toMatch(/^the number/);
  });

  it('leaves a clause of purpose or reason before the question, after a comma, to set the scene', () => {
    const parts = askedParts('Just so my notes are right, how many kilns did I say we have?');
    expect(parts.text).not.toMatch(/notes/);
    expect(parts.scene.map((token) => token.value).join(' ')).toMatch(/notes are right/);
    const since = askedParts('Since we glaze on Fridays, which kiln do we fire?');
    expect(since.text).toMatch(/^which kiln/);
    // A condition is part of what is asked.
    expect(askedParts('If the kiln is hot, which shelf do we use?').text).toMatch(/kiln is hot/);
  });
  const asked = (text: string) => askedParts(text).text;

  it('keeps a condition after "so" as asked, where "so" alone opens a clause of purpose', () => {
    expect(askedParts('so if the kiln runs cool, how long does the glaze firing take').scene).toEqual([]);
    expect(askedParts('So that the report is right, which kiln do we fire?').text).toBe(
      'which kiln do we fire',
    );
  });

  it('reads a lead-in over several clauses, up to the comma the whole question follows', () => {
    expect(asked('So the log is right, and I did change my mind twice, which cone did I settle on?')).toBe(
      'which cone did I settle on',
    );
    // A comma after which no whole question follows ends no lead-in: the condition is asked.
    expect(asked('So if the kiln is hot, and the shelf is full, which cone do we fire to?')).toMatch(
      /kiln is hot/,
    );
  });

  it('leaves a clause that opens with a participle, before a comma, to set the scene', () => {
    const scene = (text: string) =>
      askedParts(text)
        .scene.map((token) => token.value)
        .join(' ');
    expect(asked('Firing the kiln overnight, which shelf holds the tall pots?')).toMatch(/^which shelf/);
    expect(scene('Firing the kiln overnight, which shelf holds the tall pots?')).toMatch(/kiln overnight/);
    // Read as a noun by the tagger, a verb's "-ing" form still opens such a clause.
    expect(asked('Building the kiln from a kit, which shelf holds the tall pots?')).toMatch(/^which shelf/);
    // A noun before the comma that the question points back to is what it asks about.
    expect(asked('Glazing notes, which folder holds them?')).toMatch(/Glazing notes/);
  });

  it('leaves a clause of reason after the question to set the scene', () => {
    const parts = askedParts('Which shelf holds the tall pots, given we fire overnight?');
    expect(parts.text).toBe('Which shelf holds the tall pots');
    expect(parts.scene.map((token) => token.value).join(' ')).toMatch(/fire overnight/);
    expect(asked('Could you tell me which shelf holds them, since the kiln is full?')).toBe(
      'which shelf holds them',
    );
    // A clause of consequence after a comma is what is asked ("…, so I need the switch").
    expect(asked('The kiln runs hot, so which shelf is safest?')).toMatch(/which shelf/);
  });

  it('leaves out the frame of an indirect question or a stated need', () => {
    expect(asked("I've forgotten which clay body we settled on.")).toBe('which clay body we settled on');
    expect(asked('Remind me what the cone number was.')).toBe('what the cone number was');
    expect(asked('Could you tell me how hot the kiln gets?')).toBe('how hot the kiln gets');
    expect(asked("I'd like to know how long the bisque firing takes.")).toBe(
      'how long the bisque firing takes',
    );
    expect(asked('I still need the temperature that the kiln peaks at.')).toBe(
      'the temperature that the kiln peaks at',
    );
    // The embedded question is asked from its opener on, past the words of the frame.
    expect(asked("I've lost track of which glaze the tiles got in the end.")).toBe(
      'which glaze the tiles got in the end',
    );
    expect(asked("I'm not sure whether the kiln was vented.")).toBe('whether the kiln was vented');
    expect(asked("I forget the potter's phone number.")).toBe("the potter's phone number");
    // The object right after the verb is what is not known; a "when" further on is inside it.
    expect(asked("I don't remember the cone the kiln reaches when it is full.")).toBe(
      'the cone the kiln reaches when it is full',
    );
    expect(asked("I'd like you to repeat the cone number.")).toBe('the cone number');
    // A need for what a clause with a question word names: the clause is what is asked.
    expect(asked('Glaze column left blank in the log. Need what it falls back to.')).toBe(
      'what it falls back to',
    );
    expect(asked("I still haven't worked out which glaze the tiles need.")).toBe(
      'which glaze the tiles need',
    );
    // An embedded question as the subject, with a frame after it that says it is not known.
    expect(asked("Which glaze the tiles need is something I still haven't got straight.")).toBe(
      'Which glaze the tiles need',
    );
    expect(asked('Where the shelves go is unclear to me.')).toBe('Where the shelves go');
    // Without such a frame, it states: all of it is kept.
    expect(asked('What the tiles need is a clear glaze.')).toBe('What the tiles need is a clear glaze.');
    expect(asked('I forget which release brought back the pre-5.1 $RANDOM.')).toBe(
      'which release brought back the pre-5.1 $RANDOM',
    );
  });

  it('takes a denied verb of showing for what a thing does not do, unless the one spoken to is its subject', () => {
    // What is asked stays whole: "idle doesn't show me" frames nothing, though the tagger reads "idle" as
    // an adjective.
    expect(asked("How come idle doesn't show me each shelf separately unless I ask?")).toBe(
      "How come idle doesn't show me each shelf separately unless I ask?",
    );
    expect(asked("Can't you tell me which cone the kiln reached?")).toBe('which cone the kiln reached');
  });

  it('keeps a direct question as written, and every word of a message that asks nothing', () => {
    expect(asked('Which glaze did the potter choose?')).toBe('Which glaze did the potter choose?');
    expect(asked('The kiln is hot.')).toBe('The kiln is hot.');
    expect(askedParts('').asked).toEqual([]);
  });

  it('sets a lead-in clause before a colon apart as the scene of the question after it', () => {
    const parts = askedParts('Just to check my own figures: how many kilns does the studio run?');
    expect(parts.text).toBe('how many kilns does the studio run');
    expect(parts.scene.map((token) => token.value)).toContain('figures');
    // A noun phrase before the colon is what is asked about, and a short question after it leans on it.
    expect(askedParts('Kiln count at the studio: how many do we run?').text).toBe(
      'Kiln count at the studio: how many do we run?',
    );
    expect(askedParts('Checking the new glaze: who chose it?').text).toBe(
      'Checking the new glaze: who chose it?',
    );
    // Nor does a question with no verb of its own after the colon: it asks about what the clause says.
    expect(askedParts('A glaze crawls on the shelf but not in the test kiln: which cone then?').text).toBe(
      'A glaze crawls on the shelf but not in the test kiln: which cone then?',
    );
  });

  it('sets what comes before the frame apart as the scene', () => {
    const parts = askedParts('For the glaze order I still need the supplier that ships to Leeds.');
    expect(parts.text).toBe('the supplier that ships to Leeds');
    expect(parts.scene.map((t) => t.value)).toEqual(['For', 'the', 'glaze', 'order']);
  });

  it('takes the sentences before a fragment question as its premise', () => {
    expect(asked('The glaze crawls on the rim. Firing temperature?')).toBe(
      'The glaze crawls on the rim. Firing temperature?',
    );
    expect(asked('The kiln is new. Which cone does it fire to?')).toBe('Which cone does it fire to?');
    expect(asked('Thanks. Which cone?')).toBe('Thanks. Which cone?');
  });

  it('takes them as the premise of a question that says one thing, or has no subject', () => {
    // One word of content: what it is about is set out before it.
    expect(asked('The kiln log keeps every firing. Is there a setting for that?')).toBe(
      'The kiln log keeps every firing. Is there a setting for that?',
    );
    // No question word, no auxiliary and no pronoun before the verb: "[Is there a] flag to …".
    expect(asked('The kiln log keeps every firing. Flag to purge the old ones?')).toBe(
      'The kiln log keeps every firing. Flag to purge the old ones?',
    );
    expect(asked('The kiln log keeps every firing. Purge?')).toBe('The kiln log keeps every firing. Purge?');
    // One verb and a pronoun: "Got it?" checks, but a wh-question asks.
    expect(asked('My kiln hook should stop the firing early. What should it return?')).toBe(
      'My kiln hook should stop the firing early. What should it return?',
    );
    // A question with its own subject is asked against them, as before.
    expect(asked('The kiln log keeps every firing. How do I purge the old ones?')).toBe(
      'How do I purge the old ones?',
    );
  });

  it('takes a sentence that only names a topic as the premise of the question after it', () => {
    const parts = askedParts('Porcelain tiles on the top shelf. Which cone do they fire to?');
    expect(parts.premise.map((token) => token.value)).toEqual([
      'Porcelain',
      'tiles',
      'on',
      'the',
      'top',
      'shelf',
    ]);
    expect(parts.text).toBe('Porcelain tiles on the top shelf. Which cone do they fire to?');
    // A participle after its noun states nothing of its own.
    expect(askedParts('Kiln 3 tripping the breaker. Which fuse should it take?').premise).not.toEqual([]);
    // A sentence with a verb of its own sets the scene, even one the tagger reads as a noun.
    expect(askedParts('Several potters use porcelain slips. Which cone do they fire to?').premise).toEqual(
      [],
    );
    expect(askedParts('The kiln is new. Which cone does it fire to?').premise).toEqual([]);
    // Thanks name no topic.
    expect(askedParts('Thanks a lot. Which cone do they fire to?').premise).toEqual([]);
  });

  it("keeps apart the words of the premise, the situation in the asker's words", () => {
    const parts = askedParts('The kiln keeps stalling on busy days. Flag to fire at once?');
    expect(parts.premise.map((t) => t.value)).toEqual([
      'The',
      'kiln',
      'keeps',
      'stalling',
      'on',
      'busy',
      'days',
    ]);
    expect(parts.asked.map((t) => t.value)).toContain('Flag');
    expect(askedParts('The kiln is new. Which cone does it fire to?').premise).toEqual([]);
  });

  it('takes them as the premise of a question whose only content words are light verbs', () => {
    expect(asked('The old kiln timer is going away. What do I use instead?')).toBe(
      'The old kiln timer is going away. What do I use instead?',
    );
    expect(asked('A glaze firing alone will not seal the pot. What else does it need?')).toBe(
      'A glaze firing alone will not seal the pot. What else does it need?',
    );
    // A word of its own says what it is about.
    expect(asked('The old kiln timer is going away. Which timer do I use instead?')).toBe(
      'Which timer do I use instead?',
    );
  });

  it('takes them as the premise of a question that asks about what "that" or "this" points back to', () => {
    expect(asked('The kiln finally fired cone 10 evenly. Which firmware release was that?')).toBe(
      'The kiln finally fired cone 10 evenly. Which firmware release was that?',
    );
    expect(
      asked('The new glaze replaces an older one only the east kiln takes. What was the name of that glaze?'),
    ).toBe('The new glaze replaces an older one only the east kiln takes. What was the name of that glaze?');
    expect(asked('The vents must open once the kiln cools. Which vent setting does that?')).toBe(
      'The vents must open once the kiln cools. Which vent setting does that?',
    );
    expect(asked('I have to keep the lid shut while it fires. Which latch is for this?')).toBe(
      'I have to keep the lid shut while it fires. Which latch is for this?',
    );
    // The tagger may take "that" for a conjunction; with no clause after it, it stands for a thing.
    expect(
      asked('Some shelves must stay cool or the kiln should refuse to fire. How do I set that in kilnctl?'),
    ).toBe('Some shelves must stay cool or the kiln should refuse to fire. How do I set that in kilnctl?');
    // "That" as a determiner names the thing asked about itself: the sentences before set the scene.
    expect(asked('The vents must open once the kiln cools. Which vent does that job?')).toBe(
      'Which vent does that job?',
    );
  });

  it('takes them as the premise of a count whose noun is left out ("How many can I …?")', () => {
    expect(
      asked('The supplier sent us five kiln shelves. How many can I actually fit in the small kiln?'),
    ).toBe('The supplier sent us five kiln shelves. How many can I actually fit in the small kiln?');
    // A count that names its noun asks about it itself: the sentence before sets the scene.
    expect(
      asked('The supplier sent us five kiln shelves. How many pots can I actually fit in the small kiln?'),
    ).toBe('How many pots can I actually fit in the small kiln?');
  });

  it('takes a wish to know passed on from someone else as the frame, with whoever wants to know', () => {
    expect(asked('My boss wants to know which glaze the kiln fires best.')).toBe(
      'which glaze the kiln fires best',
    );
    expect(asked("A student wants to know: 'Once I glaze a pot, is it food safe?'")).toBe(
      'Once I glaze a pot, is it food safe',
    );
    // A need of someone else's for a thing is no question of the person's.
    expect(sentenceAct('My boss needs the glaze order by Friday.')).toBe('statement');
  });

  it('keeps the scene when what is asked points back to it', () => {
    const parts = askedParts('The vase is too tall for the kiln, so I need the shelf that allows that.');
    expect(parts.text).toContain('vase');
    expect(parts.text).toContain('shelf');
    expect(parts.scene).toEqual([]);
  });

  it('asks about the sentences before a question that says "there" for a place they named', () => {
    const parts = askedParts('Some potters fire in the east barn. What does kilnctl actually run there?');
    expect(parts.premise.map((token) => token.value)).toContain('barn');
    // "Is there …" says a thing exists, and points back to no place.
    expect(askedParts('Some potters fire in the east barn. Is there a cone for raku?').premise).toEqual([]);
  });

  it('asks about the sentences before a question whose verb takes a pronoun that stands for their thing', () => {
    const parts = askedParts('A student brought me a .glz file. Will the kiln tools open it?');
    expect(parts.premise.map((token) => token.value)).toContain('student');
    expect(parts.text).toMatch(/^A student brought me/);
    // A question that takes no pronoun back is asked against them: they set its scene.
    const scene = askedParts('A student brought me a .glz file. Will the kiln tools open glaze files?');
    expect(scene.premise).toEqual([]);
    expect(scene.scene.map((token) => token.value)).toContain('student');
  });
});

describe('words that say where an answer was given, not what it is', () => {
  it('leaves out a clause about the conversation itself', () => {
    expect(askedParts('Which kiln did I tell you about?').text).not.toMatch(/tell/);
    expect(askedParts('Remind me of the cone number you gave me.').text).toBe('of the cone number');
    expect(askedParts('Could you restate the cone number I provided?').text).toBe('the cone number');
  });

  it('keeps a verb of saying whose subject is someone else', () => {
    expect(askedParts('Who wrote the firing schedule?').text).toBe('Who wrote the firing schedule?');
  });
});

describe('a lack of certainty as a question', () => {
  it('takes "not sure which …" and "unsure whether …" as questions, and leaves out their frame', () => {
    expect(sentenceAct("I'm not sure which glaze cracked.")).toBe('question');
    expect(sentenceAct('We are unsure whether the kiln was vented.')).toBe('question');
    expect(askedParts("I'm not certain what the cone number is.").text).toBe('what the cone number is');
  });

  it('takes certainty, or a lack of it with nothing asked, as a statement', () => {
    expect(sentenceAct("I'm sure which glaze cracked.")).toBe('statement');
    expect(sentenceAct("I'm not sure.")).toBe('statement');
  });
});

describe('a question about what the person said', () => {
  it('is told by the person speaking of their own earlier words', () => {
    expect(askedAsSaidByThePerson('Which glaze did I say we fire at cone 6?')).toBe(true);
    expect(askedAsSaidByThePerson('I need the shelf count I gave you this morning.')).toBe(true);
    expect(askedAsSaidByThePerson('What have I told you about the vent?')).toBe(true);
  });

  it('is not a question in the present, nor one about what the model said', () => {
    expect(askedAsSaidByThePerson('Which cone do I tell the kiln to stop at?')).toBe(false);
    expect(askedAsSaidByThePerson('Which glaze did you say suits stoneware?')).toBe(false);
    expect(askedAsSaidByThePerson('Which glaze suits stoneware?')).toBe(false);
    expect(askedAsSaidByThePerson('')).toBe(false);
  });

  it('is not a question about what the person was told, in the passive', () => {
    expect(askedAsSaidByThePerson('Why are we told to fire glazes slowly past cone 4?')).toBe(false);
    expect(askedAsSaidByThePerson('Which shelf wash was I given for the big kiln?')).toBe(false);
    expect(askedAsSaidByThePerson('What was I saying about the shelf wash?')).toBe(true);
  });
});
