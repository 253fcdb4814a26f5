import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupFactor, passengerShare } from '../src/discounts.js';

test('an adult pays the whole adult fare', () => {
  assert.equal(passengerShare(40), 1);
});

test('a child under 16 pays half the adult fare', () => {
  assert.equal(passengerShare(15), 0.5);
  assert.equal(passengerShare(16), 1);
});

test('a senior pays a quarter less than an adult', () => {
  assert.equal(passengerShare(65), 0.75);
});

test('a party of six gets the group discount and a party of five does not', () => {
  assert.equal(groupFactor(6), 0.9);
  assert.equal(groupFactor(5), 1);
});

test('an age that is not a whole number of years is refused', () => {
  assert.throws(() => passengerShare(7.5), /not an age/);
});
