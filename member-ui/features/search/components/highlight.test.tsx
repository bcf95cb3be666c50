import '../../../test/setup-dom';
import { render } from '@testing-library/react';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Highlight, markedParts } from './highlight';

const marked = (text: string, terms: string[]) => markedParts(text, terms).filter((p) => p.marked).map((p) => p.text);

test('whole words holding a term are marked, case- and accent-insensitively', () => {
  assert.deepEqual(marked('Software Engineer · Zürich, Switzerland', ['engin', 'zurich']), ['Engineer', 'Zürich']);
  assert.deepEqual(marked('Software Engineer', ['SOFTWARE']), ['Software']);
  assert.deepEqual(marked('Pune, India', ['delhi']), []);
  assert.equal(markedParts('Pune, India', ['pune']).map((p) => p.text).join(''), 'Pune, India', 'the text is kept whole');
});

test('Devanagari: a word is marked whole, its vowel signs never cut off', () => {
  const parts = markedParts('प्रिया शर्मा, पुणे', ['पुणे']);
  assert.deepEqual(parts.filter((p) => p.marked).map((p) => p.text), ['पुणे']);
  assert.equal(parts.map((p) => p.text).join(''), 'प्रिया शर्मा, पुणे');
  // A term inside a word marks the whole word, with its signs.
  assert.deepEqual(marked('प्रिया शर्मा', ['शर']), ['शर्मा']);
});

test('<Highlight> renders <mark> around the matched words and plain text around them', () => {
  const { container } = render(
    <p>
      <Highlight text="Doctor in Toronto, Canada" terms={['toronto']} />
    </p>,
  );
  assert.deepEqual(Array.from(container.querySelectorAll('mark'), (m) => m.textContent), ['Toronto']);
  assert.equal(container.textContent, 'Doctor in Toronto, Canada');
  const plain = render(<Highlight text="No terms" terms={[]} />);
  assert.equal(plain.container.querySelectorAll('mark').length, 0);
});
