import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitAiAnalysis } from './ai-sections';

test('splits on #, ## and ### headings; the text before the first heading is the overview', () => {
  const { overview, sections } = splitAiAnalysis(
    'Overall: 24 of 36 gunas.\nA warm match.\n\n# Birth charts\n- Asha: Rohini\n## Strengths\n- **Nadi** scores well\n### Timing\nDasha compatibility: 70%\n',
  );
  assert.deepEqual(overview, [
    { kind: 'label', label: 'Overall', text: '24 of 36 gunas.' },
    { kind: 'text', text: 'A warm match.' },
  ]);
  assert.deepEqual(
    sections.map((s) => s.title),
    ['Birth charts', 'Strengths', 'Timing'],
  );
  assert.deepEqual(sections[0]?.lines, [{ kind: 'bullet', label: 'Asha', text: 'Rohini' }]);
  assert.deepEqual(sections[1]?.lines, [{ kind: 'bullet', text: 'Nadi scores well' }]);
  assert.deepEqual(sections[2]?.lines, [{ kind: 'label', label: 'Dasha compatibility', text: '70%' }]);
});

test('a heading without text becomes "Section N"; four hashes are not a heading', () => {
  const { sections } = splitAiAnalysis('## \nFirst part\n##\nSecond part\n#### not a heading');
  assert.deepEqual(
    sections.map((s) => s.title),
    ['Section 1', 'Section 2'],
  );
  assert.deepEqual(sections[1]?.lines, [
    { kind: 'text', text: 'Second part' },
    { kind: 'text', text: '#### not a heading' },
  ]);
});
