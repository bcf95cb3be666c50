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
import { type Slide, SlideDots, SlideTrack } from '../components/slide-track';
import { countSplashVisit, markSplashSeen } from '../lib/splash-flags';

const SLIDE_TRANSITION_MS = 400;

const SLIDES: ReadonlyArray<Slide> = [
  {
    key: 'welcome',
    icon: <HeartHandshake size={44} />,
    title: 'Welcome to Saathi',
    body: (
      <p>
        Matrimonial bonds across seas. Saathi helps Indians living abroad, and the families who search with them,
        find a partner who shares their roots.
      </p>
    ),
  },
  {
    key: 'offer',
    highlighted: true,
    icon: <Gift size={44} />,
    title: 'Free Premium for 1 Year',
    body: (
      <p>
        The first 500 registrations get a full year of Premium membership, free. No card needed: your account is
        upgraded the moment you sign up.
      </p>
    ),
  },
  {
    key: 'mission',
    icon: <Target size={44} />,
    title: 'Our Mission',
    body: (
      <p>
        Distance should not decide who you marry. We connect the diaspora across continents, honouring family
        traditions while respecting every member's own choice.
      </p>
    ),
  },
  {
    key: 'features',
    icon: <Sparkles size={44} />,
    title: 'Made for Matchmaking',
    body: (
      <ul className="slide__list">
        <li>Kundali compatibility from real birth details</li>
        <li>Cultural and mood compatibility</li>
        <li>Profiles created by parents for their children</li>
        <li>Profile links you can share with family</li>
      </ul>
    ),
  },
  {
    key: 'premium',
    highlighted: true,
    icon: <Crown size={44} />,
    title: 'Premium Benefits',
    body: (
      <ul className="slide__list">
        <li>Unlimited messaging</li>
        <li>See who liked your profile</li>
        <li>Advanced filters and search priority</li>
        <li>Detailed Kundali matching and priority support</li>
      </ul>
    ),
  },
  {
    key: 'security',
    icon: <ShieldCheck size={44} />,
    title: 'Safe and Private',
    body: (
      <p>
        Verified members, photos you can blur until you connect, share links that expire, and blocking and
        reporting whenever you need them.
      </p>
    ),
  },
  {
    key: 'journey',
    icon: <Rocket size={44} />,
    title: 'Begin Your Journey',
    body: <p>Your Saathi may be one city, or one ocean, away. Let's find them together.</p>,
  },
];

/** The first-visit walkthrough. */
export function SplashPage() {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const counted = useRef(false);
  const slide = SLIDES[index] ?? SLIDES[0];
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
    <main className="splash" aria-label="Welcome to Saathi">
      <div className="splash__top">
        <span className="splash__brand">Saathi</span>
        {isLast ? null : (
          <button type="button" className="splash__skip" onClick={finish}>
            Skip
          </button>
        )}
      </div>
      <SlideTrack slides={SLIDES} index={index} durationMs={SLIDE_TRANSITION_MS} className="splash__slides" />
      <div className="splash__bottom">
        <SlideDots count={SLIDES.length} index={index} onSelect={setIndex} />
        <Button block onClick={next} className={slide.highlighted ? 'splash__cta--offer' : undefined}>
          {isLast ? 'Get Started' : slide.highlighted ? 'Yes, I Want This!' : 'Next'}
        </Button>
      </div>
    </main>
  );
}
