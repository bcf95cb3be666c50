import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { figureText, shownFigure } from './site-figures';

test('figures are rounded down and claimed only from 10', () => {
  const cases: Array<[number, string | null]> = [
    [0, null], [9, null], [10, '10+'], [57, '50+'], [120, '120+'], [127, '120+'], [999, '990+'], [1000, '1K+'], [1234, '1.2K+'],
    [9999, '9.9K+'], [10_000, '10K+'], [12_345, '12K+'], [123_456, '120K+'], [1_234_567, '1.2M+'], [20_000_000, '20M+'],
  ];
  for (const [count, text] of cases) {
    const figure = shownFigure(count);
    assert.equal(figure === null ? null : figureText(figure), text, String(count));
  }
});

test('a claim never exceeds the count, and falls short of it by less than a ten or a tenth', () => {
  fc.assert(
    fc.property(fc.integer({ min: 10, max: 50_000_000 }), (count) => {
      const figure = shownFigure(count) as number;
      assert.ok(figure <= count, `${count} → ${figure}`);
      assert.ok(count - figure < 10 || figure >= count * 0.9, `${count} → ${figure}`);
    }),
  );
});
