/** Current IANA names that some browsers list only under an older alias (Chromium says Asia/Calcutta). */
const MODERN_NAMES = ['Asia/Kolkata', 'Asia/Kathmandu', 'Asia/Ho_Chi_Minh', 'Asia/Yangon', 'Europe/Kyiv', 'UTC'];

/** Every IANA zone the browser knows, plus the given ones, sorted, for a searchable select. */
export function timeZoneOptions(...include: (string | null | undefined)[]): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = new Set(intl.supportedValuesOf?.('timeZone') ?? []);
  for (const z of [...MODERN_NAMES, ...include]) if (z) zones.add(z);
  return [...zones].sort();
}

/** The browser's zone, with India's modern name for its old alias; India's when it cannot tell. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Kolkata';
  return zone === 'Asia/Calcutta' ? 'Asia/Kolkata' : zone;
}
