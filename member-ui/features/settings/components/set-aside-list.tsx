import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { notInterestedQueryOptions, useNotInterested } from '../../../components/not-interested/not-interested';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { hrefs } from '../../../lib/paths';
import { useT } from '../../../i18n/use-t';

/** Profiles the member marked "not interested", each with Undo (they come back in search and daily matches). */
export function SetAsideList() {
  const list = useQuery(notInterestedQueryOptions());
  const undo = useNotInterested();
  const cards = list.data ?? [];
  const t = useT();
  return (
    <section className="settings-card" aria-labelledby="set-aside-title">
      <h2 id="set-aside-title" className="settings-card__title">
        {t('setAside.title')}
      </h2>
      <p className="settings-card__text">{t('setAside.text')}</p>
      {list.isPending ? null : cards.length === 0 ? (
        <p className="settings-card__text settings-card__text--muted">{t('setAside.none')}</p>
      ) : (
        <ul className="set-aside-list">
          {cards.map((card) => {
            const name = card.fullName || card.user.fullName;
            return (
              <li key={card.id} className="set-aside-list__item">
                <Link to={hrefs.profileView(card.id)} className="set-aside-list__name">
                  {name}
                  {card.age ? `, ${card.age}` : ''}
                </Link>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={undo.isPending}
                  aria-label={t('notInterested.undoLabel', { name })}
                  onClick={() => undo.mutate({ profileId: card.id, undo: true }, { onSuccess: () => toast({ title: t('notInterested.back', { name }), variant: 'success' }) })}
                >
                  {t('notInterested.undo')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
