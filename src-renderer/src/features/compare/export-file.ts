/** Saving the HTML report from the page (a download in the browser; Electron saves downloads the same way). */

/** compare-<A>-vs-<B>.html, with run names reduced to file-name-safe characters. */
export function reportFileName(nameA: string, nameB: string): string {
  const safe = (s: string): string =>
    s
      .replace(/[^\w.-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'run'
  return `compare-${safe(nameA)}-vs-${safe(nameB)}.html`
}

/** Hands `html` to the browser as a file download. */
export function downloadHtml(html: string, fileName: string): void {
  downloadText(html, fileName, 'text/html;charset=utf-8')
}

/** Hands `text` to the browser as a file download (small files made in the page: a report, the labels file). */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // revoked a little later: some browsers start reading the blob after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
