import type { MatchFactorView } from '../../../../contracts/views';

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

/**
 * Why the match is the percentage it is: each factor of the documented score (docs/matching-score.md) with the
 * points it earned of its weight, "yours" being the viewer's wishes about this member and "theirs" theirs about the
 * viewer. Factors that could not be judged are not listed (they count in neither side).
 */
export function MatchBreakdown({ factors }: { factors: readonly MatchFactorView[] }) {
  return (
    <details className="match-breakdown">
      <summary className="match-breakdown__summary">How this match is scored</summary>
      <ul className="match-breakdown__list">
        {factors.map((f) => (
          <li key={f.factor} className="match-breakdown__item">
            <span className="match-breakdown__factor">{f.factor}</span>
            <span className="match-breakdown__points">
              {points(f.earned)} / {f.weight}
            </span>
            <span className="match-breakdown__detail">{f.detail}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
