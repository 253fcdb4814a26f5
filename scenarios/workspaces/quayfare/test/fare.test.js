import assert from 'node:assert/strict';
import { test } from 'node:test';
import { quote, roundToTen } from '../src/fare.js';

test('one adult to Holm pays the fare and the harbour levy', () => {
  const result = quote({ from: 'Calder Quay', to: 'Holm', ages: [34] });
  assert.equal(result.total, 1240 + 150);
});

test('a route is sailed both ways at the same fare', () => {
  const out = quote({ from: 'Holm', to: 'Skerrivore', ages: [30, 8] });
  const back = quote({ from: 'Skerrivore', to: 'Holm', ages: [30, 8] });
  assert.deepEqual(back.lines, out.lines);
});

test('a family of six travels with the group discount', () => {
  const result = quote({ from: 'Calder Quay', to: 'Skerrivore', ages: [41, 39, 12, 10, 7, 3] });
  // Two adults and four children: four adult fares' worth, less a tenth.
  assert.equal(result.lines[0].cents, roundToTen(4 * 1880 * 0.9));
});

test('a car is charged once, whatever the number of passengers', () => {
  const result = quote({
    from: 'Calder Quay',
    to: 'Holm',
    ages: [50, 48],
    vehicle: { kind: 'car', length: 4.4 },
  });
  assert.equal(result.lines.at(-1).cents, 2600);
});

test('amounts are rounded to the nearest 10 cents, halves up', () => {
  assert.equal(roundToTen(1234), 1230);
  assert.equal(roundToTen(1235), 1240);
});

test('no ferry sails between two harbours without a route', () => {
  assert.throws(() => quote({ from: 'Holm', to: 'Fara', ages: [30] }), /no route between Holm and Fara/);
});
