import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChangeVersions } from './change-versions';

test('a read that began before a change to its member is told apart, also when the versions were emptied meanwhile', () => {
  const versions = new ChangeVersions(3);
  const before = versions.of(7);
  assert.equal(versions.of(7), before, 'no change: the same version');
  versions.changed(8);
  assert.equal(versions.of(7), before, "another member's change");
  versions.changed(7);
  assert.notEqual(versions.of(7), before);
  // Past three members the map is emptied: a read that began before is not taken for current.
  const during = versions.of(7);
  const untouched = versions.of(1);
  for (const id of [2, 3, 4, 5]) versions.changed(id);
  assert.notEqual(versions.of(7), during);
  assert.notEqual(versions.of(1), untouched);
  const after = versions.of(7);
  assert.equal(versions.of(7), after);
});
