export interface StatusPage {
  title: string;
  detail: string;
  /** Shows a spinner: the splash while the server starts. */
  busy?: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A self-contained page as a data: URL, shown before the console is reachable. */
export function statusPageUrl({ title, detail, busy = false }: StatusPage): string {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Muster</title>
<style>
  body { margin: 0; height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; }
  main { max-width: 36rem; text-align: center; padding: 2rem; }
  h1 { font-size: 1.4rem; font-weight: 600; }
  p { color: #475569; white-space: pre-wrap; }
  .spinner { width: 2rem; height: 2rem; margin: 0 auto 1rem; border: 3px solid #cbd5e1; border-top-color: #0d9488; border-radius: 50%; animation: spin 0.9s linear infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
</style></head>
<body><main>${busy ? '<div class="spinner"></div>' : ''}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></main></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
