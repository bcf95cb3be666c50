import { Link } from '@tanstack/react-router';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import Globe from 'lucide-react/icons/globe';
import MessageCircleHeart from 'lucide-react/icons/message-circle-heart';
import Smile from 'lucide-react/icons/smile';
import Sparkles from 'lucide-react/icons/sparkles';
import { useEffect, useRef, useState } from 'react';
import { paths } from '../../lib/paths';
import { Button } from '../ui/button';
import {
  type CompatibilityScores,
  type CulturalInsight,
  MAX_CONVERSATION_STARTERS,
  type MoodCompatibility,
  STARTER_COPIED_MS,
  adaptationBand,
  moodBand,
} from './profile-insights';
import { ProfileSection } from './profile-section';
import { useT } from '../../i18n/use-t';
import { optionLabel } from '../../i18n/option-label';

type Basis = { kootas: string[]; points: number; max: number };

function Meter({ label, value, basis }: { label: string; value: number; basis?: Basis }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  const t = useT();
  // The kootas by their names in the app's language (Devanagari, Tamil script).
  const kootas = basis?.kootas.map((koota) => optionLabel('koota', koota)) ?? [];
  return (
    <div className="meter">
      <div className="meter__row">
        <span>{label}</span>
        <span className="meter__value">{clamped}%</span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a styled track with a fill bar; a native <meter> draws its own bar, differently in each browser */}
      <div className="meter__track" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={clamped}>
        <span className="meter__fill" style={{ width: `${clamped}%` }} />
      </div>
      {basis ? (
        <p className="meter__basis">
          {basis.points === 0
            ? t('insight.kootaNone', { kootas: kootas.join(' + '), first: kootas[0] ?? '', second: kootas[1] ?? '', points: formatPoints(basis.points), max: basis.max })
            : t('insight.kootaPoints', { kootas: kootas.join(' + '), points: formatPoints(basis.points), max: basis.max })}
        </p>
      ) : null}
    </div>
  );
}

function formatPoints(points: number): string {
  return Number.isInteger(points) ? String(points) : points.toFixed(1);
}

/** Astrological compatibility (overall and four aspects) with a link to the detailed Kundali match. */
export function CompatibilityCard({ scores }: { scores: CompatibilityScores }) {
  const t = useT();
  return (
    <ProfileSection title={t('insight.astroTitle')} icon={Sparkles}>
      {scores.sign1 && scores.sign2 ? (
        <p className="profile-section__lead">
          {optionLabel('rashi', scores.sign1, optionLabel('zodiac', scores.sign1))} &amp; {optionLabel('rashi', scores.sign2, optionLabel('zodiac', scores.sign2))}
        </p>
      ) : null}
      <div className="meter-list">
        <Meter label={t('insight.overall')} value={scores.overall} />
        <Meter label={t('insight.temperament')} value={scores.temperament} basis={scores.basis?.temperament} />
        <Meter label={t('insight.communication')} value={scores.communication} basis={scores.basis?.communication} />
        <Meter label={t('insight.emotional')} value={scores.emotional} basis={scores.basis?.emotional} />
        <Meter label={t('insight.values')} value={scores.values} basis={scores.basis?.values} />
      </div>
      <Link
        to={paths.compatibility}
        search={scores.detailUserId ? { userId: scores.detailUserId } : {}}
        className="text-link insight-link"
      >
        {t('insight.viewDetailed')}
      </Link>
    </ProfileSection>
  );
}

export function MoodCompatibilityCard({ mood }: { mood: MoodCompatibility }) {
  const t = useT();
  return (
    <ProfileSection title={t('insight.moodTitle')} icon={Smile}>
      <div className="insight-score">
        <span className="insight-score__value">{Math.round(mood.score)}%</span>
        <span className="insight-score__band">{moodBand(mood.score)}</span>
      </div>
      <div className="meter-list">
        {mood.details.map((detail) => (
          <Meter key={detail.aspect} label={t(`insight.moodAspect.${detail.aspect}`)} value={detail.score} />
        ))}
      </div>
    </ProfileSection>
  );
}

export function CulturalAdaptationCard({ insight }: { insight: CulturalInsight }) {
  const t = useT();
  return (
    <ProfileSection title={t('insight.culturalTitle')} icon={Globe}>
      <div className="insight-score">
        <span className="insight-score__value">{Math.round(insight.adaptationLevel)}%</span>
        <span className="insight-score__band">{adaptationBand(insight.adaptationLevel)}</span>
      </div>
      <Meter label={t('insight.adaptationLevel')} value={insight.adaptationLevel} />
      {insight.description ? <p className="profile-section__text">{insight.description}</p> : null}
    </ProfileSection>
  );
}

/** Up to 3 openers, each with a copy button showing a "Copied" marker for 3 s. */
export function ConversationStartersCard({ starters }: { starters: string[] }) {
  const [copied, setCopied] = useState<number | null>(null);
  const t = useT();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  async function copy(index: number, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(index);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(null), STARTER_COPIED_MS);
    } catch {
      // Nothing to undo: the starter stays on screen to copy by hand.
    }
  }

  return (
    <ProfileSection title={t('insight.startersTitle')} icon={MessageCircleHeart}>
      <ul className="starter-list">
        {starters.slice(0, MAX_CONVERSATION_STARTERS).map((starter, index) => (
          <li key={starter} className="starter-list__item">
            <span className="starter-list__text">{starter}</span>
            <Button
              variant="ghost"
              size="sm"
              className="starter-list__copy"
              aria-label={copied === index ? t('insight.copied') : t('insight.copyLabel', { starter })}
              onClick={() => void copy(index, starter)}
            >
              {copied === index ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
              <span aria-hidden="true">{copied === index ? t('insight.copied') : t('insight.copy')}</span>
            </Button>
          </li>
        ))}
      </ul>
    </ProfileSection>
  );
}
