import { Link, Section, Text } from '@react-email/components';
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

const plural = (n: number) => `${n} new ${n === 1 ? 'match' : 'matches'}`;

/** The subject, and the push title: "3 new matches for ‘Doctors in Toronto’", or the total over several searches. */
export function alertHeadline(searches: Array<Pick<AlertSearch, 'name' | 'count'>>): string {
  const total = searches.reduce((sum, s) => sum + s.count, 0);
  return searches.length === 1 ? `${plural(total)} for ‘${searches[0].name}’` : `${plural(total)} for your saved searches`;
}

const muted = { color: '#6b5a60' } as const;

function personLine(p: AlertPerson): string {
  return [p.age === null ? null : String(p.age), p.place, p.profession, p.matchPercentage === null ? null : `${p.matchPercentage}% match`].filter(Boolean).join(' · ');
}

/** The daily email of a member's saved searches: each search with news, its new members, and a link to all of them. */
export function savedSearchAlertEmail(p: { name: string; searches: AlertSearch[]; listUrl: string; unsubscribeUrl: string }): Promise<RenderedEmail> {
  const headline = alertHeadline(p.searches);
  return renderEmail(
    headline,
    <EmailLayout
      preview={`${headline}. Since your last alert, new members match what you are looking for.`}
      name={p.name}
      action={{ label: 'Open your saved searches', href: p.listUrl }}
      footer={
        <>
          You receive this because alerts are on for your saved searches in Saathi.{' '}
          <Link href={p.unsubscribeUrl} style={{ ...muted, textDecoration: 'underline' }}>
            Stop saved search emails
          </Link>
        </>
      }
    >
      <Text style={paragraph}>Since your last alert, new members match your saved {p.searches.length === 1 ? 'search' : 'searches'}:</Text>
      {p.searches.map((search) => (
        <Section key={search.name} style={{ margin: '0 0 16px' }}>
          <Text style={{ ...paragraph, fontWeight: 700, margin: '0 0 6px' }}>
            {search.name}: {plural(search.count)}
          </Text>
          {search.people.map((person) => (
            <Text key={person.url} style={{ fontSize: 14, lineHeight: '20px', margin: '0 0 4px' }}>
              <Link href={person.url} style={{ color: '#7a1f3d', fontWeight: 700 }}>
                {person.firstName}
              </Link>
              {personLine(person) ? <span style={muted}> · {personLine(person)}</span> : null}
            </Text>
          ))}
          {search.count > search.people.length ? (
            <Text style={{ fontSize: 14, lineHeight: '20px', margin: '0 0 4px', ...muted }}>and {search.count - search.people.length} more</Text>
          ) : null}
          <Text style={{ fontSize: 14, lineHeight: '20px', margin: '6px 0 0' }}>
            <Link href={search.url} style={{ color: '#7a1f3d' }}>
              Open this search in Saathi
            </Link>
          </Text>
        </Section>
      ))}
    </EmailLayout>,
  );
}
