import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatEuros, receiptLines } from '../src/format.js';

test('cents are printed as euros with two decimals', () => {
  assert.equal(formatEuros(1390), '€13.90');
  assert.equal(formatEuros(5), '€0.05');
  assert.equal(formatEuros(-250), '-€2.50');
});

test('receipt lines line up their amounts', () => {
  const lines = receiptLines([
    { label: 'Fares (2)', cents: 2480 },
    { label: 'Harbour levy', cents: 300 },
  ]);
  assert.deepEqual(lines, ['Fares (2)     €24.80', 'Harbour levy  €3.00']);
});
