// Signing in the way the login form does, for the browser benches (bench/lighthouse.ts, bench/start-tasks.ts).

export interface Credentials {
  username: string;
  password: string;
}

export const DEMO_MEMBER: Credentials = { username: 'demo', password: 'demo-pass-2026' };

/** Signs in through the API the way the login form does; returns the session's cookies. */
export async function signIn(baseUrl: string, credentials: Credentials = DEMO_MEMBER): Promise<Array<{ name: string; value: string }>> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl, Accept: 'application/json' },
    body: new URLSearchParams({ username: credentials.username, password: credentials.password }).toString(),
    redirect: 'manual',
  });
  if (res.status !== 200) throw new Error(`sign-in as ${credentials.username} failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
  });
  if (!cookies.some((c) => c.name === 'saathi.sid')) throw new Error('sign-in answered without a session cookie');
  return cookies;
}
