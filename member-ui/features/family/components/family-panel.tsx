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
import type { MessageId } from '../../../i18n/catalogue';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { relationLabel } from '../../../lib/family-relations';
import { ProfileActivitySection } from './profile-activity';
import { FamilyChatLink } from './profile-link';
import { FindToSuggest, SuggestionList } from './suggestions';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function statusLine(view: FamilyView): string {
  const name = view.candidateFirstName ?? translate('family.thePerson');
  if (view.consent === 'unconfirmed') return translate('family.status.unconfirmed', { name });
  if (view.consent === 'declined') return translate('family.status.declined', { name: capitalise(name) });
  return view.you.role === 'candidate' ? translate('family.status.yours') : translate('family.status.theirs', { name: capitalise(name) });
}

/** What members read on a confirmed profile (the server's English label, one of two forms) in the app's language. */
function consentText(label: string, name: string | null): string {
  if (label === 'Confirmed by email') return translate('family.consent.byEmail');
  return name ? translate('family.consent.verified', { name }) : translate('family.consent.verifiedCandidate');
}

/** One profile's family: its people, invitations, what family may do, the shortlist and the family thread. */
export function FamilyPanel({ profileId }: { profileId: number }) {
  const view = useFamily(profileId);
  const t = useT();
  if (view.isPending) return <Spinner />;
  if (view.isError) return <AlertBanner>{familyError(view.error)}</AlertBanner>;
  const family = view.data;
  const name = family.candidateFirstName ?? t('family.them');
  const active = family.consent !== 'declined';
  // Once the candidate and family work together, what they work on (the shortlist and its thread) comes first, and
  // who is in the family and what they may do after it; before that, inviting the people is the thing to do.
  const working = active && family.consent !== 'unconfirmed' && family.people.some((p) => p.role === 'family');
  const people = (
    <section className="card family__section" aria-labelledby={`people-${profileId}`}>
      <h2 className="card__title" id={`people-${profileId}`}>
        {t('family.people')}
      </h2>
      <p className="card__text">{statusLine(family)}</p>
      {family.consent === 'confirmed' && family.consentLabel ? (
        <p className="card__text family__consent">
          {t('family.membersRead')} <strong>{consentText(family.consentLabel, family.candidateFirstName)}</strong>
          {family.consentLabel === 'Confirmed by email' ? (family.you.role === 'candidate' ? t('family.consent.verifyYou') : t('family.consent.untilVerified', { name })) : null}
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
        {family.you.role === 'candidate' ? t('family.suggestedByFamily') : t('family.suggestionsFor', { name })}
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
  const t = useT();
  return (
    <>
      <ul className="family__people">
        {family.people.map((person) => (
          <li key={`${person.role}-${person.userId}`} className="family__person">
            <span className="family__person-name">
              {person.fullName}
              {person.userId === family.you.userId ? ` ${t('family.youMark')}` : ''}
            </span>
            <Badge tone={person.role === 'candidate' ? 'maroon' : 'saffron'}>{person.role === 'candidate' ? t('family.candidate') : relationLabel(person.relation)}</Badge>
            {family.you.role === 'candidate' && person.memberId !== null ? (
              <Button size="sm" variant="outline" disabled={remove.isPending} onClick={() => setConfirming(person.memberId)} aria-label={t('family.removeName', { name: person.fullName })}>
                {t('family.remove')}
              </Button>
            ) : null}
          </li>
        ))}
        {removing ? (
          <li>
            <fieldset className="family__confirm">
              <legend>{t('family.removeAsk', { name: removing.fullName })}</legend>
              <p>{t('family.removeText')}</p>
              <div className="family__actions">
                <Button
                  size="sm"
                  variant="primary"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(removing.memberId as number, {
                      onSuccess: () => {
                        setConfirming(null);
                        setRemoved(translate('family.removed', { name: removing.fullName }));
                      },
                    })
                  }
                >
                  {t('family.yesRemove', { name: firstName(removing.fullName) })}
                </Button>
                <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => setConfirming(null)}>
                  {t('family.keep', { name: firstName(removing.fullName) })}
                </Button>
              </div>
            </fieldset>
          </li>
        ) : null}
        {family.invitations.map((invitation) => (
          <li key={`invitation-${invitation.id}`} className="family__person family__person--pending">
            <span className="family__person-name">{invitation.email}</span>
            <Badge tone="neutral">{invitation.role === 'candidate' ? t('family.invitedToConfirm') : t('family.invitedAs', { relation: relationLabel(invitation.relation) })}</Badge>
            <Button size="sm" variant="ghost" disabled={withdraw.isPending} onClick={() => withdraw.mutate(invitation.id)} aria-label={t('family.withdrawTo', { email: invitation.email })}>
              {t('family.withdraw')}
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
  const t = useT();
  if (!asCandidate && !asFamily) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(asCandidate ? { role: 'candidate', email, firstName } : { role: 'family', email, relation }, { onSuccess: () => setEmail('') });
  };
  return (
    <form className="form family__invite" onSubmit={onSubmit} noValidate>
      <h3 className="family__subtitle">{asCandidate ? t('family.inviteToConfirm', { name: family.candidateFirstName ?? t('family.thePerson') }) : t('family.inviteMember')}</h3>
      {asCandidate ? <TextField label={t('family.theirFirstName')} value={firstName} onChange={(e) => setFirstName(e.target.value)} required /> : null}
      <TextField label={t('family.theirEmail')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      {asFamily ? (
        <SelectField label={t('family.theyAreYour')} value={relation} onChange={(e) => setRelation(e.target.value)} options={FAMILY_RELATION_VALUES.map((v) => ({ value: v, label: relationLabel(v) }))} />
      ) : null}
      {invite.isError ? <AlertBanner>{familyError(invite.error)}</AlertBanner> : null}
      {invite.isSuccess ? (
        <p className="family__ok" role="status">
          {t('family.inviteSent')}
        </p>
      ) : null}
      <Button type="submit" disabled={invite.isPending}>
        {t('family.sendInvite')}
      </Button>
    </form>
  );
}

/** Whoever made the profile chooses whether members see it before the candidate confirms it. */
function ConsentGate({ family }: { family: FamilyView }) {
  const set = useSetConsentGate(family.profileId);
  const t = useT();
  const name = family.candidateFirstName ?? t('family.thePerson');
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
        <span>{t('family.gate.hide', { name })}</span>
      </label>
      <p className="card__text">
        {hidden ? t('family.gate.hidden', { name }) : t('family.gate.shown', { name })}
      </p>
      {set.isError ? <AlertBanner>{familyError(set.error)}</AlertBanner> : null}
    </div>
  );
}

/** What family may do, as the candidate grants it (catalogue ids). */
export const PERMISSION_LABELS: Record<keyof FamilyPermissions, MessageId> = {
  mayEdit: 'family.permission.mayEdit',
  maySearch: 'family.permission.maySearch',
  mayLike: 'family.permission.mayLike',
  mayShortlist: 'family.permission.mayShortlist',
  mayMessage: 'family.permission.mayMessage',
  mayShare: 'family.permission.mayShare',
  mayCall: 'family.permission.mayCall',
};

function Permissions({ profileId, permissions }: { profileId: number; permissions: FamilyPermissions }) {
  const set = useSetPermissions(profileId);
  // A toggle applies at once and shows its new state while it is saved; a refusal puts back what the server holds.
  // What the server holds is shown again only once no change is on its way: the family read again after one
  // change does not hold the next one yet, and would put that toggle back.
  const [local, setLocal] = useState(permissions);
  const saving = useRef(0);
  const t = useT();
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
        {t('family.mayDo')}
      </h2>
      <p className="card__text">{t('family.mayDoText')}</p>
      <ul className="family__toggles">
        {(Object.keys(PERMISSION_LABELS) as Array<keyof FamilyPermissions>).map((key) => (
          <li key={key}>
            <label className="family__toggle">
              <input type="checkbox" checked={local[key]} onChange={(e) => change(key, e.target.checked)} />
              <span>{t(PERMISSION_LABELS[key])}</span>
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
  const t = useT();
  useEffect(() => setShared(family.sharedConversations), [family.sharedConversations]);
  const toggle = (otherUserId: number, value: boolean) => {
    setShared((current) => (value ? [...current, otherUserId] : current.filter((id) => id !== otherUserId)));
    share.mutate({ otherUserId, shared: value }, { onError: () => setShared(family.sharedConversations) });
  };
  return (
    <section className="card family__section" aria-labelledby={`shared-${family.profileId}`}>
      <h2 className="card__title" id={`shared-${family.profileId}`}>
        {t('family.sharedTitle')}
      </h2>
      <p className="card__text">{t('family.sharedText')}</p>
      {list.length === 0 ? (
        <p className="card__text">{t('family.noConversations')}</p>
      ) : (
        <ul className="family__toggles">
          {list.map((c) =>
            family.familyConversations.includes(c.otherUser.id) ? (
              <li key={c.otherUser.id} className="family__toggle">
                <span>
                  {t('family.with', { name: c.otherUser.fullName })}
                  <span className="family__facts"> · {t('family.familyWroteHere')}</span>
                </span>
              </li>
            ) : (
              <li key={c.otherUser.id}>
                <label className="family__toggle">
                  <input type="checkbox" checked={shared.includes(c.otherUser.id)} onChange={(e) => toggle(c.otherUser.id, e.target.checked)} />
                  <span>{t('family.with', { name: c.otherUser.fullName })}</span>
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
  const t = useT();
  const name = family.candidateFirstName ?? t('family.they');
  const candidate = family.people.find((p) => p.role === 'candidate');
  const allowed = family.permissions.mayMessage && candidate !== undefined;
  const conversations = useFamilyConversations(family.profileId, candidate?.userId ?? 0, allowed);
  return (
    <section className="card family__section" aria-labelledby={`conversations-${family.profileId}`}>
      <h2 className="card__title" id={`conversations-${family.profileId}`}>
        {t('family.conversationsFor', { name })}
      </h2>
      {!allowed ? (
        <p className="card__text" role="note">
          {t('family.notAllowedWrite', { name })}
        </p>
      ) : conversations.isPending ? (
        <Spinner />
      ) : conversations.isError ? (
        <AlertBanner>{familyError(conversations.error)}</AlertBanner>
      ) : conversations.data.length === 0 ? (
        <p className="card__text">{t('family.noneForYet', { name })}</p>
      ) : (
        <ul className="family__toggles">
          {conversations.data.map((c) => (
            <li key={c.otherUser.id}>
              <FamilyChatLink profileId={family.profileId} otherUserId={c.otherUser.id}>
                {t('family.with', { name: c.otherUser.fullName })}
              </FamilyChatLink>
              <span className="family__facts">
                {' '}
                {c.lastMessage
                  ? `${messageAuthor(c.lastMessage, candidate?.userId ?? 0, { own: name, theirs: firstName(c.otherUser.fullName) })}: ${c.lastMessage.content}`
                  : t('family.newMatch')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
