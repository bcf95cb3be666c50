import '../../../test/setup-dom';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMPLETION_STAGES } from '../../../../contracts/profile';
import { EDITOR_STEPS } from './profile-editor';
import { FIELD_DEFS } from './profile-fields';
import { stageDescription, stageName } from './stage-names';

test('the editor steps are the completion stages, each field with a control, named as the stages are in English', () => {
  assert.deepEqual(
    EDITOR_STEPS.map((s) => [stageName(s.stage), stageDescription(s.stage), [...s.fields]]),
    COMPLETION_STAGES.map((s) => [s.name, s.description, [...s.fields]]),
  );
  for (const field of EDITOR_STEPS.flatMap((s) => s.fields)) assert.ok(field in FIELD_DEFS, field);
});
