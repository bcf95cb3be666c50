import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FAMILY_RELATION_VALUES } from '../../../../contracts/family';
import { messageAuthor } from '../../../components/chat/message-author';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import {
  type FamilyPermissions,
  type FamilyView,
  familyError,
  useFamily,
  useFamilyConversations,
  useInvite,
  useRemoveMember,
  useOwnConversations,
  useSetConsentGate,
  useSetPermissions,
  useShareConversation,
  useWithdrawInvitation,
} from '../api/family';
import { firstName } from '../../../lib/format';
import { FamilyThread } from './family-thread';
import { ProfileActivitySection } from './profile-activity';
import { FamilyChatLink } from './profile-link';
import { FindToSuggest, SuggestionList } from './suggestions';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function statusLine(view: FamilyView): string {
  const name = view.candidateFirstName ?? 'the person it is for';
  if (view.consent === 'unconfirmed') return `Managed by family, not yet confirmed by ${name}.`;
  if (view.consent === 'declined') return `${capitalise(name)} declined this profile. It is hidden from every member.`;
  return view.you.role === 'candidate' ? 'You hold this profile. Your family helps as you allow.' : `${capitalise(name)} holds this profile; you help as they allow.`;
}

/** One profile's family: its people, invitations, what family may do, the shortlist and the family thread. */
export function FamilyPanel({ profileId }: { profileId: number }) {
  const view = useFamily(profileId);
  if (view.isPending) return <Spinner />;
  if (view.isError) return <AlertBanner>{familyError(view.error)}</AlertBanner>;
  const family = view.data;
  const name = family.candidateFirstName ?? 'them';
  const active = family.consent !== 'declined';
  // Once the candidate and family work together, what they work on (the shortlist and its thread) comes first, and
  // who is in the family and what they may do after it; before that, inviting the people is the thing to do.
  const working = active && family.consent !== 'unconfirmed' && family.people.some((p) => p.role === 'family');
  const people = (
    <section className="card family__section" aria-labelledby={`people-${profileId}`}>
      <h2 className="card__title" id={`people-${profileId}`}>
        People of this profile
      </h2>
      <p className="card__text">{statusLine(family)}</p>
      {family.consent === 'confirmed' && family.consentLabel ? (
        <p className="card__text family__consent">
          Members read: <strong>{family.consentLabel}</strong>
          {family.consentLabel === 'Confirmed by email' ? (family.you.role === 'candidate' ? '. Verify your identity in Settings to show it is you.' : `, until ${name} verifies their identity.`) : null}
        </p>
      ) : null}
      {family.you.role === 'family' && family.consent === 'unconfirmed' ? <ConsentGate family={family} /> : null}
      <People family={family} />
      {active ? <InviteForm family={family} /> : null}
    </section>
  );
  const shortlist = active ? (
    <section className="card family__section" aria-labelledby={`shortlist-${profileId}`}>
      <h2 className="card__title" id={`shortlist-${profileId}`}>
        {family.you.role === 'candidate' ? 'Suggested by your family' : `Suggestions for ${name}`}
      </h2>
      <SuggestionList profileId={profileId} isCandidate={family.you.role === 'candidate'} />
      {family.you.role === 'family' && family.consent === 'confirmed' && family.permissions.mayShortlist ? (
        <FindToSuggest profileId={profileId} candidateUserId={family.people.find((p) => p.role === 'candidate')?.userId ?? 0} candidateName={name} mayLike={family.permissions.mayLike} mayMessage={family.permissions.mayMessage} />
      ) : null}
    </section>
  ) : null;
  const thread = active ? <FamilyThread profileId={profileId} /> : null;
  const conversations = family.you.role === 'family' && family.consent === 'confirmed' ? <ConversationsForCandidate family={family} /> : null;
  const activity = active ? <ProfileActivitySection family={family} /> : null;
  const candidateSettings =
    family.you.role === 'candidate' ? (
      <>
        <Permissions profileId={profileId} permissions={family.permissions} />
        {active ? <SharedConversations family={family} /> : null}
      </>
    ) : null;
  return (
    <div className="family">
      {working ? (
        <>
          {shortlist}
          {thread}
          {conversations}
          {activity}
          {people}
          {candidateSettings}
        </>
      ) : (
        <>
          {people}
          {candidateSettings}
          {activity}
          {conversations}
          {shortlist}
          {thread}
        </>
      )}
    </div>
  );
}

function People({ family }: { family: FamilyView }) {
  const remove = useRemoveMember(family.profileId);
  const withdraw = useWithdrawInvitation(family.profileId);
  // Removing someone signs them out at once, so it is asked once more; then said what happened.
  const [confirming, setConfirming] = useState<number | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const removing = family.people.find((p) => p.memberId !== null && p.memberId === confirming);
  return (
    <>
      <ul className="family__people">
        {family.people.map((person) => (
          <li key={`${person.role}-${person.userId}`} className="family__person">
            <span className="family__person-name">
              {person.fullName}
              {person.userId === family.you.userId ? ' (you)' : ''}
            </span>
            <Badge tone={person.role === 'candidate' ? 'maroon' : 'saffron'}>{person.role === 'candidate' ? 'Candidate' : capitalise(person.relation ?? 'family')}</Badge>
            {family.you.role === 'candidate' && person.memberId !== null ? (
              <Button size="sm" variant="outline" disabled={remove.isPending} onClick={() => setConfirming(person.memberId)} aria-label={`Remove ${person.fullName}`}>
                Remove
              </Button>
            ) : null}
          </li>
        ))}
        {removing ? (
          <li>
            <fieldset className="family__confirm">
              <legend>Remove {removing.fullName}?</legend>
              <p>They are signed out at once and can no longer help with your profile. What they suggested and wrote stays.</p>
              <div className="family__actions">
                <Button
                  size="sm"
                  variant="primary"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(removing.memberId as number, {
                      onSuccess: () => {
                        setConfirming(null);
                        setRemoved(`${removing.fullName} is removed and signed out.`);
                      },
                    })
                  }
                >
                  Yes, remove {firstName(removing.fullName)}
                </Button>
                <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => setConfirming(null)}>
                  Keep {firstName(removing.fullName)}
                </Button>
              </div>
            </fieldset>
          </li>
        ) : null}
        {family.invitations.map((invitation) => (
          <li key={`invitation-${invitation.id}`} className="family__person family__person--pending">
            <span className="family__person-name">{invitation.email}</span>
            <Badge tone="neutral">{invitation.role === 'candidate' ? 'Invited to confirm' : `Invited as ${invitation.relation}`}</Badge>
            <Button size="sm" variant="ghost" disabled={withdraw.isPending} onClick={() => withdraw.mutate(invitation.id)} aria-label={`Withdraw the invitation to ${invitation.email}`}>
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
      {removed ? (
        <p className="family__ok" role="status">
          {removed}
        </p>
      ) : null}
      {remove.isError ? <AlertBanner>{familyError(remove.error)}</AlertBanner> : null}
      {withdraw.isError ? <AlertBanner>{familyError(withdraw.error)}</AlertBanner> : null}
    </>
  );
}

function InviteForm({ family }: { family: FamilyView }) {
  const invite = useInvite(family.profileId);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState(family.candidateFirstName ?? '');
  const [relation, setRelation] = useState('mother');
  const asCandidate = family.you.role === 'family' && family.consent === 'unconfirmed';
  const asFamily = family.you.role === 'candidate';
  if (!asCandidate && !asFamily) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(asCandidate ? { role: 'candidate', email, firstName } : { role: 'family', email, relation }, { onSuccess: () => setEmail('') });
  };
  return (
    <form className="form family__invite" onSubmit={onSubmit} noValidate>
      <h3 className="family__subtitle">{asCandidate ? `Invite ${family.candidateFirstName ?? 'the person it is for'} to confirm` : 'Invite a family member'}</h3>
      {asCandidate ? <TextField label="Their first name" value={firstName} onChange={(e) => setFirstName(e.target.value)} required /> : null}
      <TextField label="Their email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      {asFamily ? (
        <SelectField label="They are your" value={relation} onChange={(e) => setRelation(e.target.value)} options={FAMILY_RELATION_VALUES.map((v) => ({ value: v, label: capitalise(v) }))} />
      ) : null}
      {invite.isError ? <AlertBanner>{familyError(invite.error)}</AlertBanner> : null}
      {invite.isSuccess ? (
        <p className="family__ok" role="status">
          Invitation sent. The link works once, for 7 days.
        </p>
      ) : null}
      <Button type="submit" disabled={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}

/** Whoever made the profile chooses whether members see it before the candidate confirms it. */
function ConsentGate({ family }: { family: FamilyView }) {
  const set = useSetConsentGate(family.profileId);
  const name = family.candidateFirstName ?? 'the person it is for';
  // The choice is held in component state, set in the change event itself: a controlled checkbox whose value came
  // only from the mutation would snap back until the query library's (deferred) notification re-rendered it.
  const [choice, setChoice] = useState<boolean | null>(null);
  const hidden = choice ?? family.hiddenUntilConfirmed;
  const choose = (value: boolean) => {
    setChoice(value);
    set.mutateAsync(value).then(
      () => setChoice(null),
      () => setChoice(null),
    );
  };
  return (
    <div className="family__gate">
      <label className="family__toggle">
        <input type="checkbox" checked={hidden} disabled={set.isPending} onChange={(e) => choose(e.target.checked)} />
        <span>Hide from members until {name} confirms</span>
      </label>
      <p className="card__text">
        {hidden ? `Nobody finds the profile until ${name} accepts it.` : `Members see it now, marked “not yet confirmed by ${name}”.`}
      </p>
      {set.isError ? <AlertBanner>{familyError(set.error)}</AlertBanner> : null}
    </div>
  );
}

export const PERMISSION_LABELS: Record<keyof FamilyPermissions, string> = {
  mayEdit: 'Edit my profile',
  maySearch: 'Search for me',
  mayLike: 'Like profiles for me',
  mayShortlist: 'Suggest matches to me',
  mayMessage: 'Write to members as my family',
  mayShare: 'Share my profile outside Saathi (links)',
  mayCall: 'Join my video calls when I add them',
};

function Permissions({ profileId, permissions }: { profileId: number; permissions: FamilyPermissions }) {
  const set = useSetPermissions(profileId);
  // A toggle applies at once and shows its new state while it is saved; a refusal puts back what the server holds.
  // What the server holds is shown again only once no change is on its way: the family read again after one
  // change does not hold the next one yet, and would put that toggle back.
  const [local, setLocal] = useState(permissions);
  const saving = useRef(0);
  useEffect(() => {
    if (saving.current === 0) setLocal(permissions);
  }, [permissions]);
  const change = (key: keyof FamilyPermissions, value: boolean) => {
    setLocal((current) => ({ ...current, [key]: value }));
    saving.current++;
    // Each call's own promise (mutate's callbacks would fire for the latest call only).
    set
      .mutateAsync({ [key]: value })
      .catch(() => setLocal(permissions))
      .finally(() => {
        saving.current--;
      });
  };
  return (
    <section className="card family__section" aria-labelledby={`permissions-${profileId}`}>
      <h2 className="card__title" id={`permissions-${profileId}`}>
        What my family may do
      </h2>
      <p className="card__text">Your own conversations stay private to you. Everything family do shows who did it.</p>
      <ul className="family__toggles">
        {(Object.keys(PERMISSION_LABELS) as Array<keyof FamilyPermissions>).map((key) => (
          <li key={key}>
            <label className="family__toggle">
              <input type="checkbox" checked={local[key]} onChange={(e) => change(key, e.target.checked)} />
              <span>{PERMISSION_LABELS[key]}</span>
            </label>
          </li>
        ))}
      </ul>
      {set.isError ? <AlertBanner>{familyError(set.error)}</AlertBanner> : null}
    </section>
  );
}

/**
 * The candidate's conversations are private; each can be shared with the family (and unshared) here. One a family
 * member wrote in is the family's to read already: said so, with no box that would pretend to hide it.
 */
function SharedConversations({ family }: { family: FamilyView }) {
  const conversations = useOwnConversations(family.you.userId, true);
  const share = useShareConversation(family.profileId);
  const list = conversations.data ?? [];
  // Shown at once while saved; a refusal puts back what the server holds.
  const [shared, setShared] = useState(family.sharedConversations);
  useEffect(() => setShared(family.sharedConversations), [family.sharedConversations]);
  const toggle = (otherUserId: number, value: boolean) => {
    setShared((current) => (value ? [...current, otherUserId] : current.filter((id) => id !== otherUserId)));
    share.mutate({ otherUserId, shared: value }, { onError: () => setShared(family.sharedConversations) });
  };
  return (
    <section className="card family__section" aria-labelledby={`shared-${family.profileId}`}>
      <h2 className="card__title" id={`shared-${family.profileId}`}>
        Conversations my family may read
      </h2>
      <p className="card__text">Your conversations are yours alone unless you share one here.</p>
      {list.length === 0 ? (
        <p className="card__text">No conversations yet.</p>
      ) : (
        <ul className="family__toggles">
          {list.map((c) =>
            family.familyConversations.includes(c.otherUser.id) ? (
              <li key={c.otherUser.id} className="family__toggle">
                <span>
                  With {c.otherUser.fullName}
                  <span className="family__facts"> · your family wrote here for you, so they read it while they may write for you</span>
                </span>
              </li>
            ) : (
              <li key={c.otherUser.id}>
                <label className="family__toggle">
                  <input type="checkbox" checked={shared.includes(c.otherUser.id)} onChange={(e) => toggle(c.otherUser.id, e.target.checked)} />
                  <span>With {c.otherUser.fullName}</span>
                </label>
              </li>
            ),
          )}
        </ul>
      )}
      {share.isError ? <AlertBanner>{familyError(share.error)}</AlertBanner> : null}
    </section>
  );
}

/**
 * For a family member: the candidate's conversations the family may see (those family began and those the candidate
 * shared), to read and write in for the candidate; or why not, when the candidate has not allowed it.
 */
function ConversationsForCandidate({ family }: { family: FamilyView }) {
  const name = family.candidateFirstName ?? 'They';
  const candidate = family.people.find((p) => p.role === 'candidate');
  const allowed = family.permissions.mayMessage && candidate !== undefined;
  const conversations = useFamilyConversations(family.profileId, candidate?.userId ?? 0, allowed);
  return (
    <section className="card family__section" aria-labelledby={`conversations-${family.profileId}`}>
      <h2 className="card__title" id={`conversations-${family.profileId}`}>
        Conversations for {name}
      </h2>
      {!allowed ? (
        <p className="card__text" role="note">
          {name} has not allowed family to write to members for them.
        </p>
      ) : conversations.isPending ? (
        <Spinner />
      ) : conversations.isError ? (
        <AlertBanner>{familyError(conversations.error)}</AlertBanner>
      ) : conversations.data.length === 0 ? (
        <p className="card__text">None yet. Write to a match from “Find matches for {name}” above; {name}’s own conversations stay private unless shared with you.</p>
      ) : (
        <ul className="family__toggles">
          {conversations.data.map((c) => (
            <li key={c.otherUser.id}>
              <FamilyChatLink profileId={family.profileId} otherUserId={c.otherUser.id}>
                With {c.otherUser.fullName}
              </FamilyChatLink>
              <span className="family__facts">
                {' '}
                {c.lastMessage
                  ? `${messageAuthor(c.lastMessage, candidate?.userId ?? 0, { own: name, theirs: firstName(c.otherUser.fullName) })}: ${c.lastMessage.content}`
                  : 'A new match: nobody has written yet'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
