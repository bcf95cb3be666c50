import type { DoshaException, KootaExplanation, KundaliSaid } from '../../../../contracts/kundali';
import { cn } from '../../../components/ui/cn';
import type { MessageId } from '../../../i18n/catalogue';
import { useT } from '../../../i18n/use-t';
import { kootaName, kundaliTerm } from '../lib/kundali-format';

/**
 * A sentence the server worked out about the two charts, in the app's language: its message with each term (a rashi,
 * a nakshatra, a varna…) translated; the server's English where the result came without its message.
 */
function saidText(t: ReturnType<typeof useT>, said: KundaliSaid | undefined, english: string): string {
  if (!said) return english;
  const values = Object.fromEntries(Object.entries(said.values).map(([key, value]) => [key, typeof value === 'string' ? kundaliTerm(value) : value]));
  return t(said.id as MessageId, values);
}

/** Headings of the tables that are not lists of names. */
const COLUMN_IDS: Record<string, MessageId> = {
  'Moon signs': 'kundali.column.moonSigns',
  Tara: 'kundali.column.tara',
  Points: 'kundali.column.points',
  Nakshatras: 'kundali.column.nakshatras',
};

/** The classical cancellations the server names, by their rule's English name. */
const EXCEPTION_IDS: Record<string, MessageId> = {
  'Same Moon sign, different nakshatras': 'kundali.exception.sameSignOtherStars',
  'Same nakshatra, different Moon signs': 'kundali.exception.sameStarOtherSigns',
  'Same nakshatra, different padas': 'kundali.exception.sameStarOtherPadas',
  'Same lord of both Moon signs': 'kundali.exception.sameLord',
  'Lords of the Moon signs are mutual friends': 'kundali.exception.friendlyLords',
  'Both charts are Manglik': 'kundali.exception.bothManglik',
  'Mars in its own or exaltation sign': 'kundali.exception.marsDignified',
};

const DOSHA_IDS: Record<DoshaException['dosha'], MessageId> = { Manglik: 'kundali.dosha.Manglik', Nadi: 'kundali.dosha.Nadi', Bhakoot: 'kundali.dosha.Bhakoot' };

/** Each koota: its rule, how it applies to the two charts, and the reference table with the cell that was read. */
export function KootaDetails({ kootas }: { kootas: KootaExplanation[] }) {
  const t = useT();
  const heading = (column: string) => (COLUMN_IDS[column] ? t(COLUMN_IDS[column]) : kundaliTerm(column));
  return (
    <div className="koota-details">
      <h3 className="kundali-block__title">{t('kundali.howEachKoota')}</h3>
      {kootas.map((koota) => (
        <details key={koota.key} className="koota-detail">
          <summary>
            <span>{kootaName(koota.key)}</span>
            <span className="koota-detail__points">
              {koota.points} / {koota.max}
            </span>
          </summary>
          <p className="koota-detail__rule">{t(`kundali.rule.${koota.key}` as MessageId)}</p>
          <p className="koota-detail__yours">{saidText(t, koota.said, koota.yours)}</p>
          <div className="koota-table__scroll">
            <table className="koota-table">
              <caption>{t(`kundali.caption.${koota.key}` as MessageId)}</caption>
              <thead>
                <tr>
                  <td />
                  {koota.table.columns.map((column) => (
                    <th key={column} scope="col">
                      {heading(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {koota.table.rows.map((row, r) => (
                  <tr key={row.label}>
                    <th scope="row">{kundaliTerm(row.label)}</th>
                    {row.cells.map((cell, c) => {
                      const read = koota.table.highlight?.row === r && koota.table.highlight.col === c;
                      return (
                        // biome-ignore lint/suspicious/noArrayIndexKey: table cells are positional
                        <td key={c} className={cn(read && 'koota-table__read')} aria-current={read ? 'true' : undefined}>
                          {kundaliTerm(cell)}
                          {read ? <span className="visually-hidden"> {t('kundali.yourPair')}</span> : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ))}
    </div>
  );
}

/** The classical cancellations that apply to this pair, each by the rule's name. */
export function DoshaExceptions({ exceptions }: { exceptions: DoshaException[] }) {
  const t = useT();
  if (exceptions.length === 0) return null;
  return (
    <div className="dosha-exceptions">
      <h3 className="kundali-block__title">{t('kundali.exceptions')}</h3>
      <ul>
        {exceptions.map((exception) => (
          <li key={`${exception.dosha}-${exception.rule}`}>
            <strong>
              {t('kundali.doshaCancelled', {
                dosha: t(DOSHA_IDS[exception.dosha]),
                rule: EXCEPTION_IDS[exception.rule] ? t(EXCEPTION_IDS[exception.rule]) : exception.rule,
              })}
            </strong>{' '}
            {saidText(t, exception.said, exception.detail)}
          </li>
        ))}
      </ul>
    </div>
  );
}
