import { describe, expect, it } from 'vitest';
import { formatTable } from '../../reports/text-table.js';

describe('text tables', () => {
  it('aligns columns to their widest cell and trims line ends', () => {
    expect(
      formatTable(
        ['name', 'n'],
        [
          ['a', '10'],
          ['longer', '2'],
        ],
      ),
    ).toEqual(['name    n', '------  --', 'a       10', 'longer  2']);
  });

  it('prints the header alone when there are no rows', () => {
    expect(formatTable(['x', 'y'], [])).toEqual(['x  y', '-  -']);
  });
});
