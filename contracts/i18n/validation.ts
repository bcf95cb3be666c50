import en from './catalogues/en.json';

/**
 * The member-facing texts of the contracts' zod schemas (and the server's refusals that share them) come from the
 * English catalogue, under ids `v.<group>.<name>`: `validationTexts('auth', …)` gives contracts/auth.ts its texts, and
 * records which id each text is, so that the server (an error's `message`) and the member app (a form's field
 * errors) can show the same message in the member's language. The English text stays what a schema reports, so a
 * schema reads the same everywhere it is used.
 */

type Values = Record<string, string | number>;
type Ids = keyof typeof en;
type GroupKey<G extends string, I = Ids> = I extends `v.${G}.${infer K}` ? K : never;

/** One element of a message FormatJS has precompiled (the browser build's catalogues): text, or an argument. */
type AstElement = { type: number; value?: string };

const byText = new Map<string, { id: string; values?: Values }>();

/** A message's English with its arguments filled in (messages of schemas hold plain `{name}` arguments only). */
function english(message: string | AstElement[], values: Values): string {
  if (typeof message === 'string') return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  return message.map((element) => (element.type === 0 ? element.value ?? '' : String(values[element.value ?? ''] ?? ''))).join('');
}

/** The English texts of the ids `v.<group>.*`, arguments filled from `values` (per name), each text recorded. */
export function validationTexts<G extends string>(group: G, values: Partial<Record<GroupKey<G>, Values>> = {}): Record<GroupKey<G>, string> {
  const prefix = `v.${group}.`;
  const catalogue = en as Record<string, string | AstElement[]>;
  const texts: Record<string, string> = {};
  for (const [id, message] of Object.entries(catalogue)) {
    if (!id.startsWith(prefix)) continue;
    const name = id.slice(prefix.length);
    const own = (values as Record<string, Values | undefined>)[name];
    texts[name] = english(message, own ?? {});
    byText.set(texts[name], own ? { id, values: own } : { id });
  }
  return texts as Record<GroupKey<G>, string>;
}

/**
 * The English of one `v.*` message with `values`, recorded like `validationTexts`' texts: for a message whose
 * arguments differ from one use to the next (a field's length limit).
 */
export function validationText(id: Ids & `v.${string}`, values: Values = {}): string {
  const text = english((en as Record<string, string | AstElement[]>)[id], values);
  byText.set(text, { id, values });
  return text;
}

/** The catalogue id (and its arguments) of a schema's English text, or null for a text that is no catalogue message. */
export function validationMessage(text: string): { id: string; values?: Values } | null {
  return byText.get(text) ?? null;
}
