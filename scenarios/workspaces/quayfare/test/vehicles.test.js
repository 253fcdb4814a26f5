import assert from 'node:assert/strict';
import { test } from 'node:test';
import { vehicleSurcharge } from '../src/vehicles.js';

test('a bicycle goes in the rack for a small surcharge', () => {
  assert.equal(vehicleSurcharge('bicycle'), 300);
});

test('a car longer than the bays is charged as a van', () => {
  assert.equal(vehicleSurcharge('car', 5.2), 2600);
  assert.equal(vehicleSurcharge('car', 5.3), 3900);
});

test('an unknown kind of vehicle is refused', () => {
  assert.throws(() => vehicleSurcharge('tractor'), /unknown vehicle: tractor/);
});
