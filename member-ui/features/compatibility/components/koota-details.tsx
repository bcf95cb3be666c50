import type { DoshaException, KootaExplanation } from '../../../../contracts/kundali';
import { cn } from '../../../components/ui/cn';

/** Each koota: its rule, how it applies to the two charts, and the reference table with the cell that was read. */
export function KootaDetails({ kootas }: { kootas: KootaExplanation[] }) {
  return (
    <div className="koota-details">
      <h3 className="kundali-block__title">How each koota is scored</h3>
      {kootas.map((koota) => (
        <details key={koota.key} className="koota-detail">
          <summary>
            <span>{koota.name}</span>
            <span className="koota-detail__points">
              {koota.points} / {koota.max}
            </span>
          </summary>
          <p className="koota-detail__rule">{koota.rule}</p>
          <p className="koota-detail__yours">{koota.yours}</p>
          <div className="koota-table__scroll">
            <table className="koota-table">
              <caption>{koota.table.caption}</caption>
              <thead>
                <tr>
                  <td />
                  {koota.table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {koota.table.rows.map((row, r) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    {row.cells.map((cell, c) => {
                      const read = koota.table.highlight?.row === r && koota.table.highlight.col === c;
                      return (
                        // biome-ignore lint/suspicious/noArrayIndexKey: table cells are positional
                        <td key={c} className={cn(read && 'koota-table__read')} aria-current={read ? 'true' : undefined}>
                          {cell}
                          {read ? <span className="visually-hidden"> (your pair)</span> : null}
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
  if (exceptions.length === 0) return null;
  return (
    <div className="dosha-exceptions">
      <h3 className="kundali-block__title">Exceptions that apply</h3>
      <ul>
        {exceptions.map((exception) => (
          <li key={`${exception.dosha}-${exception.rule}`}>
            <strong>
              {exception.dosha} dosha cancelled — {exception.rule}.
            </strong>{' '}
            {exception.detail}
          </li>
        ))}
      </ul>
    </div>
  );
}
