import { Link } from '@tanstack/react-router';
import Pencil from 'lucide-react/icons/pencil';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { shortRelativeTime } from '../../../lib/message-time';
import { paths } from '../../../lib/paths';
import { type FamilyView, type ProfileActivity, familyError, useProfileActivity } from '../api/family';

/** "dateOfBirth" → "date of birth": the API's field names as words ("photoIds": the photos). */
const fieldWords = (field: string) => (field === 'photoIds' ? 'photos' : field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Who did it, to the one reading: "You", "Priya" (the candidate, to family), "Your father" (to the candidate), "Lakshmi, Priya's mother". */
function who(entry: ProfileActivity, family: FamilyView): string {
  if (entry.by.you) return 'You';
  if (entry.by.candidate) return family.candidateFirstName ?? 'They';
  const relation = entry.by.relation ?? 'family member';
  if (family.you.role === 'candidate') return `Your ${relation}`;
  const first = entry.by.name?.split(' ')[0] ?? 'A family member';
  return `${first}, ${family.candidateFirstName ?? 'their'}'s ${relation}`;
}

/** The permissions as the Family page names them. */
const PERMISSION_WORDS: Record<string, string> = {
  mayEdit: 'edit',
  maySearch: 'search',
  mayLike: 'like',
  mayShortlist: 'shortlist',
  mayMessage: 'write to members',
  mayShare: 'share',
};

function permissionsText(fields: string[]): string {
  const turned = (state: string) => fields.filter((f) => f.endsWith(`:${state}`)).map((f) => PERMISSION_WORDS[f.split(':')[0]] ?? f.split(':')[0]);
  const on = turned('on');
  const off = turned('off');
  const parts = [on.length ? `let family ${listOf(on)}` : '', off.length ? `stopped family: ${listOf(off)}` : ''].filter(Boolean);
  return parts.length ? parts.join('; ') : 'changed what family may do';
}

const DECISIONS: Record<string, string> = { liked: 'liked', dismissed: 'passed on', discussing: 'chose to talk about' };

/** What was done, as a phrase after who did it; the member it was about is a link to their profile. */
function what(entry: ProfileActivity): ReactNode {
  const them = entry.subject ? (
    <Link to={paths.profileView} params={{ id: String(entry.subject.profileId) }} className="text-link">
      {entry.subject.firstName}
    </Link>
  ) : (
    'a member'
  );
  switch (entry.action) {
    case 'edit':
      return entry.fields.length > 0 ? `changed ${listOf(entry.fields.map(fieldWords))}` : 'edited the profile';
    case 'like':
      return <>liked {them}</>;
    case 'unlike':
      return <>took back the like for {them}</>;
    case 'message':
      return <>wrote to {them}</>;
    case 'shortlist':
      return <>shortlisted {them}</>;
    case 'unshortlist':
      return <>removed {them} from the shortlist</>;
    case 'suggest':
      return <>suggested {them}</>;
    case 'decide':
      return (
        <>
          {DECISIONS[entry.fields[0] ?? ''] ?? 'answered about'} {them}
        </>
      );
    case 'permissions':
      return permissionsText(entry.fields);
    default:
      return 'changed the profile';
  }
}

/**
 * The candidate's activity list on the Family page: what the candidate and family did for the profile (edits, likes,
 * messages family wrote, the shortlist, suggestions, permissions), who did it and when; for a helper the candidate
 * lets edit, the way into the candidate's editor.
 */
export function ProfileActivitySection({ family }: { family: FamilyView }) {
  const activity = useProfileActivity(family.profileId, family.consent !== 'unconfirmed');
  const name = family.candidateFirstName ?? 'them';
  const mayEdit = family.you.role === 'family' && family.consent === 'confirmed' && family.permissions.mayEdit;
  // Before the candidate accepts, the family member who made the profile edits it as their own: nothing to list.
  if (family.consent === 'unconfirmed') return null;
  return (
    <section className="card family__section" aria-labelledby={`activity-${family.profileId}`}>
      <h2 className="card__title" id={`activity-${family.profileId}`}>
        {family.you.role === 'candidate' ? 'Activity on your profile' : `Activity on ${name}'s profile`}
      </h2>
      {mayEdit ? (
        <Button asChild variant="outline" block>
          <Link to={paths.familyEdit} params={{ profileId: String(family.profileId) }}>
            <Pencil size={18} aria-hidden="true" />
            Edit {name}'s profile
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
        <p className="card__text">{family.you.role === 'candidate' ? 'Nothing done on your profile yet.' : `Nothing done on ${name}'s profile yet.`}</p>
      ) : (
        <ul className="family__activity" aria-label="Profile activity">
          {activity.data.map((entry) => (
            <li key={entry.id} className="family__activity-item">
              <span>
                {who(entry, family)} {what(entry)}
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
