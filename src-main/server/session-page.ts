/**
 * The page a browser gets instead of the app when it has no session with this server: what happened and what to do
 * (open the URL `rollscope serve` printed). Static HTML without scripts, its styles inline (the CSP allows inline
 * styles only), light or dark after the OS.
 */
import type { SessionMissingReason } from './session-auth'

const WHY: Record<SessionMissingReason, string> = {
  'no-session':
    'This browser has not opened Rollscope’s link yet (or it was opened in another browser, profile or private window).',
  'stale-session':
    'This browser’s session belongs to an earlier run of <code>rollscope serve</code>: every launch has a new token.',
  'wrong-link':
    'The token in this link is wrong, or it belongs to an earlier run of <code>rollscope serve</code>: every launch prints a new one.',
  'cross-site':
    'This link was followed from another site, and the browser never sends Rollscope’s session with such links (so other sites cannot act on your traces). Paste the link into the address bar instead, or open the URL below.'
}

/** HTML-escapes text put into the page (the Host header is the client's). */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** The explanatory page for `reason`; `hostHeader` shows the address the printed URL starts with. */
export function sessionPage(reason: SessionMissingReason, hostHeader: string | undefined): string {
  const origin = escapeHtml(`http://${hostHeader ?? '127.0.0.1:4173'}`)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Rollscope: open the link printed by rollscope serve</title>
<style>
  :root { color-scheme: light dark; --bg: #fff; --fg: #1c1f24; --muted: #59616d; --box: #f4f5f7; --border: #dfe3e8; --accent: #2563c9; }
  @media (prefers-color-scheme: dark) { :root { --bg: #16181c; --fg: #e3e6ea; --muted: #a7afba; --box: #1e2227; --border: #2d3239; --accent: #4d8ef0; } }
  body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.55 system-ui, -apple-system, 'Segoe UI', sans-serif; }
  main { max-width: 40rem; margin: 12vh auto 0; padding: 0 1.5rem; }
  h1 { font-size: 1.35rem; margin: 0 0 0.75rem; }
  p { margin: 0 0 0.9rem; }
  .why { color: var(--muted); }
  pre { background: var(--box); border: 1px solid var(--border); border-radius: 6px; padding: 0.7rem 0.9rem; white-space: pre-wrap; word-break: break-all; font: 13px/1.5 ui-monospace, Menlo, Consolas, monospace; }
  code { font: 0.92em ui-monospace, Menlo, Consolas, monospace; white-space: nowrap; }
  strong { color: var(--accent); }
</style>
</head>
<body>
<main data-testid="session-needed" data-reason="${reason}">
<h1>Open the URL that <code>rollscope serve</code> printed</h1>
<p class="why">${WHY[reason]}</p>
<p>In the terminal where <code>rollscope serve</code> runs, open the URL it printed; it ends with <code>?token=…</code>:</p>
<pre>Rollscope is serving at <strong>${origin}/?token=…</strong></pre>
<p>After that, every link to this server works in this browser (copied URLs, bookmarks, new tabs) until the server stops.</p>
</main>
</body>
</html>
`
}
