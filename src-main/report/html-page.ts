/**
 * The head every self-contained HTML page of ours opens with (the compare report, the html export): a CSP that
 * allows no request at all and only the named script hashes, no referrer, and the page's styles inline, so the
 * file opens from disk or a mail attachment with nothing fetched. `title` is escaped here.
 */
import { escapeHtml } from './html-escape'

export function htmlPageHead(o: { title: string; scriptSrc: string | null; styles: string[] }): string {
  const csp = [
    "default-src 'none'",
    `script-src ${o.scriptSrc ?? "'none'"}`,
    "style-src 'unsafe-inline'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'"
  ].join('; ')
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(o.title)}</title>`,
    ...o.styles.map((css) => `<style>${css}</style>`),
    '</head>'
  ].join('\n')
}
