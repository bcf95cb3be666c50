import { Link } from '@tanstack/react-router';
import Pencil from 'lucide-react/icons/pencil';
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

/** Who made the change, to the one reading: "You", "Your father" (to the candidate), "Lakshmi, Priya's mother". */
function who(entry: ProfileActivity, family: FamilyView): string {
  if (entry.by.you) return 'You';
  const relation = entry.by.relation ?? 'family member';
  if (family.you.role === 'candidate') return `Your ${relation}`;
  const first = entry.by.name?.split(' ')[0] ?? 'A family member';
  return `${first}, ${family.candidateFirstName ?? 'their'}'s ${relation}`;
}

function what(entry: ProfileActivity): string {
  return entry.fields.length > 0 ? `changed ${listOf(entry.fields.map(fieldWords))}` : 'edited the profile';
}

/**
 * The candidate's activity list on the Family page: every change family made to the profile and who made it; for a
 * helper the candidate lets edit, the way into the candidate's editor.
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
        {family.you.role === 'candidate' ? 'Changes your family made' : `Changes to ${name}'s profile`}
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
        <p className="card__text">{family.you.role === 'candidate' ? 'Your family has not changed your profile.' : `Nobody in the family has changed ${name}'s profile yet.`}</p>
      ) : (
        <ul className="family__activity" aria-label="Profile changes">
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
