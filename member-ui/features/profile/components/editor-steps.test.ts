import '../../../test/setup-dom';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMPLETION_STAGES } from '../../../../contracts/profile';
import { EDITOR_STEPS } from './profile-editor';
import { FIELD_DEFS } from './profile-fields';

test('the editor steps are the completion stages, each field with a control', () => {
  assert.deepEqual(
    EDITOR_STEPS.map((s) => [s.title, [...s.fields]]),
    COMPLETION_STAGES.map((s) => [s.name, [...s.fields]]),
  );
  for (const field of EDITOR_STEPS.flatMap((s) => s.fields)) assert.ok(field in FIELD_DEFS, field);
});
