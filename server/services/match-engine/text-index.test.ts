import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Packer, Unpacker } from './columns-file';
import { TextIndex } from './text-index';
import { searchTokens, textHash } from './text-words';

/** What a search must find: the texts where every token lies inside a run of [a-z0-9'] of the lower-cased text. */
function reference(texts: string[], tokens: string[]): number[] {
  const hits: number[] = [];
  texts.forEach((text, p) => {
    const words = text.toLowerCase().split(/[^a-z0-9']+/);
    if (tokens.every((t) => words.some((w) => w.includes(t)))) hits.push(p);
  });
  return hits;
}

test('full text: words read in place (lower-case ASCII) or through toLowerCase (anything else) find what the split words find, and the text hash is the same', () => {
  // Upper case, accents and letters whose lower case is ASCII (Kelvin sign, dotted capital I) next to the usual.
  const char = fc.constantFrom(...'abcdeiklnorsz0129\' -,.;AKEIZ\u00e9\u00c9\u212a\u0130\u00df');
  const text = fc.oneof(fc.constant(null), fc.string({ unit: char, maxLength: 40 }));
  fc.assert(
    fc.property(fc.array(text, { maxLength: 30 }), fc.array(fc.string({ unit: char, minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }), (texts, queries) => {
      const index = new TextIndex();
      // Indexing a text also gives its hash (what tells a changed text), in the same pass.
      texts.forEach((t, p) => {
        assert.equal(index.add(p, t), textHash(t));
      });
      // Each query alone and then all of them again on the same index: a query leaves nothing behind for the next.
      const all = [...queries, ...queries];
      for (const query of all) {
        const tokens = searchTokens(query);
        if (tokens.length === 0) continue;
        const found = [...index.hits(tokens, texts.length)].sort((a, b) => a - b);
        assert.deepEqual(found, reference(texts.map((t) => t ?? ''), tokens));
      }
      const tokens = searchTokens(queries.join(' '));
      if (tokens.length === 0) return;
      assert.deepEqual([...index.hits(tokens, texts.length)].sort((a, b) => a - b), reference(texts.map((t) => t ?? ''), tokens));
    }),
    { numRuns: 3000 },
  );
});

test('full text: a vocabulary past its first table (thousands of words) still finds each word', () => {
  const index = new TextIndex();
  const texts = Array.from({ length: 3000 }, (_, p) => `w${p} common x${p % 7}`);
  texts.forEach((t, p) => {
    index.add(p, t);
  });
  for (const tokens of [['w2999'], ['w0'], ['x3', 'w10'], ['common'], ['absent']]) {
    const found = [...index.hits(tokens, texts.length)].sort((a, b) => a - b);
    assert.deepEqual(found, reference(texts, tokens), tokens.join(' '));
  }
});

test('full text: hits within spans of positions are the hits inside them, and leave no marks behind', () => {
  // A search for one gender gathers only that gender's part of the layout and the members added since.
  const word = fc.constantFrom('engineer', 'doctor', 'london', 'pune', 'teacher');
  fc.assert(
    fc.property(
      fc.array(fc.array(word, { maxLength: 3 }).map((w) => w.join(' ')), { minLength: 1, maxLength: 200 }),
      fc.array(fc.nat({ max: 210 }), { maxLength: 6 }).map((cuts) => [...cuts].sort((a, b) => a - b)),
      fc.array(word, { minLength: 1, maxLength: 2 }),
      (texts, cuts, tokens) => {
        const index = new TextIndex();
        texts.forEach((t, p) => {
          index.add(p, t);
        });
        const pairs = cuts.length % 2 ? cuts.slice(0, -1) : cuts;
        const inside = (p: number) => pairs.some((from, i) => i % 2 === 0 && p >= from && p < pairs[i + 1]);
        const found = [...index.hits(tokens, texts.length, Int32Array.from(pairs))].sort((a, b) => a - b);
        assert.deepEqual(found, reference(texts, tokens).filter(inside));
        // The next search without spans still finds everything (the marks were cleared).
        assert.deepEqual([...index.hits(tokens, texts.length)].sort((a, b) => a - b), reference(texts, tokens));
      },
    ),
    { numRuns: 2000 },
  );
});

test('full text: after clustering (common words kept as bitmaps), through a snapshot, new texts and a merge, hits are still the texts holding every token', () => {
  // renumber makes a word held by more than one position in 32 dense (a bitmap); the rest stay lists.
  const word = fc.constantFrom('engineer', 'doctor', 'london', 'pune', 'teacher', 'united', 'states', 'rare1', 'rare2');
  const texts = fc.array(fc.array(word, { maxLength: 4 }).map((w) => w.join(' ')), { minLength: 1, maxLength: 300 });
  fc.assert(
    fc.property(texts, texts, fc.array(fc.boolean(), { maxLength: 300 }), fc.array(word, { minLength: 1, maxLength: 2 }), fc.nat({ max: 320 }), (first, later, gone, tokens, cut) => {
      const index = new TextIndex();
      first.forEach((t, p) => {
        index.add(p, t);
      });
      // Clustering: some positions gone, the others in reverse order.
      const kept = first.map((_, p) => p).filter((p) => !gone[p]);
      const next = new Int32Array(first.length).fill(-1);
      kept.forEach((p, k) => {
        next[p] = kept.length - 1 - k;
      });
      index.renumber(next);
      const texts = new Array<string>(kept.length);
      kept.forEach((p) => {
        texts[next[p]] = first[p];
      });
      // Through a snapshot, then members added after the layout (to dense words' bitmaps too).
      const packer = new Packer();
      const snap = index.toSnapshot(packer);
      const restored = TextIndex.fromSnapshot(snap, new Unpacker(packer.columns));
      for (const t of later) {
        restored.add(texts.length, t);
        texts.push(t);
      }
      const sorted = (a: Int32Array) => [...a].sort((x, y) => x - y);
      assert.deepEqual(sorted(restored.hits(tokens, texts.length)), reference(texts, tokens));
      const spans = Int32Array.of(Math.min(cut, texts.length), texts.length);
      assert.deepEqual(sorted(restored.hits(tokens, texts.length, spans)), reference(texts, tokens).filter((p) => p >= spans[0]));
      assert.deepEqual(sorted(restored.hits(tokens, texts.length)), reference(texts, tokens), 'no marks left behind');
      // Merged after another index (a build's two parts): the dense words become lists again.
      const merged = new TextIndex();
      merged.add(0, 'doctor pune');
      merged.absorb(restored, 1);
      assert.deepEqual(sorted(merged.hits(tokens, texts.length + 1)), reference(['doctor pune', ...texts], tokens));
    }),
    { numRuns: 1500 },
  );
});

test('full text: a word more than one member in 32 has is kept as a bitmap after clustering, and takes less room', () => {
  const index = new TextIndex();
  const n = 20_000;
  for (let p = 0; p < n; p++) index.add(p, `${p % 2 ? 'engineer' : 'doctor'} city${p % 1000} united`);
  const before = index.bytes();
  index.renumber(Int32Array.from({ length: n }, (_, p) => p));
  // The three common words' 2n positions took 4 bytes each; as bitmaps, a bit per member each.
  assert.ok(before - index.bytes() >= 2 * n * 4 - 3 * (n / 8 + 64), `${index.bytes()} bytes after, ${before} before`);
  assert.equal(index.hits(['united'], n).length, n);
  assert.equal(index.hits(['city999'], n).length, 20);
});
