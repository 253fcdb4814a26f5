/** `target-half`: the whole design, condensing to half the window rather than to 60% of it. */
import { defineStrategy } from '../../../strategies/index.js';

export const targetHalf = defineStrategy({
  name: 'target-half',
  description: 'target, condensing to a goal of half the window',
  base: 'target',
  set: { 'context.target': 0.5 },
});
