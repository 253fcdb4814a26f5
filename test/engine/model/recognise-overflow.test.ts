import { describe, expect, it } from 'vitest';
import { recogniseOverflow } from '../../../engine/model/recognise-overflow.js';
import { ContextOverflowError } from '../../../engine/model/port.js';

describe('recogniseOverflow', () => {
  it('reads the typed error', () => {
    expect(recogniseOverflow(new ContextOverflowError(8192, 9001))).toEqual({ limit: 8192, count: 9001 });
  });

  it('reads the generic message form, with or without separators', () => {
    expect(recogniseOverflow(new Error('Provided 8913 tokens, but the maximum allowed is 8192'))).toEqual({
      count: 8913,
      limit: 8192,
    });
    expect(
      recogniseOverflow(
        new Error('inference failed: Provided 8,913 tokens, but the maximum allowed is 8,192.'),
      ),
    ).toEqual({ count: 8913, limit: 8192 });
  });

  it('ignores other failures', () => {
    expect(recogniseOverflow(new Error('connection refused'))).toBeNull();
    expect(recogniseOverflow('Provided 3 tokens')).toBeNull();
  });
});
