/**
 * Calls the served API from a spec the way the page does (the session's token in its header), for set-up the screens
 * under test do not cover: adding a generated folder, finding the run it made.
 */
import type { APIRequestContext } from '@playwright/test'
import { expect, type ServerInfo } from './server-fixture'

/** One API call; fails the test with the engine's message when the answer is not ok. */
export async function apiCall<T>(
  request: APIRequestContext,
  server: ServerInfo,
  method: string,
  ...args: unknown[]
): Promise<T> {
  const res = await request.post(`${server.baseUrl}/api/${method}`, {
    headers: { 'x-rollscope-token': server.token },
    data: args
  })
  const body = (await res.json()) as { ok: boolean; value: T; error?: { message: string } }
  expect(body.ok, body.error?.message).toBe(true)
  return body.value
}

interface RunRow {
  id: string
  name: string
  episodes: number
}

/** Adds `folder` to the workspace and waits (up to 30 s) for its run named `name` to hold `episodes`; its id. */
export async function addAndFindRun(
  request: APIRequestContext,
  server: ServerInfo,
  folder: string,
  name: string,
  episodes: number
): Promise<string> {
  return addAndFindRunWhere(request, server, folder, (r) => r.name.includes(name) && r.episodes === episodes)
}

/** Adds `folder` to the workspace and waits (up to `timeoutMs`) for a run that `pick` accepts; its id. */
export async function addAndFindRunWhere(
  request: APIRequestContext,
  server: ServerInfo,
  folder: string,
  pick: (run: RunRow) => boolean,
  timeoutMs = 30_000
): Promise<string> {
  await apiCall(request, server, 'addPaths', [folder])
  let id = ''
  await expect
    .poll(
      async () => {
        id = (await apiCall<RunRow[]>(request, server, 'listRuns')).find(pick)?.id ?? ''
        return id
      },
      { timeout: timeoutMs }
    )
    .not.toBe('')
  return id
}
