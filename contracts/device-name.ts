// How a device is named to its member: the Settings device list and the "new sign-in" email read the same.
/** A readable name for a session's user agent, e.g. "Chrome on Android", "Safari on iPhone". */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /EdgA?\/|Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /CriOS\/|Chrome\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? 'Safari'
              : /node|undici|curl|wget|python|okhttp/i.test(ua)
                ? 'App or script'
                : null;
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Mac OS X|Macintosh/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

/** Phone or tablet user agents get a phone icon, the rest a screen. */
export function isMobileAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && /iPhone|iPad|Android|Mobile/.test(userAgent);
}
