import { describe, expect, it } from 'vitest';
import { alarmCell, neverGivenCell, TABLE_HEADER } from '../../reports/run-table.js';
import type { ProbeResult } from '../../records/run-record.js';
import { probeFields } from './probe-fields.js';

function probe(id: string, verdict: ProbeResult['verdict'], expects: ProbeResult['expects']): ProbeResult {
  return { ...probeFields(verdict, expects), id, question: `${id}?`, reply: '' };
}

describe('the run table', () => {
  it('has a column for the questions whose answer was never given, after abstained', () => {
    expect(TABLE_HEADER.indexOf('never-given')).toBe(TABLE_HEADER.indexOf('abstained') + 1);
  });

  it('shows delivered next to correct and the alarm after never-given, marked when above zero', () => {
    expect(TABLE_HEADER.indexOf('delivered')).toBe(TABLE_HEADER.indexOf('correct') + 1);
    expect(TABLE_HEADER.indexOf('alarm')).toBe(TABLE_HEADER.indexOf('never-given') + 1);
    expect(alarmCell(0)).toBe('0');
    expect(alarmCell(2)).toBe('2 !');
  });

  it('counts the never-given probes the reply rightly said it did not know, of how many were asked', () => {
    const probes = [
      probe('codename', 'correct', 'answer'),
      probe('chooser', 'correct', 'abstention'),
      probe('deadline', 'wrong', 'abstention'),
      probe('port', 'abstained', 'answer'),
    ];
    expect(neverGivenCell(probes)).toBe('1/2');
  });

  it('shows a dash when the run asked no never-given question', () => {
    expect(neverGivenCell([probe('codename', 'correct', 'answer')])).toBe('-');
    expect(neverGivenCell([])).toBe('-');
  });
});
