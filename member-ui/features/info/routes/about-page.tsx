import { useNavigate } from '@tanstack/react-router';
import Compass from 'lucide-react/icons/compass';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Mail from 'lucide-react/icons/mail';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sparkles from 'lucide-react/icons/sparkles';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { SlideDots, type SlideText, SlideTrack, slidesOf } from '../components/slide-track';
import { useT } from '../../../i18n/use-t';

const SLIDE_TRANSITION_MS = 300;

/** The slides: each a title and a paragraph or a list, from the catalogue (`about.<key>.*`). */
const SLIDES: ReadonlyArray<SlideText> = [
  { key: 'intro', icon: <HeartHandshake size={40} />, title: 'about.intro.title', text: 'about.intro.text' },
  { key: 'genesis', icon: <Lightbulb size={40} />, title: 'about.genesis.title', text: 'about.genesis.text' },
  { key: 'mission', icon: <Compass size={40} />, title: 'about.mission.title', text: 'about.mission.text' },
  {
    key: 'features',
    icon: <Sparkles size={40} />,
    title: 'about.features.title',
    list: ['about.features.daily', 'about.features.kundali', 'about.features.moods', 'about.features.parents'],
  },
  { key: 'security', icon: <ShieldCheck size={40} />, title: 'about.security.title', text: 'about.security.text' },
  { key: 'invitation', icon: <Mail size={40} />, title: 'about.invitation.title', text: 'about.invitation.text' },
];

/** /about: six slides with Previous / Next, ending in "Get Started". */
export function AboutPage() {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const t = useT();
  const slides = slidesOf(SLIDES, t);
  const isLast = index === SLIDES.length - 1;
  return (
    <section className="about" aria-labelledby="about-title">
      <h1 id="about-title" className="visually-hidden">
        {t('about.intro.title')}
      </h1>
      <SlideTrack slides={slides} index={index} durationMs={SLIDE_TRANSITION_MS} className="about__slides" />
      <SlideDots count={SLIDES.length} index={index} onSelect={setIndex} />
      <div className="about__nav">
        <Button variant="outline" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('about.previous')}
        </Button>
        {isLast ? (
          <Button onClick={() => void navigate({ to: paths.home })}>{t('splash.start')}</Button>
        ) : (
          <Button onClick={() => setIndex(index + 1)}>{t('splash.next')}</Button>
        )}
      </div>
    </section>
  );
}
