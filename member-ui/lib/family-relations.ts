// From enums, not contracts/family: the app shell (the helper bar) uses these, and contracts/family brings zod and
// the English catalogue with its schemas.
import { FAMILY_RELATION_VALUES } from '../../contracts/enums';
import type { MessageId } from '../i18n/catalogue';
import { translate } from '../i18n/translate';

type Relation = (typeof FAMILY_RELATION_VALUES)[number] | 'family';

/**
 * A family member's relation as the catalogue has it. Hindi puts "की" before माँ and "के" before पिता, so each
 * possessive form ("Your mother", "Priya's mother") is its own message per relation rather than a word put into one
 * sentence. A relation the list does not have (or none) reads as "family member".
 */
function known(relation: string | null | undefined): Relation {
  return (FAMILY_RELATION_VALUES as readonly string[]).includes(relation ?? '') ? (relation as Relation) : 'family';
}

/** "Mother", as a badge or a choice. */
export function relationLabel(relation: string | null | undefined): string {
  return translate(`family.relation.${known(relation)}` as MessageId);
}

/** "mother", inside a sentence. */
export function relationWord(relation: string | null | undefined): string {
  return translate(`family.relationWord.${known(relation)}` as MessageId);
}

/** "Your mother", to the candidate. */
export function yourRelation(relation: string | null | undefined): string {
  return translate(`family.yourRelation.${known(relation)}` as MessageId);
}

/** "Priya's mother". */
export function relationOf(relation: string | null | undefined, name: string): string {
  return translate(`family.relationOf.${known(relation)}` as MessageId, { name });
}

/** "their mother", "उनकी माँ", "அவர்களின் அம்மா": a helper's relation to the candidate, inside a sentence. */
export function theirRelation(relation: string | null | undefined): string {
  return translate(`family.theirRelation.${known(relation)}` as MessageId);
}
