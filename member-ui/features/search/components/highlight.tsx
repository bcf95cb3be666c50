import { Fragment } from 'react';

export interface TextPart {
  text: string;
  marked: boolean;
}

/** Case- and accent-insensitive, as the search itself reads text (Latin accents only: Devanagari signs stay). */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null;

/** The words of `text` and what lies between them, in order (Intl.Segmenter: a Devanagari word keeps its signs). */
function wordsOf(text: string): Array<{ segment: string; isWord: boolean }> {
  if (segmenter) return Array.from(segmenter.segment(text), (s) => ({ segment: s.segment, isWord: s.isWordLike === true }));
  return Array.from(text.matchAll(/[\p{L}\p{M}\p{N}']+|[^\p{L}\p{M}\p{N}']+/gu), ([segment]) => ({ segment, isWord: /[\p{L}\p{N}]/u.test(segment) }));
}

/**
 * `text` cut into marked and unmarked parts: a word is marked, whole, when it holds one of `terms` (the search finds
 * "engin" inside "Engineer", so the whole word says why). Never half a word, never a sign cut from its letter.
 */
export function markedParts(text: string, terms: readonly string[]): TextPart[] {
  const wanted = terms.map(fold).filter(Boolean);
  if (!text || wanted.length === 0) return text ? [{ text, marked: false }] : [];
  const parts: TextPart[] = [];
  for (const { segment, isWord } of wordsOf(text)) {
    const marked = isWord && wanted.some((term) => fold(segment).includes(term));
    const last = parts[parts.length - 1];
    if (last && last.marked === marked && !marked) last.text += segment;
    else parts.push({ text: segment, marked });
  }
  return parts;
}

/** `text` with the words holding a search term in <mark>. */
export function Highlight({ text, terms }: { text: string; terms: readonly string[] | undefined }) {
  if (!terms?.length) return <>{text}</>;
  return (
    <>
      {markedParts(text, terms).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
        part.marked ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </>
  );
}
