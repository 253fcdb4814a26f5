import { describe, expect, it } from 'vitest';
import {
  clausesOf,
  leftBehind,
  saysCeased,
  statesChange,
  withoutOldValue,
  withoutReplacedClauses,
} from '../../../../runners/models/reader/change-statements.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { candidates } from '../../../../runners/models/reader/passages.js';
import { createReaderContext } from '../../../../runners/models/reader/context.js';
import { ABSTENTION } from '../../../../runners/models/reader/answer.js';
import type { Message } from '../../../../engine/model/port.js';
import { assistant, request, user } from './conversation-fixtures.js';

/** The person's statements, each acknowledged. */
const said = (...lines: string[]) => lines.flatMap((line) => [user(line), assistant('Noted.')]);

async function ask(messages: Message[], question: string): Promise<string> {
  const response = await createReaderModel({ profile: 'reader', window: 32_768 }).respond(
    request([...messages, user(question)]),
  );
  return response.text;
}

describe('a statement of a change, without the value it leaves behind', () => {
  it('drops "instead of A" and "rather than A" to the end of their clause', () => {
    expect(withoutOldValue('From May the glaze logs go to S3 instead of the NAS.')).toBe(
      'From May the glaze logs go to S3.',
    );
    expect(withoutOldValue('We fire with gas rather than wood, since it is cheaper.')).toBe(
      'We fire with gas, since it is cheaper.',
    );
    expect(withoutOldValue('Instead of the NAS, the logs now go to S3.')).toBe('the logs now go to S3.');
  });

  it('drops the value set against the new one after a comma, with "not", at the sentence\'s end', () => {
    expect(withoutOldValue('We glaze the mugs with tenmoku, not celadon.')).toBe(
      'We glaze the mugs with tenmoku.',
    );
    // The preposition and article that repeat those of the new value are no part of the old one.
    expect(
      withoutOldValue('The report goes to the kiln committee, not to the head of the studio school.'),
    ).toBe('The report goes to the kiln committee.');
    // A clause that runs on, or a "not" that does not follow a comma, is no value left behind.
    const longer = 'We glaze the mugs with tenmoku, not that anyone in the studio has asked us about it.';
    expect(withoutOldValue(longer)).toBe(longer);
    expect(withoutOldValue('The mugs are not glazed with celadon.')).toBe(
      'The mugs are not glazed with celadon.',
    );
    expect(withoutOldValue('We glaze with tenmoku, not celadon, on Fridays.')).toBe(
      'We glaze with tenmoku, not celadon, on Fridays.',
    );
  });

  it('drops the value set against the new one when an aside or a reason closes the sentence', () => {
    // An aside that speaks of the old value again goes with it; one that does not stays.
    expect(withoutOldValue('change of plan - glaze = tenmoku, not celadon (celadon is sold out)')).toBe(
      'change of plan - glaze = tenmoku',
    );
    expect(withoutOldValue('We glaze with tenmoku, not celadon (it is cheaper).')).toBe(
      'We glaze with tenmoku (it is cheaper).',
    );
    expect(withoutOldValue('We glaze with tenmoku, not celadon, because the celadon is sold out.')).toBe(
      'We glaze with tenmoku, because the celadon is sold out.',
    );
  });

  it('drops the "from A" of a verb of change before its "to B"', () => {
    expect(withoutOldValue("Update: we've switched the kiln's controller from Orton to Bartlett.")).toBe(
      "Update: we've switched the kiln's controller to Bartlett.",
    );
    expect(withoutOldValue('The shelves moved from the old north shed to the kiln room.')).toBe(
      'The shelves moved to the kiln room.',
    );
  });

  it('reads a time or a number as one value, and "off A onto B" as "from A to B"', () => {
    expect(withoutOldValue('The bisque firing moves from 06:30 to 08:15, after the clay dries.')).toBe(
      'The bisque firing moves to 08:15, after the clay dries.',
    );
    expect(withoutOldValue('The glaze test moved from 1.5 to 2.5 kg batches.')).toBe(
      'The glaze test moved to 2.5 kg batches.',
    );
    expect(withoutOldValue('Next week the kiln log moves off the old laptop onto the studio server.')).toBe(
      'Next week the kiln log moves onto the studio server.',
    );
    expect(leftBehind('The firing moves from 06:30 to 08:15.')).toEqual(['from', '06', '30']);
  });

  it('drops the clause in which the speaker gives a thing up, before the clause that says what takes over', () => {
    expect(
      withoutOldValue("Heads up: we're scrapping the paper rota, a shared calendar books the kiln now."),
    ).toBe('Heads up: a shared calendar books the kiln now.');
    expect(withoutOldValue('I dropped the Tuesday class; Sam teaches Thursdays instead.')).toBe(
      'Sam teaches Thursdays instead.',
    );
    // Bid, after words that only open the turn, which go with it.
    expect(withoutOldValue('hmm ok, scrap the paper rota, a calendar books the kiln now')).toBe(
      'a calendar books the kiln now',
    );
    expect(withoutOldValue('Drop the Tuesday class; Sam teaches Thursdays.')).toBe('Sam teaches Thursdays.');
    expect(leftBehind("We're retiring the gas kiln, the electric one fires everything.")).toEqual([
      "we're",
      'retiring',
      'the',
      'gas',
      'kiln',
    ]);
  });

  it('drops the clause that takes back what was said of a thing, before the clause that says what holds now', () => {
    expect(withoutOldValue('Scratch that about the gas kiln; we fire in the electric one.')).toBe(
      'we fire in the electric one.',
    );
    expect(withoutOldValue('never mind re the Tuesday slot. Thursday works better for the class')).toBe(
      'Thursday works better for the class',
    );
    expect(leftBehind('Forget that about the paper rota: a calendar books the kiln.')).toEqual([
      'forget',
      'that',
      'about',
      'the',
      'paper',
      'rota',
    ]);
    for (const sentence of [
      // Taken back with nothing after it, with no thing named, or inside another clause.
      'Scratch that about the gas kiln.',
      'Scratch that, we fire in the electric one.',
      'The glaze was fine, so never mind about the test tiles; they can wait.',
      // A topic longer than an old value is written.
      'Scratch that about the kiln that stood behind the old yard wall; the electric one fires.',
    ]) {
      expect(withoutOldValue(sentence)).toBe(sentence);
    }
  });

  it("keeps a clause of giving up that is the whole statement, a condition or another speaker's", () => {
    for (const sentence of [
      "We're retiring the gas kiln.",
      "We're retiring the gas kiln, then.",
      'If you drop a pot, sweep the shards at once.',
      // A bid after words that state something gives nothing up.
      'The tutor said drop the rota, a calendar is easier.',
      'The school dropped the Tuesday class, so Sam teaches Thursdays.',
    ]) {
      expect(withoutOldValue(sentence)).toBe(sentence);
    }
  });

  it('leaves every other sentence as it is', () => {
    for (const sentence of [
      // A range, with no verb of change.
      'Valid ports run from 1024 to 65535.',
      // A "from" with no "to" after it in its clause.
      'We switched from Orton, and the kiln runs to plan.',
      // An old value longer than one is written.
      'We moved the shelves from the shed that stood behind the old yard wall to the kiln room.',
      'The glaze goes on with a brush rather than with a sprayer that needs compressed air to run.',
      'Nothing changed here.',
      // "off" with no place reached after it.
      'We switched the kiln off, and the shed cooled.',
      '',
    ]) {
      expect(withoutOldValue(sentence)).toBe(sentence);
    }
  });
});

describe('asked how things stand after a change', () => {
  const history = said(
    'Our firing logs are kept on the NAS in the studio.',
    'Change of plan: from next month the firing logs are kept on S3 instead of the NAS.',
  );

  it('answers with the new value alone', async () => {
    expect(await ask(history, 'Where are the firing logs kept now?')).toBe(
      'Change of plan: from next month the firing logs are kept on S3.',
    );
    // "in" is no phrase of a value left behind, though "in place of" starts with it.
    expect(await ask(history, 'In which store are the firing logs kept now?')).toBe(
      'Change of plan: from next month the firing logs are kept on S3.',
    );
  });

  it('answers with the new value alone when the change takes back what was said', async () => {
    const retracted = said(
      'Plan: the gas kiln for the stoneware batch.',
      'Scratch that about the gas kiln; the electric kiln takes the stoneware batch instead.',
    );
    expect(await ask(retracted, 'Which kiln takes the stoneware batch now?')).toBe(
      'the electric kiln takes the stoneware batch instead.',
    );
  });

  it('keeps the old value when the question asks about it', async () => {
    expect(await ask(history, 'Where were the firing logs kept at first?')).toBe(
      'Our firing logs are kept on the NAS in the studio.',
    );
    expect(await ask(history, 'Where are the firing logs kept now, instead of what?')).toBe(
      'Change of plan: from next month the firing logs are kept on S3 instead of the NAS.',
    );
  });
});

describe('the latest of what the person said', () => {
  it('is not an aside that only touches the subject', async () => {
    const history = said(
      'Our kiln controller runs the Orton firmware.',
      "Update: we're switching the kiln controller's firmware from Orton to Bartlett.",
      "I'm thinking of running a second kiln on the same controller.",
    );
    expect(await ask(history, 'Which firmware does the kiln controller run now?')).toBe(
      "Update: we're switching the kiln controller's firmware to Bartlett.",
    );
  });

  it('is a later statement of a change, however little of the question it says', async () => {
    const history = said(
      'Our kiln controller runs the Orton firmware.',
      'Update: we are moving the kiln controller to Bartlett.',
    );
    expect(await ask(history, 'Which firmware does the kiln controller run now?')).toBe(
      'Update: we are moving the kiln controller to Bartlett.',
    );
  });

  it('answers what the person decided, however the decision is worded', async () => {
    const history = said(
      'Decision for the record: glaze orders will go through Kilnworks.',
      'Change of plan: we are moving the glaze ordering to ClayCo instead, from next month.',
    );
    expect(await ask(history, "I'd like confirmation of which glaze supplier we settled on.")).toMatch(
      /ClayCo/,
    );
    expect(await ask(history, 'Which glaze supplier did we pick in the end?')).toMatch(/ClayCo/);
    // "The final decision" asks what was decided, as "in the end" does: the kind need not be said.
    const firing = said(
      'We decide to fire the tiles only at cone 6 for now.',
      'Change of plan: my manager says we fire the tiles only at cone 10, not cone 6.',
    );
    expect(await ask(firing, 'At which temperature do we fire the tiles, the final decision?')).toBe(
      'Change of plan: my manager says we fire the tiles only at cone 10.',
    );
    // "The final call" is a decision too.
    expect(await ask(firing, 'Remind me which cone we fire the tiles at. final call.')).toBe(
      'Change of plan: my manager says we fire the tiles only at cone 10.',
    );
    // So does a word that places the answer itself in time ("final result"), which no statement says.
    const shelves = said(
      'The test tiles go on the top shelf.',
      'ok, scrap the top shelf, the test tiles are going on the bottom shelf now.',
    );
    expect(await ask(shelves, 'where are the test tiles going, final result')).toBe(
      'the test tiles are going on the bottom shelf now.',
    );
    // A decision never spoken of is not answered from another one.
    expect(await ask(history, 'Which caterer did we settle on for the opening?')).toBe(ABSTENTION);
    expect(await ask(history, 'Which printer brand did we choose?')).toBe(ABSTENTION);
  });

  it('is said without an aside in brackets that speaks of another thing, when the rest answers', async () => {
    const history = said('fyi the kiln room code = 4086 (the glaze store is 4000, not this one)');
    expect(await ask(history, 'kiln room code?')).toBe('fyi the kiln room code = 4086');
    // An aside that holds what is asked stays.
    const kept = said('The door code is 5120 (for the kiln room).');
    expect(await ask(kept, 'kiln room door code?')).toBe('The door code is 5120 (for the kiln room).');
  });

  it('is the clause that says what they settled, without the reason they give for it', async () => {
    const history = said(
      'We will fire the glaze tests over the weekend, when the studio is empty.',
      "Change of plan: the weekend key holder isn't around, so the glaze tests will be fired on Tuesday instead.",
    );
    expect(await ask(history, 'So when are we firing the glaze tests now?')).toBe(
      'the glaze tests will be fired on Tuesday instead.',
    );
  });

  it('is said without its clause of reason, read with the sentence before it in the message', async () => {
    const history = said(
      'I take the Thursday class for the glaze course.',
      'Ah, new plan for the glaze course. I take the Tuesday class, not Thursday, because on Thursday the kiln is busy.',
    );
    expect(await ask(history, 'In the end, which glaze class do I take?')).toBe('I take the Tuesday class.');
  });

  it('follows a note that reports a decision, and its change with an aside', async () => {
    const history = said(
      'decided - big kiln cone = 6',
      'change of plan - cone = 8, not 6 (6 cracked the test tiles)',
    );
    expect(await ask(history, 'Q - big kiln cone, final?')).toBe('change of plan - cone = 8');
  });

  it('is not a sentence of theirs that asks', () => {
    const message = "We fire the mugs twice. I can't remember which shelf the glaze tests go on. Which one?";
    const found = candidates([{ source: 'user', text: message }], createReaderContext());
    expect(found.map((candidate) => candidate.text)).toEqual(['We fire the mugs twice.']);
    expect(found.every((candidate) => candidate.premise === true)).toBe(true);
  });

  it('tells a statement of a change from others', () => {
    expect(statesChange('We switched the kiln to Bartlett.')).toBe(true);
    expect(statesChange('The logs now go to S3 instead of the NAS.')).toBe(true);
    expect(statesChange('The kiln runs Bartlett.')).toBe(false);
    expect(statesChange('')).toBe(false);
  });
});

describe('a later change of another value', () => {
  it('does not replace the statement that says what is asked', async () => {
    const history = said(
      'Our glaze firings are started by hand from the kiln panel.',
      'The firings reach cone 6.',
      "Change of plan: we're retiring the panel, a controller script will start the glaze firings.",
      'Another update: the firings will reach cone 5 instead of cone 6.',
    );
    expect(await ask(history, 'What starts the glaze firings now?')).toBe(
      'Change of plan: a controller script will start the glaze firings.',
    );
    expect(await ask(history, 'Which cone do the firings reach now?')).toBe(
      'Another update: the firings will reach cone 5.',
    );
  });

  it('replaces the value in place when the change leaves "our current" one behind', async () => {
    const history = said(
      'Studio glaze will be ordered from Kilnworks.',
      'A correction after a talk with the team: the glaze will be ordered from ClayCo rather than from our current supplier.',
    );
    expect(await ask(history, 'Where will the studio glaze be ordered from?')).toMatch(/ClayCo/);
  });

  it('leaves the value of the clause that says what is asked', async () => {
    const history = said(
      'Our studio kiln is a Skutt on circuit 4, and we log firings in a paper book.',
      'Update: we moved from the paper book to a spreadsheet.',
    );
    expect(await ask(history, 'Which circuit is the studio kiln on?')).toBe(
      'Our studio kiln is a Skutt on circuit 4, and we log firings in a paper book.',
    );
    expect(await ask(history, 'Where do we log firings now?')).toBe('Update: we moved to a spreadsheet.');
  });

  it('parts a sentence into its clauses', () => {
    expect(clausesOf('The kiln is on circuit 4, and we log firings; that is all.')).toEqual([
      'The kiln is on circuit 4',
      'and we log firings',
      'that is all',
    ]);
    expect(clausesOf('The kiln fires at 10:30, cone 6.5.')).toEqual(['The kiln fires at 10:30', 'cone 6.5']);
    expect(clausesOf('')).toEqual([]);
  });
});

describe('a later statement that moves from the value an earlier one gave', () => {
  const history = said(
    'Our kilns are fired with propane at the moment.',
    'The studio opens at 9:00.',
    'Update: as of this week the glaze room has switched from propane to natural gas.',
  );

  it('is how things stand, though it says little else of the question', async () => {
    expect(await ask(history, 'What fuel are our kilns fired with?')).toBe(
      'Update: as of this week the glaze room has switched to natural gas.',
    );
  });

  it('does not replace the earlier value for the earliest, nor a statement it leaves nothing of', async () => {
    expect(await ask(history, 'What fuel were our kilns fired with at first?')).toBe(
      'Our kilns are fired with propane at the moment.',
    );
    expect(await ask(history, 'When does the studio open?')).toBe('The studio opens at 9:00.');
  });

  it('names the words of the value left behind', () => {
    expect(leftBehind('The glaze room switched from propane to natural gas.')).toEqual(['from', 'propane']);
    expect(leftBehind('The logs go to S3 instead of the NAS.')).toEqual(['instead', 'of', 'the', 'nas']);
    expect(leftBehind('The studio opens at nine.')).toEqual([]);
  });

  it('names a way of doing things left behind, an "-ing" phrase however long', () => {
    expect(
      leftBehind('We will book the kiln online instead of writing every name into the paper rota.'),
    ).toEqual(['instead', 'of', 'writing', 'every', 'name', 'into', 'the', 'paper', 'rota']);
    // Any other phrase that long is no value: "instead of" there says something else.
    expect(leftBehind('We fire on Sunday instead of the old slot on the Monday after the holiday.')).toEqual(
      [],
    );
  });

  it('is how things stand when it leaves the earlier way of doing things behind', async () => {
    const plans = said(
      "My plan is to write every potter's name into the paper rota, so they can all find their firing slot.",
      'The studio opens at 9:00.',
      'Change of plan: we will book the kiln online instead of writing every name into the rota.',
    );
    expect(await ask(plans, 'So in the end, how are the potters going to find their firing slot?')).toBe(
      'Change of plan: we will book the kiln online.',
    );
  });
});

describe('a later statement that says an earlier one anew with a bare "instead"', () => {
  const history = said(
    "I'm planning to bring my glaze samples to the crit in a cardboard tray.",
    'The crit starts at 14:00.',
    "Bad news: the studio bans cardboard near the kilns now. So I'll bring them in a tin box instead.",
  );

  it('is how things stand, though it says the rest in a pronoun', async () => {
    expect(await ask(history, 'What am I bringing my glaze samples to the crit in now?')).toBe(
      "So I'll bring them in a tin box instead.",
    );
  });

  it('takes the place of the earlier one asked what the person said, too', async () => {
    expect(await ask(history, 'Remind me, what am I bringing my glaze samples to the crit in?')).toBe(
      "So I'll bring them in a tin box instead.",
    );
  });

  it('leaves the earlier one to what only it says', async () => {
    expect(await ask(history, 'When does the crit start?')).toBe('The crit starts at 14:00.');
  });

  it('drops a clause of it that only says the earlier value is out', async () => {
    const dropped = said(
      'We decided the spare shelves will be kept in the glaze shed.',
      'Change of plan: the spare shelves will go in the loft instead; the glaze shed is out.',
    );
    expect(await ask(dropped, 'Where did we decide to keep the spare shelves in the end?')).toBe(
      'Change of plan: the spare shelves will go in the loft instead.',
    );
  });

  it('leans on no statement of the same message, nor on one that shares none of its words', () => {
    const read = (...messages: string[]) =>
      candidates(
        messages.map((text) => ({ source: 'user' as const, text })),
        createReaderContext(),
      );
    const found = read('The kiln shelf is cracked.', 'I will use the spare one instead.');
    expect(found.find((candidate) => candidate.text.startsWith('I will'))?.replaces).toBeUndefined();
    const same = read('We glaze on Mondays. Now we glaze on Tuesdays instead.');
    expect(same.find((candidate) => candidate.text.startsWith('Now'))?.replaces).toBeUndefined();
    const named = read('We glaze on Mondays.', 'We glaze on Tuesdays instead of Mondays.');
    expect(named.find((candidate) => candidate.text.includes('Tuesdays'))?.replaces).toBeUndefined();
    const anew = read('We glaze on Mondays.', 'We glaze on Tuesdays instead.');
    expect(anew.find((candidate) => candidate.text.includes('Tuesdays'))?.replaces?.text).toBe(
      'We glaze on Mondays.',
    );
  });
});

describe('withoutReplacedClauses', () => {
  const shelf = new Set(['spare', 'shelf', 'glaze', 'shed', 'kept']);

  it('drops a later clause that only says words of the earlier statement', () => {
    expect(withoutReplacedClauses('The shelves go in the loft instead; the glaze shed is out.', shelf)).toBe(
      'The shelves go in the loft instead.',
    );
  });

  it('keeps the first clause, and a later one that says something new', () => {
    expect(withoutReplacedClauses('The glaze shed is out.', shelf)).toBe('The glaze shed is out.');
    expect(
      withoutReplacedClauses('The shelves go in the loft instead; the glaze shed gets a new lock.', shelf),
    ).toBe('The shelves go in the loft instead; the glaze shed gets a new lock.');
    expect(withoutReplacedClauses('', shelf)).toBe('');
  });
});

describe('a statement that something holds no more', () => {
  it('is one that says "no longer", or "any more" in a clause that says no', () => {
    expect(saysCeased('We no longer fire the big kiln on Sundays.')).toBe(true);
    expect(saysCeased("We're not using the gas kiln any more, but the school is, so it matters.")).toBe(true);
    expect(saysCeased("The studio doesn't stock Bartlett cones anymore.")).toBe(true);
    expect(saysCeased("The big kiln isn't fired on Sundays any longer.")).toBe(true);
  });

  it('is not one where "any more" only counts, or where the clause that says no is another', () => {
    expect(saysCeased('Do we have any more cones in the store?')).toBe(false);
    expect(saysCeased("The studio fires on Sundays; it doesn't glaze.")).toBe(false);
    expect(saysCeased("We don't glaze on Sundays, and we'll buy any more cones we need.")).toBe(false);
    expect(saysCeased('The club fires nothing any longer than twelve hours.')).toBe(false);
    expect(saysCeased('')).toBe(false);
  });

  it('gives no value asked how things stand now, where an earlier statement does', async () => {
    const cones = said(
      'The studio is going with Orton cones after all.',
      "We're not using Bartlett cones for the studio any more, but the school next door is, so it still matters.",
    );
    expect(await ask(cones, 'Studio cones, in the end?')).toBe(
      'The studio is going with Orton cones after all.',
    );
  });
});
