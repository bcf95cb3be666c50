/**
 * What a word of a search text is, and the hashes the engine takes of texts: the query's tokens, a token's
 * characters ([a-z0-9'], accents and case folded), FNV-1a over a text or a stretch of one (the text index's
 * vocabulary, the text log's pass, a member's text hash), and a string copy that does not pin the text it came from.
 */

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The query's tokens, as the full-text search has always read them (at most 8). */
export function searchTokens(query: string | undefined): string[] {
  if (!query) return [];
  return stripAccents(query)
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * A string of its own with the characters of `s`: a slice of 13 characters or more points into the text it was
 * cut from (a row, or a whole page of rows read at once) and would keep that alive as long as the slice is kept.
 */
export const ownCopy = (s: string): string => (s.length < 13 ? s : s.split('').join(''));

/** FNV-1a's constants (TextLog hashes with them too, in its own pass over a text). */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 16777619;

/** A cheap 32-bit hash of a text (FNV-1a), to notice when a member's text changed. */
export function textHash(text: string | null): number {
  return hashOf(text ?? '', 0, (text ?? '').length);
}

/** FNV-1a of s[from, to). */
export function hashOf(s: string, from: number, to: number): number {
  let h = FNV_OFFSET;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h | 0;
}

/** What an ASCII character is to the word reader: 0 between words, 1 in a word ([a-z0-9']), 2 upper case. */
export const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) CHAR_CLASS[c] = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 ? 1 : c >= 65 && c <= 90 ? 2 : 0;
