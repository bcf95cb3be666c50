import { z } from 'zod';

// The router's default search parser JSON-decodes values ("123" → 123, "true" → true),
// so text parameters accept scalars and turn them back into strings.
const searchText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => String(value))
  .optional()
  .catch(undefined);

const searchFlag = z
  .union([z.boolean(), z.string()])
  .transform((value) => value === true || value === 'true')
  .optional()
  .catch(undefined);

export const loginSearchSchema = z.object({ error: searchText, redirectTo: searchText });
export const registerSearchSchema = z.object({ error: searchText, redirectTo: searchText });
export const authRedirectSearchSchema = z.object({ redirectTo: searchText });
export const forgotPasswordSearchSchema = z.object({ error: searchText, token: searchText });
export const resetPasswordSearchSchema = z.object({ error: searchText, success: searchFlag });
export const checkoutSearchSchema = z.object({ tier: searchText, client_secret: searchText, price: searchText });
