import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { ProfileCardView } from '../../../../contracts/views';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { familyError, useCandidateLikes, useDecide, useFamilySearch, useLikeFor, usePostToThread, useSuggest, useSuggestions, useThread } from '../api/family';
import { FamilyChatLink, ProfileLink } from './profile-link';
import type { MessageId } from '../../../i18n/catalogue';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { relationWord } from '../../../lib/family-relations';

const STATUS_LABEL: Record<'open' | 'liked' | 'dismissed' | 'discussing', MessageId> = {
  open: 'family.status.open',
  liked: 'family.status.liked',
  dismissed: 'family.status.dismissed',
  discussing: 'family.status.discussing',
};

function Summary({ profile }: { profile: ProfileCardView }) {
  const facts = [profile.age ? `${profile.age}` : null, profile.profession, profile.city].filter(Boolean).join(' · ');
  return (
    <div className="family__summary">
      {profile.photos[0] ? <img className="family__thumb" src={profile.photos[0]} alt="" /> : <span className="family__thumb family__thumb--empty">{profile.fullName.charAt(0)}</span>}
      <div>
        <ProfileLink id={profile.id}>{profile.fullName}</ProfileLink>
        <div className="family__facts">{facts}</div>
      </div>
    </div>
  );
}

/** The family shortlist: who suggested whom and why; the candidate likes, dismisses or discusses each. */
export function SuggestionList({ profileId, isCandidate }: { profileId: number; isCandidate: boolean }) {
  const list = useSuggestions(profileId);
  const decide = useDecide(profileId);
  const t = useT();
  if (list.isPending) return <Spinner />;
  if (list.isError) return <AlertBanner>{familyError(list.error)}</AlertBanner>;
  if (list.data.length === 0) return <p className="card__text">{t('family.noSuggestions')}</p>;
  return (
    <>
      <ul className="family__suggestions">
        {list.data.map((s) => (
          <li key={s.id} className="family__suggestion">
            <Summary profile={s.profile} />
            <p className="family__by">
              {t('family.suggestedBy', { name: s.suggestedBy.name })}
              {s.suggestedBy.relation ? ` (${relationWord(s.suggestedBy.relation)})` : ''} <Badge tone={s.status === 'liked' ? 'success' : 'neutral'}>{t(STATUS_LABEL[s.status])}</Badge>
            </p>
            {s.note ? <blockquote className="family__note">{s.note}</blockquote> : null}
            {s.status === 'discussing' || s.threadMessages > 0 ? <SuggestionThread profileId={profileId} suggestionId={s.id} name={s.profile.fullName} /> : null}
            {isCandidate && s.status !== 'liked' ? (
              <div className="family__actions">
                <Button size="sm" disabled={decide.isPending} onClick={() =>
                    decide.mutate(
                      { suggestion: s, decision: 'like' },
                      { onSuccess: (result) => (result.isMatch ? toast({ title: translate('family.itsAMatch'), description: translate('family.likeEachOther', { name: s.profile.fullName }) }) : undefined) },
                    )
                  } aria-label={t('family.likeName', { name: s.profile.fullName })}>
                  {t('family.like')}
                </Button>
                {/* Only what changes the decision: a dismissed one can still be liked or discussed, not dismissed again. */}
                {s.status !== 'discussing' ? (
                  <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate({ suggestion: s, decision: 'discuss' })} aria-label={t('family.discussName', { name: s.profile.fullName })}>
                    {t('family.discuss')}
                  </Button>
                ) : null}
                {s.status !== 'dismissed' ? (
                  <Button size="sm" variant="ghost" disabled={decide.isPending} onClick={() => decide.mutate({ suggestion: s, decision: 'dismiss' })} aria-label={t('family.dismissName', { name: s.profile.fullName })}>
                    {t('family.dismiss')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {decide.isError ? <AlertBanner>{familyError(decide.error)}</AlertBanner> : null}
    </>
  );
}

/** The family's conversation about one suggestion, inside its card. */
function SuggestionThread({ profileId, suggestionId, name }: { profileId: number; suggestionId: number; name: string }) {
  const thread = useThread(profileId);
  const post = usePostToThread(profileId);
  const [content, setContent] = useState('');
  const messages = (thread.data ?? []).filter((m) => m.suggestionId === suggestionId);
  const t = useT();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return;
    post.mutate({ content, suggestionId }, { onSuccess: () => setContent('') });
  };
  return (
    <div className="family__discussion">
      <ul className="family__thread" aria-label={t('family.discussionAbout', { name })}>
        {messages.map((m) => (
          <li key={m.id} className="family__message">
            <span className="family__author">
              {m.author.name}
              {m.author.relation ? ` (${relationWord(m.author.relation)})` : ''}
            </span>
            <p>{m.content}</p>
          </li>
        ))}
      </ul>
      <form className="family__reply" onSubmit={onSubmit}>
        <TextField label={t('family.discussWithFamily', { name })} value={content} onChange={(e) => setContent(e.target.value)} />
        <Button type="submit" size="sm" disabled={post.isPending || !content.trim()}>
          {t('family.send')}
        </Button>
      </form>
      {post.isError ? <AlertBanner>{familyError(post.error)}</AlertBanner> : null}
    </div>
  );
}

const familyRoute = getRouteApi('/member/family');

/**
 * A family member looks for matches as the candidate may see them, and suggests one with a note; one already
 * suggested (by anyone of the family, as the shortlist above says) can still be liked or written to.
 */
export function FindToSuggest({ profileId, candidateUserId, candidateName, mayLike, mayMessage }: { profileId: number; candidateUserId: number; candidateName: string; mayLike: boolean; mayMessage: boolean }) {
  const open = familyRoute.useSearch({ select: (search) => search.find === profileId });
  const navigate = familyRoute.useNavigate();
  const results = useFamilySearch(profileId, open);
  const suggestions = useSuggestions(profileId, open);
  // Who the candidate likes already, so a reload does not offer to like them again.
  const likes = useCandidateLikes(profileId, candidateUserId, open && mayLike);
  const suggest = useSuggest(profileId);
  const like = useLikeFor(profileId);
  const [liked, setLiked] = useState<Set<number>>(new Set());
  const [notes, setNotes] = useState<Record<number, string>>({});
  const t = useT();
  if (!open) {
    return (
      <Button variant="outline" block onClick={() => void navigate({ search: { find: profileId }, replace: true })}>
        {t('family.findFor', { name: candidateName })}
      </Button>
    );
  }
  const suggested = new Set((suggestions.data ?? []).map((s) => s.profile.id));
  const likedAlready = new Set((likes.data ?? []).map((p) => p.id));
  if (results.isPending) return <Spinner />;
  if (results.isError) return <AlertBanner>{familyError(results.error)}</AlertBanner>;
  return (
    <div className="family__find">
      <h3 className="family__subtitle">{t('family.matchesMaySee', { name: candidateName })}</h3>
      <ul className="family__suggestions">
        {results.data.slice(0, 10).map((profile) => (
          <li key={profile.id} className="family__suggestion">
            <Summary profile={profile} />
            {suggested.has(profile.id) ? (
              <p className="family__ok" role="status">
                {t('family.suggestedTo', { name: candidateName })}
              </p>
            ) : (
              <>
                <TextField label={t('family.noteFor', { name: candidateName })} value={notes[profile.id] ?? ''} onChange={(e) => setNotes((n) => ({ ...n, [profile.id]: e.target.value }))} />
                <Button
                  size="sm"
                  disabled={suggest.isPending}
                  onClick={() => suggest.mutate({ suggestedProfileId: profile.id, note: notes[profile.id] ?? '' })}
                  aria-label={t('family.suggestNameTo', { name: profile.fullName, candidate: candidateName })}
                >
                  {t('family.suggestTo', { name: candidateName })}
                </Button>
              </>
            )}
            {mayLike && !liked.has(profile.id) && !likedAlready.has(profile.id) ? (
              <Button
                size="sm"
                variant="outline"
                disabled={like.isPending}
                onClick={() => like.mutate(profile.id, { onSuccess: () => setLiked((s) => new Set(s).add(profile.id)) })}
                aria-label={t('family.likeNameFor', { name: profile.fullName, candidate: candidateName })}
              >
                {t('family.likeFor', { name: candidateName })}
              </Button>
            ) : null}
            {mayMessage ? (
              <FamilyChatLink profileId={profileId} otherUserId={profile.userId} label={t('family.writeToFor', { name: profile.fullName, candidate: candidateName })}>
                {t('family.writeToFor', { name: profile.fullName.split(' ')[0], candidate: candidateName })}
              </FamilyChatLink>
            ) : null}
            {liked.has(profile.id) ? (
              <p className="family__ok" role="status">
                {t('family.likedFor', { name: candidateName })}
              </p>
            ) : likedAlready.has(profile.id) ? (
              <p className="family__ok">{t('family.likesAlready', { name: candidateName })}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {suggest.isError ? <AlertBanner>{familyError(suggest.error)}</AlertBanner> : null}
      {like.isError ? <AlertBanner>{familyError(like.error)}</AlertBanner> : null}
    </div>
  );
}
