import { describe, expect, it } from 'vitest';
import {
  changeTally,
  formatVerdicts,
  parseVerdicts,
  verdictChanges,
  verdictCounts,
  type VerdictLine,
} from '../../scripts/reader-matrix/verdicts.js';

const line = (probe: string, verdict: VerdictLine['verdict'], window = 8192): VerdictLine => ({
  scenario: 'kiln',
  strategy: 'dropping',
  window,
  probe,
  verdict,
});

describe('a list of verdicts', () => {
  it('is written sorted by place and read back as written', () => {
    const lines = [line('shelf', 'wrong'), line('glaze', 'correct'), line('glaze', 'abstained', 4096)];
    const text = formatVerdicts(lines);
    expect(text).toBe(
      [
        'kiln\tdropping\t4096\tglaze\tabstained',
        'kiln\tdropping\t8192\tglaze\tcorrect',
        'kiln\tdropping\t8192\tshelf\twrong',
        '',
      ].join('\n'),
    );
    expect(parseVerdicts(text, 'list.tsv')).toEqual([lines[2], lines[1], lines[0]]);
    expect(formatVerdicts([])).toBe('');
  });

  it('refuses a line it cannot read, naming the file and line', () => {
    const good = 'kiln\tdropping\t8192\tglaze\tcorrect\n';
    expect(() => parseVerdicts(`${good}kiln\tdropping\t8192\tglaze`, 'a.tsv')).toThrow(/^a\.tsv:2: expected/);
    expect(() => parseVerdicts('kiln\tdropping\tbig\tglaze\tcorrect', 'a.tsv')).toThrow(
      'a.tsv:1: the window "big" is no whole number',
    );
    expect(() => parseVerdicts('kiln\tdropping\t8192\tglaze\tmaybe', 'a.tsv')).toThrow(
      'a.tsv:1: the verdict "maybe" is none of correct, wrong, abstained',
    );
    expect(() => parseVerdicts(`${good}${good}`, 'a.tsv')).toThrow(
      'a.tsv:2: kiln dropping 8192 glaze is listed twice',
    );
  });

  it('counts its verdicts', () => {
    expect(verdictCounts([line('a', 'wrong'), line('b', 'wrong'), line('c', 'correct')])).toEqual({
      correct: 1,
      wrong: 2,
      abstained: 0,
    });
  });
});

describe('verdictChanges', () => {
  it('lists each place whose verdict differs, a place one list lacks too, and tallies the kinds', () => {
    const before = [line('glaze', 'abstained'), line('shelf', 'correct'), line('vent', 'abstained')];
    const after = [
      line('glaze', 'wrong'),
      line('shelf', 'correct'),
      line('cone', 'correct'),
      line('vent', 'wrong'),
    ];
    const changes = verdictChanges(before, after);
    expect(changes).toEqual([
      { place: 'kiln\tdropping\t8192\tcone', after: 'correct' },
      { place: 'kiln\tdropping\t8192\tglaze', before: 'abstained', after: 'wrong' },
      { place: 'kiln\tdropping\t8192\tvent', before: 'abstained', after: 'wrong' },
    ]);
    expect(changeTally(changes)).toEqual([
      ['abstained -> wrong', 2],
      ['(none) -> correct', 1],
    ]);
    expect(verdictChanges(before, before)).toEqual([]);
  });
});
