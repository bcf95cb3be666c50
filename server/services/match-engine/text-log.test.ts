import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Packer, Unpacker } from './columns-file';
import { TextIndex } from './text-index';
import { searchTokens, textHash } from './text-words';
import { TextLog } from './text-log';

/** What a search must find: the texts where every token lies inside a run of [a-z0-9'] of the lower-cased text. */
function reference(texts: Array<string | null>, tokens: string[]): number[] {
  const hits: number[] = [];
  texts.forEach((text, p) => {
    const words = (text ?? '').toLowerCase().split(/[^a-z0-9']+/);
    if (tokens.every((t) => words.some((w) => w.includes(t)))) hits.push(p);
  });
  return hits;
}

// Upper case, accents, letters whose lower case is ASCII (Kelvin sign, dotted capital I), Devanagari, next to the usual.
const char = fc.constantFrom(...'abcdeiklnorsz0129\' -,.;AKEIZ\u00e9\u00c9\u212a\u0130\u00df\u0930\u093e');
const textArb = fc.oneof(fc.constant(null), fc.string({ unit: char, maxLength: 40 }));
const queryArb = fc.array(fc.string({ unit: char, minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 });

test("a build's text log: its hits are the text index's, its hashes the index's, and the index it builds in any order finds the same", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(textArb, { maxLength: 40 }), queryArb, fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (texts, queries, seed) => {
      const log = new TextLog(2);
      const index = new TextIndex();
      texts.forEach((t, p) => {
        // Every other text as the scan reads it, UTF-8 bytes cut from a longer line; the others as a reload gives them.
        const line = t === null ? null : Buffer.from(`x\u001f${t}\u001fy`, 'utf8');
        const hash = line === null || p % 2 === 0 ? log.add(p, t) : log.addBytes(p, line, 2, line.length - 2);
        assert.equal(hash, textHash(t));
        index.add(p, t);
      });
      // The build's positions in another order (clustering), built from the log as the engine does after start-up.
      const order = Int32Array.from(texts.map((_, i) => i));
      for (let i = order.length - 1, s = seed; i > 0; i--) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        const j = s % (i + 1);
        [order[i], order[j]] = [order[j], order[i]];
      }
      const built = await log.buildIndex(order);
      for (const query of [...queries, queries.join(' ')]) {
        const tokens = searchTokens(query);
        if (tokens.length === 0) continue;
        const expected = reference(texts, tokens);
        assert.deepEqual([...log.positionsWith(tokens)], expected);
        assert.deepEqual([...index.hits(tokens, texts.length)].sort((a, b) => a - b), expected);
        assert.deepEqual([...built.hits(tokens, texts.length)].map((p) => order[p]).sort((a, b) => a - b), expected);
      }
    }),
    { numRuns: 2000 },
  );
});

test('a log sent to another thread and back, and two halves absorbed, read as one log', () => {
  const first = new TextLog(1);
  const second = new TextLog(1);
  const texts = ['software engineer london', null, 'Doctor TORONTO', '', 'chartered accountant, mumbai', "o'brien k\u212aelvin"];
  for (const [i, t] of texts.entries()) {
    if (i < 3) first.add(i, t);
    else second.add(i - 3, t);
  }
  const copied = TextLog.of(structuredClone(second.parts()));
  first.absorb(copied);
  assert.equal(first.size, texts.length);
  for (const query of ['engin', 'toronto doc', 'a', "o'b", 'kk', 'mumbai', 'zzz']) {
    assert.deepEqual([...first.positionsWith(searchTokens(query))], reference(texts, searchTokens(query)), query);
  }
  assert.throws(() => first.add(3, 'out of step'), /in order/);
});

test('a text index built from a log, then the texts of members moved since appended, is the index of all of them', async () => {
  const texts = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? 'common engineer' : `rare${i} doctor`));
  const log = new TextLog();
  for (const [p, t] of texts.entries()) log.add(p, t);
  const built = await log.buildIndex(Int32Array.from(texts.keys()));
  const later = new TextIndex();
  const moved = ['common nurse', 'rare7 engineer'];
  for (const [k, t] of moved.entries()) later.add(texts.length + k, t);
  built.absorb(later, 0);
  const all = [...texts, ...moved];
  for (const query of ['common', 'engineer', 'rare7', 'nurse', 'doctor rare1']) {
    assert.deepEqual([...built.hits(searchTokens(query), all.length)].sort((a, b) => a - b), reference(all, searchTokens(query)), query);
  }
  // Words held by more than one position in 32 are kept as bitmaps (settle), and survive a snapshot.
  const packer = new Packer();
  const snap = built.toSnapshot(packer);
  assert.equal(new Unpacker(packer.columns).get(snap.denseIds, 'Int32Array').length, 3, 'common, engineer and doctor as bitmaps');
  const again = TextIndex.fromSnapshot(snap, new Unpacker(packer.columns));
  assert.deepEqual([...again.hits(['common'], all.length)].sort((a, b) => a - b), reference(all, ['common']));
});
