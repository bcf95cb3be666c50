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
import { type Slide, SlideDots, SlideTrack } from '../components/slide-track';

const SLIDE_TRANSITION_MS = 300;

const SLIDES: ReadonlyArray<Slide> = [
  {
    key: 'intro',
    icon: <HeartHandshake size={40} />,
    title: 'About Saathi',
    body: (
      <p>
        Saathi means companion. We are a matchmaking service for Indians living abroad, and for the parents and
        families who help them find a life partner.
      </p>
    ),
  },
  {
    key: 'genesis',
    icon: <Lightbulb size={40} />,
    title: 'How It Began',
    body: (
      <p>
        Saathi began with families scattered between Toronto, London, Dubai and Pune, trading biodata over
        messaging apps and wondering why no service understood life in two cultures at once.
      </p>
    ),
  },
  {
    key: 'mission',
    icon: <Compass size={40} />,
    title: 'Our Mission',
    body: (
      <p>
        To help every member find a partner who shares their values and traditions, and understands the life they
        have built abroad — with their family involved as much, or as little, as they wish.
      </p>
    ),
  },
  {
    key: 'features',
    icon: <Sparkles size={40} />,
    title: 'What We Offer',
    body: (
      <ul className="slide__list">
        <li>Daily matches based on your preferences</li>
        <li>Kundali compatibility with the 36-point Ashtakoot</li>
        <li>Mood and cultural-adaptation insights</li>
        <li>Profiles managed by parents, with consent</li>
      </ul>
    ),
  },
  {
    key: 'security',
    icon: <ShieldCheck size={40} />,
    title: 'Trust and Safety',
    body: (
      <p>
        Identity verification reviewed by people, photo blurring, expiring share links, blocking and reporting.
        Your data is never sold, and you can export or delete it at any time.
      </p>
    ),
  },
  {
    key: 'invitation',
    icon: <Mail size={40} />,
    title: 'Join Us',
    body: (
      <p>
        Whether you are searching for yourself or for your son or daughter, we would be honoured to be part of
        your story.
      </p>
    ),
  },
];

/** /about: six slides with Previous / Next, ending in "Get Started". */
export function AboutPage() {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const isLast = index === SLIDES.length - 1;
  return (
    <section className="about" aria-labelledby="about-title">
      <h1 id="about-title" className="visually-hidden">
        About Saathi
      </h1>
      <SlideTrack slides={SLIDES} index={index} durationMs={SLIDE_TRANSITION_MS} className="about__slides" />
      <SlideDots count={SLIDES.length} index={index} onSelect={setIndex} />
      <div className="about__nav">
        <Button variant="outline" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          Previous
        </Button>
        {isLast ? (
          <Button onClick={() => void navigate({ to: paths.home })}>Get Started</Button>
        ) : (
          <Button onClick={() => setIndex(index + 1)}>Next</Button>
        )}
      </div>
    </section>
  );
}
