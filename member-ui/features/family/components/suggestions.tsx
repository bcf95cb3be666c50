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

const STATUS_LABEL = { open: 'New', liked: 'Liked', dismissed: 'Dismissed', discussing: 'Discussing' } as const;

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
  if (list.isPending) return <Spinner />;
  if (list.isError) return <AlertBanner>{familyError(list.error)}</AlertBanner>;
  if (list.data.length === 0) return <p className="card__text">No suggestions yet.</p>;
  return (
    <>
      <ul className="family__suggestions">
        {list.data.map((s) => (
          <li key={s.id} className="family__suggestion">
            <Summary profile={s.profile} />
            <p className="family__by">
              Suggested by {s.suggestedBy.name}
              {s.suggestedBy.relation ? ` (${s.suggestedBy.relation})` : ''} <Badge tone={s.status === 'liked' ? 'success' : 'neutral'}>{STATUS_LABEL[s.status]}</Badge>
            </p>
            {s.note ? <blockquote className="family__note">{s.note}</blockquote> : null}
            {s.status === 'discussing' || s.threadMessages > 0 ? <SuggestionThread profileId={profileId} suggestionId={s.id} name={s.profile.fullName} /> : null}
            {isCandidate && s.status !== 'liked' ? (
              <div className="family__actions">
                <Button size="sm" disabled={decide.isPending} onClick={() =>
                    decide.mutate(
                      { suggestion: s, decision: 'like' },
                      { onSuccess: (result) => (result.isMatch ? toast({ title: "It's a match!", description: `You and ${s.profile.fullName} like each other` }) : undefined) },
                    )
                  } aria-label={`Like ${s.profile.fullName}`}>
                  Like
                </Button>
                {/* Only what changes the decision: a dismissed one can still be liked or discussed, not dismissed again. */}
                {s.status !== 'discussing' ? (
                  <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate({ suggestion: s, decision: 'discuss' })} aria-label={`Discuss ${s.profile.fullName}`}>
                    Discuss
                  </Button>
                ) : null}
                {s.status !== 'dismissed' ? (
                  <Button size="sm" variant="ghost" disabled={decide.isPending} onClick={() => decide.mutate({ suggestion: s, decision: 'dismiss' })} aria-label={`Dismiss ${s.profile.fullName}`}>
                    Dismiss
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return;
    post.mutate({ content, suggestionId }, { onSuccess: () => setContent('') });
  };
  return (
    <div className="family__discussion">
      <ul className="family__thread" aria-label={`Family discussion about ${name}`}>
        {messages.map((m) => (
          <li key={m.id} className="family__message">
            <span className="family__author">
              {m.author.name}
              {m.author.relation ? ` (${m.author.relation})` : ''}
            </span>
            <p>{m.content}</p>
          </li>
        ))}
      </ul>
      <form className="family__reply" onSubmit={onSubmit}>
        <TextField label={`Discuss ${name} with your family`} value={content} onChange={(e) => setContent(e.target.value)} />
        <Button type="submit" size="sm" disabled={post.isPending || !content.trim()}>
          Send
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
  if (!open) {
    return (
      <Button variant="outline" block onClick={() => void navigate({ search: { find: profileId }, replace: true })}>
        Find matches for {candidateName}
      </Button>
    );
  }
  const suggested = new Set((suggestions.data ?? []).map((s) => s.profile.id));
  const likedAlready = new Set((likes.data ?? []).map((p) => p.id));
  if (results.isPending) return <Spinner />;
  if (results.isError) return <AlertBanner>{familyError(results.error)}</AlertBanner>;
  return (
    <div className="family__find">
      <h3 className="family__subtitle">Matches {candidateName} may see</h3>
      <ul className="family__suggestions">
        {results.data.slice(0, 10).map((profile) => (
          <li key={profile.id} className="family__suggestion">
            <Summary profile={profile} />
            {suggested.has(profile.id) ? (
              <p className="family__ok" role="status">
                Suggested to {candidateName}
              </p>
            ) : (
              <>
                <TextField label={`Note for ${candidateName}`} value={notes[profile.id] ?? ''} onChange={(e) => setNotes((n) => ({ ...n, [profile.id]: e.target.value }))} />
                <Button
                  size="sm"
                  disabled={suggest.isPending}
                  onClick={() => suggest.mutate({ suggestedProfileId: profile.id, note: notes[profile.id] ?? '' })}
                  aria-label={`Suggest ${profile.fullName} to ${candidateName}`}
                >
                  Suggest to {candidateName}
                </Button>
              </>
            )}
            {mayLike && !liked.has(profile.id) && !likedAlready.has(profile.id) ? (
              <Button
                size="sm"
                variant="outline"
                disabled={like.isPending}
                onClick={() => like.mutate(profile.id, { onSuccess: () => setLiked((s) => new Set(s).add(profile.id)) })}
                aria-label={`Like ${profile.fullName} for ${candidateName}`}
              >
                Like for {candidateName}
              </Button>
            ) : null}
            {mayMessage ? (
              <FamilyChatLink profileId={profileId} otherUserId={profile.userId} label={`Write to ${profile.fullName} for ${candidateName}`}>
                Write to {profile.fullName.split(' ')[0]} for {candidateName}
              </FamilyChatLink>
            ) : null}
            {liked.has(profile.id) ? (
              <p className="family__ok" role="status">
                Liked for {candidateName}: they see it came from you
              </p>
            ) : likedAlready.has(profile.id) ? (
              <p className="family__ok">{candidateName} likes them already</p>
            ) : null}
          </li>
        ))}
      </ul>
      {suggest.isError ? <AlertBanner>{familyError(suggest.error)}</AlertBanner> : null}
      {like.isError ? <AlertBanner>{familyError(like.error)}</AlertBanner> : null}
    </div>
  );
}
