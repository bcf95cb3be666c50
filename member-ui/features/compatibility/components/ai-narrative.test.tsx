import '../../../test/setup-dom';
import { cleanup, render, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

const { AiNarrativeView } = await import('./ai-narrative');

afterEach(() => cleanup());

test('sections are collapsible, titled by their headings, and markup in the narrative shows as text', () => {
  const markdown = [
    'Overall: a <b>bold</b> claim',
    '## Strengths',
    '- Nadi: <script>alert("x")</script>',
    '<img src=x onerror="alert(1)">',
    '## ',
    'Plain text under an empty heading',
  ].join('\n');
  const { container } = render(<AiNarrativeView markdown={markdown} />);

  const sections = container.querySelectorAll('details.ai-section');
  assert.equal(sections.length, 2);
  assert.equal(sections[0]?.querySelector('summary')?.textContent, 'Strengths');
  assert.equal(sections[1]?.querySelector('summary')?.textContent, 'Section 2');
  assert.equal(sections[0]?.hasAttribute('open'), true, 'the first section starts open');
  assert.equal(sections[1]?.hasAttribute('open'), false);

  assert.equal(container.querySelector('script'), null, 'no script element is created');
  assert.equal(container.querySelector('img'), null);
  assert.equal(container.querySelector('b'), null);
  assert.ok(screen.getByText('<script>alert("x")</script>'), 'the script tag shows as text');
  assert.ok(screen.getByText('<img src=x onerror="alert(1)">'));
  assert.ok(screen.getByText('a <b>bold</b> claim'));
  assert.equal(screen.getByText('Nadi:').tagName, 'STRONG', 'a "Label:" bullet styles its label');
  assert.ok(container.querySelector('.ai-line--bullet'));
});
