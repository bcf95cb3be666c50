import { verify } from 'otplib';

/** RFC 6238 codes (30 s steps); one step of clock drift either way is accepted. */
export async function verifyTotp(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid;
}
