import { Link } from '@tanstack/react-router';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import Smile from 'lucide-react/icons/smile';
import * as Collapsible from 'radix-ui/collapsible';
import { Switch } from '../../../components/ui/switch';
import { useId, useState } from 'react';
import { paths } from '../../../lib/paths';
import { MOOD_SCORE_MAX, MOOD_SCORE_MIN, MOOD_SCORE_STEP, type MoodMatch } from '../api/search';
import { UpgradeLock } from './upgrade-lock';
import { useT } from '../../../i18n/use-t';

/**
 * "Match Your Mood": a toggle, off by default, inside "More Options" / "Hide Options"; when
 * on, the search adds matchMood=true with the chosen minimum (30–95 in steps of 5).
 */
export function MoodMatchCard({
  value,
  locked,
  onChange,
}: {
  value: MoodMatch;
  locked: boolean;
  onChange: (next: MoodMatch) => void;
}) {
  const [open, setOpen] = useState(value.enabled);
  const t = useT();
  const switchId = useId();
  const step = (delta: number) =>
    onChange({
      ...value,
      minScore: Math.min(MOOD_SCORE_MAX, Math.max(MOOD_SCORE_MIN, value.minScore + delta)),
    });

  return (
    <Collapsible.Root className="mood-card" open={open} onOpenChange={setOpen}>
      <div className="mood-card__header">
        <span className="mood-card__icon" aria-hidden="true">
          <Smile size={20} />
        </span>
        <div className="mood-card__intro">
          <h2 className="mood-card__title">{t('moodCard.title')}</h2>
          <p className="mood-card__text">
            {t('moodCard.text')}{' '}
            <Link to={paths.moodTracking} className="text-link">
              {t('moodCard.log')}
            </Link>
          </p>
        </div>
      </div>
      <Collapsible.Trigger className="mood-card__toggle">
        {open ? t('moodCard.hide') : t('moodCard.more')}
        <ChevronDown size={16} aria-hidden="true" className="mood-card__chevron" />
      </Collapsible.Trigger>
      <Collapsible.Content className="mood-card__content">
        {locked ? (
          <UpgradeLock feature={t('moodCard.feature')} />
        ) : (
          <>
            <div className="mood-card__row">
              <label htmlFor={switchId} className="mood-card__label">
                {t('moodCard.byMood')}
              </label>
              <Switch
                id={switchId}
                className="switch"
                checked={value.enabled}
                onCheckedChange={(enabled) => onChange({ ...value, enabled })}
                thumbClassName="switch__thumb"
              />
            </div>
            {value.enabled ? (
              <div className="mood-card__row">
                <span className="mood-card__label">{t('moodCard.minimum')}</span>
                <div className="stepper">
                  <button
                    type="button"
                    className="stepper__button"
                    aria-label={t('moodCard.decrease')}
                    disabled={value.minScore <= MOOD_SCORE_MIN}
                    onClick={() => step(-MOOD_SCORE_STEP)}
                  >
                    <Minus size={16} aria-hidden="true" />
                  </button>
                  <output className="stepper__value" aria-live="polite">
                    {value.minScore}%
                  </output>
                  <button
                    type="button"
                    className="stepper__button"
                    aria-label={t('moodCard.increase')}
                    disabled={value.minScore >= MOOD_SCORE_MAX}
                    onClick={() => step(MOOD_SCORE_STEP)}
                  >
                    <Plus size={16} aria-hidden="true" />
                  </button>
                </div>
              </div>
            ) : null}
          </>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
