/**
 * Which build a process or a page is (the time `npm run build` ran, in ms, as digits): set by the build in the main
 * process and in the page alike (electron.vite.config.ts `define`), null where no build set it (unit tests, `vite
 * dev`). Browser mode compares the two: a page left open across a rebuild, or a `serve` left running while the files
 * it serves were rebuilt, spoke to code of another version and read "unknown method" or worse.
 */
declare const __ROLLSCOPE_BUILD__: string | undefined

export const BUILD_ID: string | null = typeof __ROLLSCOPE_BUILD__ === 'string' ? __ROLLSCOPE_BUILD__ : null

/** The request header a page sends its build in. */
export const BUILD_HEADER = 'x-rollscope-build'

/**
 * Why a page of build `page` cannot use a server of build `server`, or null when it can (the same build, or either
 * unknown). Which one to restart follows from which is older.
 */
export function buildMismatch(page: string | null | undefined, server: string | null): string | null {
  if (!page || !server || page === server) return null
  return Number(page) > Number(server)
    ? 'This page is newer than the `rollscope serve` answering it (Rollscope was rebuilt since the server started): ' +
        'restart `rollscope serve`, then reload the page.'
    : 'This page comes from an older build of Rollscope than the server now running: reload the page.'
}
