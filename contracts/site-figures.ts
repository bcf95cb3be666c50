/**
 * The landing page's figures (matches, countries of members, published success stories): real counts from the
 * database, each claimed only once it reaches SITE_FIGURE_MINIMUM and always rounded down, so "120+" is true.
 */
export const SITE_FIGURE_MINIMUM = 10;

/** GET /api/site-figures: each figure as the landing may claim it (already rounded down), or null below the minimum. */
export interface SiteFiguresView {
  matches: number | null;
  countries: number | null;
  successStories: number | null;
}

/**
 * A count rounded down to what the landing claims: below 1,000 to the ten (57 → 50, 127 → 120); from 1,000 to two
 * significant figures (1,234 → 1,200; 12,345 → 12,000); null below the minimum.
 */
export function shownFigure(count: number): number | null {
  if (!Number.isFinite(count) || count < SITE_FIGURE_MINIMUM) return null;
  const n = Math.floor(count);
  const step = n < 1000 ? 10 : 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.floor(n / step) * step;
}

/** "120+", "1.2K+", "12K+", "1.2M+": a shown figure as the landing writes it. */
export function figureText(figure: number): string {
  const short = (value: number, unit: string) => `${Number.isInteger(value) ? value : value.toFixed(1)}${unit}+`;
  if (figure >= 1_000_000) return short(Math.floor(figure / 100_000) / 10, 'M');
  if (figure >= 1000) return short(Math.floor(figure / 100) / 10, 'K');
  return `${figure}+`;
}
