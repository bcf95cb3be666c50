import { Link } from '@tanstack/react-router';
import Pencil from 'lucide-react/icons/pencil';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { shortRelativeTime } from '../../../lib/message-time';
import { paths } from '../../../lib/paths';
import { type FamilyView, type ProfileActivity, familyError, useProfileActivity } from '../api/family';
import { DEFAULT_LANGUAGE, localeOf } from '../../../../contracts/i18n/languages';
import type { MessageId } from '../../../i18n/catalogue';
import { currentIntl, translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { relationOf, yourRelation } from '../../../lib/family-relations';

/** "dateOfBirth" → "date of birth": the API's field names as words ("photoIds": the photos). */
const fieldWords = (field: string) => (field === 'photoIds' ? 'photos' : field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

const inEnglish = () => currentIntl().locale === localeOf(DEFAULT_LANGUAGE);

/** A changed field in the app's language: the profile page's own label where it has one, else the field's English words. */
function fieldName(field: string): string {
  if (inEnglish()) return fieldWords(field);
  const messages = currentIntl().messages;
  for (const id of [`family.field.${field}`, `profile.${field}`]) if (id in messages) return translate(id as MessageId);
  return fieldWords(field);
}

function listOf(words: string[]): string {
  if (!inEnglish()) return new Intl.ListFormat(currentIntl().locale, { type: 'conjunction' }).format(words);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Who did it, to the one reading: "You", "Priya" (the candidate, to family), "Your father" (to the candidate), "Lakshmi, Priya's mother". */
function who(entry: ProfileActivity, family: FamilyView): string {
  if (entry.by.you) return translate('family.you');
  if (entry.by.candidate) return family.candidateFirstName ?? translate('family.they');
  if (family.you.role === 'candidate') return yourRelation(entry.by.relation);
  const first = entry.by.name?.split(' ')[0] ?? translate('family.aFamilyMember');
  return translate('family.activity.helper', { first, relationOf: relationOf(entry.by.relation, family.candidateFirstName ?? translate('family.them')) });
}

/** The permissions as the Family page names them. */
const PERMISSION_WORDS: Record<string, MessageId> = {
  mayEdit: 'family.permWord.mayEdit',
  maySearch: 'family.permWord.maySearch',
  mayLike: 'family.permWord.mayLike',
  mayShortlist: 'family.permWord.mayShortlist',
  mayMessage: 'family.permWord.mayMessage',
  mayShare: 'family.permWord.mayShare',
  mayCall: 'family.permWord.mayCall',
};

function permissionsText(fields: string[]): string {
  const word = (key: string) => (PERMISSION_WORDS[key] ? translate(PERMISSION_WORDS[key]) : key);
  const turned = (state: string) => fields.filter((f) => f.endsWith(`:${state}`)).map((f) => word(f.split(':')[0]));
  const on = turned('on');
  const off = turned('off');
  const parts = [on.length ? translate('family.activity.letFamily', { list: listOf(on) }) : '', off.length ? translate('family.activity.stoppedFamily', { list: listOf(off) }) : ''].filter(Boolean);
  return parts.length ? parts.join('; ') : translate('family.activity.changedPermissions');
}

const DECISIONS: Record<string, MessageId> = { liked: 'family.activity.decide.liked', dismissed: 'family.activity.decide.dismissed', discussing: 'family.activity.decide.discussing' };

/** Where the member's name goes in a sentence: the sentence is translated whole, then the link put in its place. */
const SLOT = '\u2063';

/**
 * What was done, as one sentence with who did it (Hindi and Tamil put the verb last and make it agree with "you");
 * the member it was about is a link to their profile.
 */
function sentence(entry: ProfileActivity, family: FamilyView): ReactNode {
  const values = { who: who(entry, family), self: entry.by.you ? 'yes' : 'no', them: SLOT };
  const id = ((): MessageId => {
    switch (entry.action) {
      case 'edit':
        return entry.fields.length > 0 ? 'family.activity.changed' : 'family.activity.edited';
      case 'like':
      case 'unlike':
      case 'message':
      case 'shortlist':
      case 'unshortlist':
      case 'suggest':
        return `family.activity.${entry.action}` as MessageId;
      case 'decide':
        return DECISIONS[entry.fields[0] ?? ''] ?? 'family.activity.decide.other';
      case 'permissions':
        return 'family.activity.permissions';
      default:
        return 'family.activity.other';
    }
  })();
  const text = translate(id, { ...values, fields: listOf(entry.fields.map(fieldName)), changes: permissionsText(entry.fields) });
  if (!text.includes(SLOT)) return text;
  const them = entry.subject ? (
    <Link to={paths.profileView} params={{ id: String(entry.subject.profileId) }} className="text-link">
      {entry.subject.firstName}
    </Link>
  ) : (
    translate('family.aMember')
  );
  const [before, after] = text.split(SLOT);
  return (
    <>
      {before}
      {them}
      {after}
    </>
  );
}

/**
 * The candidate's activity list on the Family page: what the candidate and family did for the profile (edits, likes,
 * messages family wrote, the shortlist, suggestions, permissions), who did it and when; for a helper the candidate
 * lets edit, the way into the candidate's editor.
 */
export function ProfileActivitySection({ family }: { family: FamilyView }) {
  const activity = useProfileActivity(family.profileId, family.consent !== 'unconfirmed');
  const t = useT();
  const name = family.candidateFirstName ?? t('family.them');
  const mayEdit = family.you.role === 'family' && family.consent === 'confirmed' && family.permissions.mayEdit;
  // Before the candidate accepts, the family member who made the profile edits it as their own: nothing to list.
  if (family.consent === 'unconfirmed') return null;
  return (
    <section className="card family__section" aria-labelledby={`activity-${family.profileId}`}>
      <h2 className="card__title" id={`activity-${family.profileId}`}>
        {family.you.role === 'candidate' ? t('family.activity.yours') : t('family.activity.theirs', { name })}
      </h2>
      {mayEdit ? (
        <Button asChild variant="outline" block>
          <Link to={paths.familyEdit} params={{ profileId: String(family.profileId) }}>
            <Pencil size={18} aria-hidden="true" />
            {t('family.editProfileOf', { name })}
          </Link>
        </Button>
      ) : null}
      {activity.isPending ? (
        <Spinner />
      ) : activity.isError ? (
        <p className="card__text" role="alert">
          {familyError(activity.error)}
        </p>
      ) : activity.data.length === 0 ? (
        <p className="card__text">{family.you.role === 'candidate' ? t('family.activity.noneYours') : t('family.activity.noneTheirs', { name })}</p>
      ) : (
        <ul className="family__activity" aria-label={t('family.activity.label')}>
          {activity.data.map((entry) => (
            <li key={entry.id} className="family__activity-item">
              <span>
                {sentence(entry, family)}
              </span>
              <time className="family__activity-time" dateTime={entry.createdAt}>
                {shortRelativeTime(entry.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
