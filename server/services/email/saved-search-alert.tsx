import { Link, Section, Text } from '@react-email/components';
import type { Language } from '../../../contracts/i18n/languages';
import { type Translator, translatorFor } from '../../i18n';
import { EmailLayout, type RenderedEmail, paragraph, renderEmail } from './templates';

/** One new member as the alert names them: first name and what a card shows first. */
export interface AlertPerson {
  firstName: string;
  age: number | null;
  place: string | null;
  profession: string | null;
  matchPercentage: number | null;
  url: string;
}

/** One saved search's news: how many members are new to it, the first few of them, and the search's address. */
export interface AlertSearch {
  name: string;
  count: number;
  people: AlertPerson[];
  url: string;
}

/** The subject, and the push title: "3 new matches for ‘Doctors in Toronto’", or the total over several searches. */
export function alertHeadline(searches: Array<Pick<AlertSearch, 'name' | 'count'>>, language: Language = 'en'): string {
  const t = translatorFor(language);
  const count = searches.reduce((sum, s) => sum + s.count, 0);
  return searches.length === 1 ? t('server.email.alert.headlineOne', { count, name: searches[0].name }) : t('server.email.alert.headlineMany', { count });
}

const muted = { color: '#6b5a60' } as const;

function personLine(p: AlertPerson, t: Translator): string {
  return [p.age === null ? null : String(p.age), p.place, p.profession, p.matchPercentage === null ? null : t('server.email.alert.matchPercent', { percent: p.matchPercentage })].filter(Boolean).join(' · ');
}

/** The daily email of a member's saved searches: each search with news, its new members, and a link to all of them. */
export function savedSearchAlertEmail(p: { name: string; searches: AlertSearch[]; listUrl: string; unsubscribeUrl: string; language?: Language }): Promise<RenderedEmail> {
  const t = translatorFor(p.language ?? 'en');
  const headline = alertHeadline(p.searches, t.language);
  return renderEmail(
    headline,
    <EmailLayout
      t={t}
      preview={t('server.email.alert.preview', { headline })}
      name={p.name}
      action={{ label: t('server.email.alert.action'), href: p.listUrl }}
      footer={
        <>
          {t('server.email.alert.why')}{' '}
          <Link href={p.unsubscribeUrl} style={{ ...muted, textDecoration: 'underline' }}>
            {t('server.email.alert.stop')}
          </Link>
        </>
      }
    >
      <Text style={paragraph}>{t('server.email.alert.intro', { count: p.searches.length })}</Text>
      {p.searches.map((search) => (
        <Section key={search.name} style={{ margin: '0 0 16px' }}>
          <Text style={{ ...paragraph, fontWeight: 700, margin: '0 0 6px' }}>
            {t('server.email.alert.search', { name: search.name, count: search.count })}
          </Text>
          {search.people.map((person) => (
            <Text key={person.url} style={{ fontSize: 14, lineHeight: '20px', margin: '0 0 4px' }}>
              <Link href={person.url} style={{ color: '#7a1f3d', fontWeight: 700 }}>
                {person.firstName}
              </Link>
              {personLine(person, t) ? <span style={muted}> · {personLine(person, t)}</span> : null}
            </Text>
          ))}
          {search.count > search.people.length ? (
            <Text style={{ fontSize: 14, lineHeight: '20px', margin: '0 0 4px', ...muted }}>{t('server.email.alert.more', { count: search.count - search.people.length })}</Text>
          ) : null}
          <Text style={{ fontSize: 14, lineHeight: '20px', margin: '6px 0 0' }}>
            <Link href={search.url} style={{ color: '#7a1f3d' }}>
              {t('server.email.alert.open')}
            </Link>
          </Text>
        </Section>
      ))}
    </EmailLayout>,
  );
}
