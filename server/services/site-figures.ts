import { type SiteFiguresView, shownFigure } from '../../contracts/site-figures';
import type { Db } from '../db';

/** How long the landing's figures are kept: every visitor's landing asks for them. */
export const SITE_FIGURES_TTL_MS = 5 * 60_000;

export interface SiteCounts {
  matches: number;
  countries: number;
  successStories: number;
}

const count = (row: unknown) => Number(Object.values((row ?? {}) as Record<string, unknown>)[0] ?? 0);

/**
 * The counts behind the landing's figures: matches made (mutual likes standing now), the countries members live in
 * (live profiles of active member accounts), and the success stories published.
 */
export async function siteCounts(db: Db): Promise<SiteCounts> {
  const [matches, countries, successStories] = await Promise.all([
    db('matches').count({ n: '*' }).first(),
    db('profiles')
      .join('users', 'users.id', 'profiles.userId')
      .where('profiles.isDeleted', false)
      .whereNotNull('profiles.country')
      .where({ 'users.isDeleted': false, 'users.status': 'active', 'users.role': 'member' })
      .countDistinct({ n: 'profiles.country' })
      .first(),
    db('success_stories').where('isPublished', true).count({ n: '*' }).first(),
  ]);
  return { matches: count(matches), countries: count(countries), successStories: count(successStories) };
}

export function siteFiguresOf(counts: SiteCounts): SiteFiguresView {
  return { matches: shownFigure(counts.matches), countries: shownFigure(counts.countries), successStories: shownFigure(counts.successStories) };
}

/**
 * The figures, counted at most once per `ttlMs` in this process (concurrent asks share one count): the landing is
 * served to everyone, and three counts over the whole membership are not a per-visit cost.
 */
export function siteFiguresCache(db: Db, options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? SITE_FIGURES_TTL_MS;
  const now = options.now ?? Date.now;
  let kept: { figures: SiteFiguresView; until: number } | null = null;
  let counting: Promise<SiteFiguresView> | null = null;
  return async function siteFigures(): Promise<SiteFiguresView> {
    if (kept && now() < kept.until) return kept.figures;
    counting ??= siteCounts(db)
      .then((counts) => {
        const figures = siteFiguresOf(counts);
        kept = { figures, until: now() + ttlMs };
        return figures;
      })
      .finally(() => {
        counting = null;
      });
    return counting;
  };
}

const perDatabase = new WeakMap<Db, ReturnType<typeof siteFiguresCache>>();

/** The process's one cache of `db`'s figures, shared by the API's answer and the landing page the server paints. */
export function siteFiguresFor(db: Db): ReturnType<typeof siteFiguresCache> {
  let figures = perDatabase.get(db);
  if (!figures) perDatabase.set(db, (figures = siteFiguresCache(db)));
  return figures;
}
