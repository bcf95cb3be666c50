import type { ProfileCardView } from '../../contracts/views';

const folded = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * Why a text search found this card: the card's searched fields (those of the search text: profession, education,
 * place) that hold one of the query's terms, joined as the card shows them, and the terms found anywhere on the
 * card (the name too). Worked out here from the query and the card, the same case- and accent-insensitive "inside
 * a word" rule the full-text index applies; the app marks the words (highlight.tsx).
 */
export function searchSnippet(card: ProfileCardView, terms: string[]): { snippet: string | null; matchedTerms: string[] } {
  if (terms.length === 0) return { snippet: null, matchedTerms: [] };
  const place = [card.city, card.country].filter(Boolean).join(', ') || card.location;
  const fields = [card.profession, card.education, place].filter((f): f is string => Boolean(f));
  const has = (field: string) => terms.some((t) => folded(field).includes(t));
  const matched = fields.filter(has);
  const everything = folded([card.fullName, ...fields].join(' '));
  return { snippet: matched.length ? matched.join(' · ') : null, matchedTerms: terms.filter((t) => everything.includes(t)) };
}
