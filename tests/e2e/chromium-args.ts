/**
 * The Chromium flags of every browser the tests and the bench start (playwright.config.ts, tests/bench/*): no
 * sandbox (root in a container), no GPU (none here), no background traffic (Chromium keeps dialing blocked hosts
 * without these).
 *
 * The features turned off are the browser's own address-bar popup (a WebUI page, "WebUI Top Renderer", that this
 * Chromium 156 builds and preloads for every new window). A Playwright context is a new window: in a trace of one
 * deep-link load that renderer's main thread was busy 1.3 s before our page's first paint, on a 2-core machine, and
 * a static one-line page's first paint went from ~190 to ~110 ms without it. A person opening a link in a browser
 * that is already running does not pay for it; our figures should not either.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup'
]
