import crypto from 'node:crypto';
import type { KundaliAiResult, KundaliBasicResult } from '../../../contracts/kundali';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { KundaliCache } from '../../models/activity';
import { type AiInput, advancedResult, basicResult, chartDetails, pairAshtakoot, rulesAnalysis } from './analysis';
import { type BirthData, type Chart, IncompleteBirthData, castChart } from './chart';
import { llmNarrative } from './llm';
import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/i18n/languages';
import { translatorFor } from '../../i18n';

export { IncompleteBirthData } from './chart';

/**
 * The Kundali service: charts for two members, the basic and AI results, and the per-pair cache (kundali_cache).
 * A cached row is reused only while the input hash — both members' birth fields, the engine version and, for the
 * AI result, the day and the narrative generator — is unchanged, so editing birth data recomputes at once.
 */

/** Bump when a table or formula changes: every cached result is then recomputed. */
export const ENGINE_VERSION = 3; // 3: without a birth time the entered Manglik answer counts

const BIRTH_FIELDS = ['gender', 'dateOfBirth', 'birthHour', 'birthMinute', 'birthAmPm', 'birthPlace', 'zodiacSign', 'rashi', 'nakshatra', 'manglik'] as const;

export function birthData(p: BirthData): BirthData {
  return {
    gender: p.gender ?? null, dateOfBirth: p.dateOfBirth ?? null, birthHour: p.birthHour ?? null, birthMinute: p.birthMinute ?? null,
    birthAmPm: p.birthAmPm ?? null, birthPlace: p.birthPlace ?? null, zodiacSign: p.zodiacSign ?? null, rashi: p.rashi ?? null,
    nakshatra: p.nakshatra ?? null, manglik: p.manglik === null || p.manglik === undefined ? null : Boolean(p.manglik),
  };
}

export function inputHash(parts: unknown[]): string {
  return crypto.createHash('sha256').update(JSON.stringify([ENGINE_VERSION, ...parts])).digest('hex');
}

const birthKey = (p: BirthData) => BIRTH_FIELDS.map((f) => birthData(p)[f]);
/** Cache keys carry both user ids between colons, so account deletion's `%:{userId}:%` finds them. */
export const pairKey = (kind: 'basic' | 'ai', viewerUserId: number, otherUserId: number) => `${kind}:${viewerUserId}:${otherUserId}:`;

async function cached<T>(db: Db, key: string, hash: string, compute: () => Promise<{ value: T; store: boolean }>): Promise<T> {
  const row = await KundaliCache.query(db).findById(key);
  if (row && row.inputHash === hash) return JSON.parse(row.result) as T;
  const { value, store } = await compute();
  if (store) {
    await KundaliCache.query(db)
      .insert({ pairKey: key, inputHash: hash, result: JSON.stringify(value), createdAt: Date.now() })
      .onConflict('pairKey')
      .merge();
  }
  return value;
}

/**
 * Cast charts by birth data (castChart is pure and its charts are only read): a member's own chart serves every
 * Kundali card they open, instead of being cast again with each. Bounded, least recently used first out; birth
 * data that gives no chart is not kept (castChart throws again).
 */
const CHART_CACHE_SIZE = 1000;
const charts = new Map<string, Chart>();
function chartOf(p: BirthData): Chart {
  const data = birthData(p);
  const key = JSON.stringify(data);
  const hit = charts.get(key);
  if (hit) {
    charts.delete(key);
    charts.set(key, hit);
    return hit;
  }
  const chart = castChart(data);
  charts.set(key, chart);
  if (charts.size > CHART_CACHE_SIZE) charts.delete(charts.keys().next().value as string);
  return chart;
}

/** Basic result; throws IncompleteBirthData when either chart cannot be cast. */
export function computeBasic(p1: BirthData, p2: BirthData): KundaliBasicResult {
  return basicResult(chartOf(p1), chartOf(p2));
}

export async function basicFor(db: Db, viewer: { userId: number } & BirthData, other: { userId: number } & BirthData): Promise<KundaliBasicResult> {
  const hash = inputHash([birthKey(viewer), birthKey(other)]);
  return cached(db, pairKey('basic', viewer.userId, other.userId), hash, async () => ({ value: computeBasic(viewer, other), store: true }));
}

export interface AiOptions {
  llm: Config['llm'];
  /** The reader's: the report's descriptions and narrative are written in it (English by default). */
  language?: Language;
  now?: Date;
  fetchImpl?: typeof fetch;
  names: [string, string];
}

/** AI result; throws IncompleteBirthData when either member lacks a birth date or a Moon. */
export async function computeAi(p1: BirthData, p2: BirthData, options: AiOptions): Promise<KundaliAiResult> {
  const now = options.now ?? new Date();
  const c1 = chartOf(p1);
  const c2 = chartOf(p2);
  const d1 = chartDetails(c1, now);
  const d2 = chartDetails(c2, now);
  if (!d1 || !d2) throw new IncompleteBirthData('no birth date');
  const input: AiInput = { c1, c2, d1, d2, names: options.names, birthPlaces: [p1.birthPlace, p2.birthPlace] };
  const t = translatorFor(options.language ?? DEFAULT_LANGUAGE);
  const result = advancedResult(input, now, t);
  const rules = rulesAnalysis(input, result, t);
  const llmText = await llmNarrative(options.llm, `Computed charts and scores (JSON):\n${JSON.stringify({ names: options.names, ...result })}\n\nRule-based reading:\n${rules}`, {
    fetchImpl: options.fetchImpl,
    language: t.language,
  });
  return llmText ? { aiAnalysis: llmText, generator: 'llm', ...result } : { aiAnalysis: rules, generator: 'rules', ...result };
}

export async function aiFor(
  db: Db,
  viewer: { userId: number } & BirthData,
  other: { userId: number } & BirthData,
  options: AiOptions,
): Promise<KundaliAiResult> {
  const now = options.now ?? new Date();
  const llmConfigured = Boolean(options.llm.baseUrl && options.llm.model);
  // Dasha figures move with the calendar: the day is part of the hash. So are who writes the narrative and in which language.
  const hash = inputHash([birthKey(viewer), birthKey(other), now.toISOString().slice(0, 10), llmConfigured ? `${options.llm.baseUrl}|${options.llm.model}` : 'rules', options.names, options.language ?? DEFAULT_LANGUAGE]);
  return cached(db, pairKey('ai', viewer.userId, other.userId), hash, async () => {
    const value = await computeAi(viewer, other, { ...options, now });
    // A rules fallback after an LLM failure is not cached, so the next request tries the LLM again.
    return { value, store: !llmConfigured || value.generator === 'llm' };
  });
}

/**
 * For the matching engine: the Ashtakoot guna total (0–36) of two profiles, or null when either lacks the data
 * (pass it to computeMatch as `gunaScore`). Pure and synchronous: no database, no network.
 */
export function gunaScoreForProfiles(a: BirthData, b: BirthData): number | null {
  try {
    return pairAshtakoot(castChart(birthData(a)), castChart(birthData(b))).score;
  } catch (error) {
    if (error instanceof IncompleteBirthData) return null;
    throw error;
  }
}
