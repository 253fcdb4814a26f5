import { describe, expect, it } from 'vitest';
import { isDateValue, readStatement } from '../../../../runners/models/reader/distil.js';
import { editInSentence } from '../../../../runners/models/reader/edit-request.js';
import { turnSentence } from '../../../../runners/models/reader/guided-summary.js';

// The stages find the lexicon's words by Phrases.written: spelled as listed, a clitic may follow,
// and a word joined to a name by `_` is no word of its own.

describe('statements read by their words', () => {
  it('takes nothing from an empty sentence or one of spaces', () => {
    expect(readStatement('')).toBeUndefined();
    expect(readStatement('   ')).toBeUndefined();
  });

  it('parts a statement at its earliest linking verb standing between spaces, the longest there', () => {
    expect(readStatement('The barge is now at dock 9.')).toEqual({
      subject: 'entity',
      name: 'barge',
      value: 'at dock 9',
    });
    // "is now" with nothing after it leaves "now" as the value.
    expect(readStatement('The barge rota is now')).toMatchObject({
      name: 'barge rota',
      value: 'now',
    });
    // A verb with a colon after it does not link, and a name with a colon in it is none.
    expect(readStatement('The depot is: closed')).toBeUndefined();
    expect(readStatement('Our depot plan is: the shed holds nine bikes')).toBeUndefined();
  });

  it('strips lead-ins one after another, and keeps a "please" that calls attention to nothing', () => {
    expect(readStatement('By the way, so, the kiln runs at 900 degrees.')).toMatchObject({
      name: 'kiln',
      value: '900 degrees',
    });
    expect(readStatement('Please keep in mind that the kiln runs hot.')).toMatchObject({ name: 'kiln' });
    expect(readStatement('Kindly note that the kiln runs hot.')).toBeUndefined();
  });

  it('reads plans, preferences and dated deeds', () => {
    expect(readStatement('The team have decided to paint the hall on Monday.')).toEqual({
      subject: 'date',
      name: 'paint the hall',
      value: 'Monday',
    });
    expect(readStatement("Let's repaint the shed.")).toMatchObject({
      subject: 'decision',
      name: 'repaint the shed',
    });
    expect(readStatement('We would like oat milk.')).toEqual({
      subject: 'preference',
      name: 'oat milk',
      value: 'oat milk',
    });
  });

  it('takes a question word with a clitic for a question, and a word of a name for no word', () => {
    expect(readStatement("What's more, the dock is closed")).toBeUndefined();
    expect(readStatement('The flag wants_colour is on')).toMatchObject({
      subject: 'entity',
      name: 'flag wants_colour',
    });
    expect(readStatement('The flag wants colour')).toMatchObject({ subject: 'preference' });
  });

  it('counts a weekday with a clitic, and a month only with its capital, as a date', () => {
    expect(isDateValue("Friday's market")).toBe(true);
    expect(isDateValue('the 3rd of March')).toBe(true);
    expect(isDateValue('the 3rd of march')).toBe(false);
    expect(isDateValue('the friday_batch job')).toBe(false);
  });
});

describe('edit requests read by their words', () => {
  it('takes none from an empty sentence', () => {
    expect(editInSentence('')).toBeUndefined();
  });

  it('reads the lead words, the asking and the verb before the values', () => {
    expect(editInSentence('Ok, then could you please swap "red" for "blue" in paint/colours.txt')).toEqual({
      path: 'paint/colours.txt',
      verb: 'swap',
      subject: 'red',
      from: 'red',
      to: 'blue',
    });
    expect(editInSentence('I need you to set the BRUSH_SIZE line of paint/brush.ini to 7.')).toEqual({
      path: 'paint/brush.ini',
      verb: 'set',
      subject: 'BRUSH_SIZE',
      to: '7',
    });
    expect(editInSentence('In paint/brush.ini, change 3 into 4')).toMatchObject({
      from: '3',
      to: '4',
    });
  });

  it('takes no verb joined to a name, nor a request whose verb is not at its start', () => {
    expect(editInSentence('Please reset_counts in paint/brush.ini to 0.')).toBeUndefined();
    expect(editInSentence('The painter will rename paint/brush.ini to 3.')).toBeUndefined();
  });
});

describe('summary sentences read by their words', () => {
  const turn = (person: string) => turnSentence({ person, toolCalls: [], assistant: '' });

  it('tells requests, questions and statements apart by their openings', () => {
    expect(turn('Could you please list the crates.')).toBe('The person asked to list the crates.');
    expect(turn('Count the crates.')).toBe('The person said: Count the crates.');
    expect(turn("Where's the crate list")).toBe("The person asked: Where's the crate list.");
    expect(turn('The crates arrived.')).toBe('The person said: The crates arrived.');
  });

  it('names a tool by the part of its name that says what it does', () => {
    const call = (tool: string) =>
      turnSentence({ person: '', toolCalls: [{ tool, arguments: { path: 'crates.csv' } }], assistant: '' });
    expect(call('viewFile')).toBe('The assistant read crates.csv.');
    expect(call('patch_text')).toBe('The assistant changed crates.csv.');
    expect(call('stamp')).toBe('The assistant used stamp on crates.csv.');
  });
});
