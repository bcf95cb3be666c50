import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';
import type { MessageId } from '../../../i18n/catalogue';
import { type MessageValues, translate } from '../../../i18n/translate';

export interface Slide {
  key: string;
  title: string;
  body: ReactNode;
  icon: ReactNode;
  highlighted?: boolean;
}

/** A slide as its screen defines it: a title and a paragraph or a list, as catalogue ids. */
export interface SlideText {
  key: string;
  icon: ReactNode;
  highlighted?: boolean;
  title: MessageId;
  text?: MessageId;
  list?: MessageId[];
}

/** The slides in the app's language (`values` for the paragraphs' arguments). */
export function slidesOf(texts: ReadonlyArray<SlideText>, t: (id: MessageId, values?: MessageValues) => string, values?: MessageValues): Slide[] {
  return texts.map(({ title, text, list, ...rest }) => ({
    ...rest,
    title: t(title),
    body: list ? (
      <ul className="slide__list">
        {list.map((id) => (
          <li key={id}>{t(id)}</li>
        ))}
      </ul>
    ) : (
      <p>{text ? t(text, values) : null}</p>
    ),
  }));
}

/** Slides side by side, moved with a CSS transform; only the current slide is exposed to assistive tech. */
export function SlideTrack({
  slides,
  index,
  durationMs,
  className,
}: {
  slides: ReadonlyArray<Slide>;
  index: number;
  durationMs: number;
  className?: string;
}) {
  return (
    <div className={cn('slide-viewport', className)}>
      <div
        className="slide-track"
        style={{ transform: `translateX(-${index * 100}%)`, transitionDuration: `${durationMs}ms` }}
      >
        {slides.map((slide, position) => (
          <section
            key={slide.key}
            className={cn('slide', slide.highlighted && 'slide--highlighted')}
            aria-hidden={position !== index}
            inert={position !== index}
            aria-roledescription="slide"
            aria-label={translate('splash.position', { position: position + 1, count: slides.length })}
          >
            {slide.highlighted ? <span className="slide__tag">{translate('splash.offerTag')}</span> : null}
            <div className="slide__icon" aria-hidden="true">
              {slide.icon}
            </div>
            <h2 className="slide__title">{slide.title}</h2>
            <div className="slide__body">{slide.body}</div>
          </section>
        ))}
      </div>
    </div>
  );
}

export function SlideDots({
  count,
  index,
  onSelect,
}: {
  count: number;
  index: number;
  onSelect: (index: number) => void;
}) {
  return (
    <fieldset className="slide-dots">
      <legend className="visually-hidden">{translate('splash.slides')}</legend>
      {Array.from({ length: count }, (_, position) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
          key={position}
          type="button"
          className={cn('slide-dots__dot', position === index && 'slide-dots__dot--active')}
          aria-label={translate('splash.goTo', { position: position + 1 })}
          aria-current={position === index ? 'step' : undefined}
          onClick={() => onSelect(position)}
        />
      ))}
    </fieldset>
  );
}
