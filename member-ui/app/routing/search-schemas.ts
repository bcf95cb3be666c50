// Query-parameter parsers for the route table. Plain functions rather than zod: this module loads with the
// first screen, and even zod/mini would add ~18 KB gzipped to it.

type RawSearch = Record<string, unknown>;

/**
 * The router's default search parser JSON-decodes values ("123" → 123, "true" → true), so text parameters
 * accept scalars and turn them back into strings; anything else is dropped.
 */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

function textParams<K extends string>(...keys: K[]) {
  return (search: RawSearch): { [P in K]?: string } => {
    const out: { [P in K]?: string } = {};
    for (const key of keys) {
      const value = text(search[key]);
      if (value !== undefined) out[key] = value;
    }
    return out;
  };
}

export const loginSearchSchema = textParams('error', 'redirectTo');
export const registerSearchSchema = (search: RawSearch): { error?: string; redirectTo?: string; sent?: boolean } => {
  const out: { error?: string; redirectTo?: string; sent?: boolean } = textParams('error', 'redirectTo')(search);
  const sent = flag(search.sent);
  if (sent !== undefined) out.sent = sent;
  return out;
};
export const authRedirectSearchSchema = textParams('redirectTo');
export const forgotPasswordSearchSchema = textParams('error', 'token');
export const resetPasswordSearchSchema = (search: RawSearch): { error?: string; success?: boolean } => {
  const out: { error?: string; success?: boolean } = {};
  const error = text(search.error);
  const success = flag(search.success);
  if (error !== undefined) out.error = error;
  if (success !== undefined) out.success = success;
  return out;
};
export const checkoutSearchSchema = textParams('tier', 'client_secret', 'price');
export const confirmationSearchSchema = textParams('tier');
