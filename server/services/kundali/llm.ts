import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/i18n/languages';
import type { Config } from '../../config';

/** A language's English name for the prompt ("Hindi", "Tamil"): Intl's, so a new language needs no line here. */
const languageName = (language: Language) => new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? 'English';

/** The narrative from an OpenAI-compatible chat endpoint, or null (not configured, timeout, error, empty answer). */
export async function llmNarrative(
  llm: Config['llm'],
  facts: string,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch; language?: Language } = {},
): Promise<string | null> {
  if (!llm.baseUrl || !llm.model) return null;
  const doFetch = options.fetchImpl ?? fetch;
  try {
    const res = await doFetch(`${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(llm.apiKey ? { Authorization: `Bearer ${llm.apiKey}` } : {}) },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0.3,
        messages: [
          {
            role: 'system',
            content:
              'You are a careful Vedic astrologer writing for a matrimonial app. Use only the computed facts given; do not invent numbers. ' +
              'Write markdown: a one-paragraph overview, then sections with "## " headings, "- " bullets and "Label: value" lines. Under 400 words. ' +
              `Write in ${languageName(options.language ?? DEFAULT_LANGUAGE)}, respectfully, as a family would be addressed; keep the names as given.`,
          },
          { role: 'user', content: facts },
        ],
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = body.choices?.[0]?.message?.content;
    return typeof text === 'string' && text.trim() ? text.trim() : null;
  } catch {
    return null;
  }
}
