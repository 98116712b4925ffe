/** True when `url` parses and has exactly `origin` (e.g. `http://127.0.0.1:8080`). */
export function isSameOrigin(url: string | undefined, origin: string): boolean {
  if (!url) return false;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

export type LinkDecision = 'allow' | 'open-external' | 'deny';

/** What to do with a link the console opens or navigates to: stay for our origin, hand web and mail links to the OS. */
export function decideLink(url: string, consoleOrigin: string): LinkDecision {
  if (isSameOrigin(url, consoleOrigin)) return 'allow';
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' || protocol === 'mailto:' ? 'open-external' : 'deny';
  } catch {
    return 'deny';
  }
}
