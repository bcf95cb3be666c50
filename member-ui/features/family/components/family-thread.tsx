import { type FormEvent, useState } from 'react';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { familyError, usePostToThread, useThread } from '../api/family';
import { useT } from '../../../i18n/use-t';
import { relationWord } from '../../../lib/family-relations';

/** The family-only thread: the candidate and their family talk about suggestions (nobody else reads it). */
export function FamilyThread({ profileId }: { profileId: number }) {
  const thread = useThread(profileId);
  const post = usePostToThread(profileId);
  const [content, setContent] = useState('');
  const t = useT();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return;
    post.mutate({ content }, { onSuccess: () => setContent('') });
  };
  return (
    <section className="card family__section" aria-labelledby={`thread-${profileId}`}>
      <h2 className="card__title" id={`thread-${profileId}`}>
        {t('family.thread')}
      </h2>
      <p className="card__text">{t('family.threadText')}</p>
      <ul className="family__thread">
        {/* Discussions of one suggestion sit in its card; this is the family's general conversation. */}
        {(thread.data ?? []).filter((m) => m.suggestionId === null).map((m) => (
          <li key={m.id} className="family__message">
            <span className="family__author">
              {m.author.name}
              {m.author.relation ? ` (${relationWord(m.author.relation)})` : ''}
            </span>
            <p>{m.content}</p>
          </li>
        ))}
      </ul>
      <form className="form" onSubmit={onSubmit}>
        <TextAreaField label={t('family.messageToFamily')} value={content} onChange={(e) => setContent(e.target.value)} rows={2} />
        {post.isError ? <AlertBanner>{familyError(post.error)}</AlertBanner> : null}
        <Button type="submit" disabled={post.isPending || !content.trim()}>
          {t('family.send')}
        </Button>
      </form>
    </section>
  );
}
