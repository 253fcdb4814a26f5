import { describe, expect, it } from 'vitest';
import { clauses, readPaths, requestedReads } from '../../../../runners/models/reader/read-request.js';

const asked = (message: string) => requestedReads(message).map((mention) => mention.path);
const reason = (message: string) => readPaths(message)[0]?.reason;

describe('a message that names a file asks for it to be read', () => {
  it('reads a file however the request is worded: orders, wishes, fragments and questions', () => {
    for (const message of [
      'Please leaf through almanac/tides.txt.',
      'almanac/tides.txt after that.',
      'Over to almanac/tides.txt.',
      'I want your opinion of almanac/tides.txt.',
      'Lastly, almanac/tides.txt, because the rest depends on it.',
      'What does almanac/tides.txt say about spring tides?',
      'Does almanac/tides.txt cover neap tides?',
      'Would you mind going over almanac/tides.txt?',
      'Let us turn to almanac/tides.txt.',
      "I'd be curious what almanac/tides.txt makes of spring tides.",
      "I'm keen to hear how almanac/tides.txt explains the neaps.",
      'I suspect almanac/tides.txt mentions the spring tides.',
      'A friend told me almanac/tides.txt covers the neaps.',
      'We will see what almanac/tides.txt has to offer.',
      // A directive, in the past too, asks for what its infinitive does.
      'Next, I was told to look at almanac/tides.txt, since the harbour master swears by it.',
      'The harbour master asked us to go over almanac/tides.txt before the regatta.',
      'The skipper said to begin with almanac/tides.txt. Could you take me through it?',
    ]) {
      expect(asked(message), message).toEqual(['almanac/tides.txt']);
    }
  });

  it('reads several files in the order named, and carries a verb over a list', () => {
    expect(asked('Start with notes/a.md, then notes/b.md, and finally notes/c.md.')).toEqual([
      'notes/a.md',
      'notes/b.md',
      'notes/c.md',
    ]);
    expect(asked('Did you open notes/a.md, notes/b.md or notes/c.md?')).toEqual([]);
  });

  it("reads no path of the person's own machine, which the workspace does not hold", () => {
    expect(asked('What does /etc/kiln/limits.conf set the top temperature to?')).toEqual([]);
    expect(reason('Please read ~/.kilnrc.')).toBe('outside');
    expect(asked('Compare /etc/kiln.conf with notes/kiln.md, please.')).toEqual(['notes/kiln.md']);
  });

  it('reads only the files that are not declined in the same message', () => {
    expect(asked('Read kiln/log.txt, but not kiln/old-log.txt.')).toEqual(['kiln/log.txt']);
  });

  it('asks for nothing when there is no path, or only prose with slashes', () => {
    expect(requestedReads('')).toEqual([]);
    expect(requestedReads('Take the bus and/or the tram next.')).toEqual([]);
    // Options written as alternatives name no file: only the path is read.
    expect(asked('Then notes/kiln.md. Need to know how -slow/-fast ramps behave.')).toEqual([
      'notes/kiln.md',
    ]);
  });
});

describe('a message that names a file but asks for no read', () => {
  it('tells each structural reason apart', () => {
    expect(reason("Please don't touch pond/fish.csv.")).toBe('negated');
    // Any file of a kind, not one the workspace holds; "our .kilnrc" is one.
    expect(reason('Will an old .kiln archive still open?')).toBe('any one');
    expect(reason('Does a .tar.gz keep the owners?')).toBe('any one');
    expect(asked('What does our .kilnrc say about the door?')).toEqual(['.kilnrc']);
    expect(reason('There is no need to open pond/fish.csv.')).toBe('negated');
    expect(reason('Ignore pond/fish.csv for now.')).toBe('declined');
    expect(reason('pond/fish.csv will have to wait.')).toBe('deferred');
    expect(reason('We can get to pond/fish.csv tomorrow.')).toBe('deferred');
    expect(reason('pond/fish.csv settled it.')).toBe('past');
    expect(reason('Were the numbers in pond/fish.csv the weekly ones?')).toBe('past');
    expect(reason('Have you gone through pond/fish.csv?')).toBe('past');
    expect(reason('I have already checked pond/fish.csv.')).toBe('past');
    expect(reason('I already went through pond/fish.csv last night.')).toBe('past');
    // A verb whose past is its plain form, with an adverb of past time.
    expect(reason('You read pond/fish.csv earlier, right?')).toBe('past');
    expect(asked('Could you read pond/fish.csv earlier than the rest?')).toEqual(['pond/fish.csv']);
    expect(reason('pond/fish.csv has been read already.')).toBe('past');
    // A verb of directing with no infinitive for the file directs nothing to be done to it.
    expect(reason('The warden asked whether pond/fish.csv was finished.')).toBe('past');
    // "Say" directs only with an infinitive ("said to start with X"), not with what was said.
    expect(reason('The warden said that pond/fish.csv was finished.')).toBe('past');
    expect(reason('The warden said to me pond/fish.csv was finished.')).toBe('past');
    // A file named after a determiner modifies the noun after it, which states.
    expect(reason('The pond takes its pond/fish.csv name from the old survey.')).toBe('statement');
    expect(reason('I keep pond/fish.csv up to date by hand.')).toBe('own act');
    expect(reason('I can go through pond/fish.csv myself.')).toBe('own act');
    expect(reason('Nice work on pond/fish.csv, thanks.')).toBe('thanks');
  });

  it('still reads a file thanked for when the thanks comes with a next step', () => {
    expect(asked('Thanks. Now pond/fish.csv, please.')).toEqual(['pond/fish.csv']);
    expect(asked('pond/fish.csv after that, thanks.')).toEqual(['pond/fish.csv']);
    expect(asked('Thanks, pond/fish.csv helped after all.')).toEqual([]);
    expect(reason('Cheers for going through pond/fish.csv.')).toBe('thanks');
  });

  it('takes thanks said in a sentence before the one naming the file as thanks for an earlier read', () => {
    expect(asked('Thank you. Next, pond/fish.csv, if you would.')).toEqual(['pond/fish.csv']);
    expect(asked('Much obliged, thanks. Onwards, pond/fish.csv; the rest can follow.')).toEqual([
      'pond/fish.csv',
    ]);
    // Said with the file or after it, the thanks are for the file.
    expect(reason('A fine summary of pond/fish.csv. Thank you!')).toBe('thanks');
    expect(reason('pond/fish.csv, very clear, thank you.')).toBe('thanks');
  });
});

describe('clauses', () => {
  it('parts a message at sentence ends and clause marks, never inside a path', () => {
    expect(clauses('First a/b.md, then c.txt. Done; thanks').map((c) => c.text)).toEqual([
      'First a/b.md',
      'then c.txt',
      'Done',
      'thanks',
    ]);
  });
});
