import { useNavigate } from '@tanstack/react-router';
import Crown from 'lucide-react/icons/crown';
import Gift from 'lucide-react/icons/gift';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Rocket from 'lucide-react/icons/rocket';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sparkles from 'lucide-react/icons/sparkles';
import Target from 'lucide-react/icons/target';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { SlideDots, type SlideText, SlideTrack, slidesOf } from '../components/slide-track';
import { countSplashVisit, markSplashSeen } from '../lib/splash-flags';
import { useT } from '../../../i18n/use-t';

const SLIDE_TRANSITION_MS = 400;

/** The walkthrough's slides: each a title and a paragraph or a list, from the catalogue (`splash.<key>.*`). */
const SLIDES: ReadonlyArray<SlideText> = [
  { key: 'welcome', icon: <HeartHandshake size={44} />, title: 'splash.welcome.title', text: 'splash.welcome.text' },
  { key: 'offer', highlighted: true, icon: <Gift size={44} />, title: 'splash.offer.title', text: 'splash.offer.text' },
  { key: 'mission', icon: <Target size={44} />, title: 'splash.mission.title', text: 'splash.mission.text' },
  {
    key: 'features',
    icon: <Sparkles size={44} />,
    title: 'splash.features.title',
    list: ['splash.features.kundali', 'splash.features.culture', 'splash.features.parents', 'splash.features.links'],
  },
  {
    key: 'premium',
    highlighted: true,
    icon: <Crown size={44} />,
    title: 'splash.premium.title',
    list: ['splash.premium.messaging', 'splash.premium.likes', 'splash.premium.filters', 'splash.premium.kundali'],
  },
  { key: 'security', icon: <ShieldCheck size={44} />, title: 'splash.security.title', text: 'splash.security.text' },
  { key: 'journey', icon: <Rocket size={44} />, title: 'splash.journey.title', text: 'splash.journey.text' },
];

/** The first-visit walkthrough. */
export function SplashPage() {
  const navigate = useNavigate();
  const t = useT();
  const [index, setIndex] = useState(0);
  const counted = useRef(false);
  const slides = slidesOf(SLIDES, t, { count: 500 });
  const slide = slides[index] ?? slides[0];
  const isLast = index === SLIDES.length - 1;

  useEffect(() => {
    // The route already sent visitors who finished it to "/"; every other visit counts once.
    if (counted.current) return;
    counted.current = true;
    countSplashVisit();
  }, []);

  function finish() {
    markSplashSeen();
    void navigate({ to: paths.home, replace: true });
  }

  function next() {
    if (isLast) finish();
    else setIndex(index + 1);
  }

  return (
    <main className="splash" aria-label={t('splash.welcome.title')}>
      <div className="splash__top">
        <span className="splash__brand">Saathi</span>
        {isLast ? null : (
          <button type="button" className="splash__skip" onClick={finish}>
            {t('splash.skip')}
          </button>
        )}
      </div>
      <SlideTrack slides={slides} index={index} durationMs={SLIDE_TRANSITION_MS} className="splash__slides" />
      <div className="splash__bottom">
        <SlideDots count={SLIDES.length} index={index} onSelect={setIndex} />
        <Button block onClick={next} className={slide.highlighted ? 'splash__cta--offer' : undefined}>
          {isLast ? t('splash.start') : slide.highlighted ? t('splash.wantThis') : t('splash.next')}
        </Button>
      </div>
    </main>
  );
}
