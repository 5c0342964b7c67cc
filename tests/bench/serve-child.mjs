/**
 * The built CLI in browser mode for the bench: `rollscope serve PATH --port 0 --db FILE` as a child process, its
 * printed URL (token included), typed-enough API calls over HTTP, and a wait for the background indexing to finish.
 */
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'

const URL_LINE = /^Rollscope is serving at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+))$/m

/**
 * @typedef {object} Served
 * @property {string} url the printed URL, token included
 * @property {string} baseUrl `http://127.0.0.1:<port>`
 * @property {string} token
 * @property {(method: string, ...args: unknown[]) => Promise<any>} call one API call; throws on a failed Result
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after 5 s
 * @property {number | undefined} pid the serve process (its /proc status gives its peak memory)
 */

/**
 * Starts `serve` with the same Node that runs the bench and waits (up to `timeoutMs`) for its URL line.
 * @param {string} cli @param {string[]} paths @param {string} db @param {number} [timeoutMs]
 * @returns {Promise<Served>}
 */
export function startServe(cli, paths, db, timeoutMs = 20_000) {
  const child = spawn(process.execPath, [cli, 'serve', ...paths, '--port', '0', '--db', db], {
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (d) => (out += d))
  child.stderr.setEncoding('utf8').on('data', (d) => (err += d))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((done) => child.once('exit', done))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
  }
  return new Promise((resolve, reject) => {
    const fail = (/** @type {string} */ why) => {
      clearTimeout(timer)
      void stop()
      reject(new Error(`rollscope serve ${why}.\nstdout: ${out.slice(-1000)}\nstderr: ${err.slice(-2000)}`))
    }
    const timer = setTimeout(() => fail(`printed no URL within ${timeoutMs / 1000} s`), timeoutMs)
    child.once('error', (e) => fail(`could not be started (${e.message})`))
    child.once('exit', (code, signal) => fail(`exited early (code ${code}, signal ${signal})`))
    child.stdout.on('data', () => {
      const m = URL_LINE.exec(out)
      if (!m) return
      clearTimeout(timer)
      child.removeAllListeners('exit')
      const baseUrl = `http://127.0.0.1:${m[2]}`
      const token = m[3]
      resolve({ url: m[1], baseUrl, token, call: apiCaller(baseUrl, token), stop, pid: child.pid })
    })
  })
}

/**
 * Polls until the background indexing job is done and a run has `episodes` episodes; returns that run's id.
 * @param {Served} served @param {number} episodes @param {number} [timeoutMs]
 */
export async function waitForRun(served, episodes, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const progress = await served.call('getProgress')
    if (progress.state === 'done' || progress.state === 'idle') {
      /** @type {{ id: string, episodes: number }[]} */
      const runs = await served.call('listRuns')
      const run = runs.find((r) => r.episodes === episodes)
      if (run) return run.id
    }
    if (progress.state === 'error') throw new Error(`indexing failed: ${progress.message}`)
    if (Date.now() > until)
      throw new Error(`no run with ${episodes} episodes after ${timeoutMs / 1000} s (state ${progress.state})`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Waits until the full-text pass that follows the listing has every file in the index (a search says no file is
 * pending), so its reading and writing are not measured with what comes next. @param {Served} served
 * @param {number} [timeoutMs]
 */
export async function waitForFullText(served, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const page = await served.call('search', 'rollscope-bench-probe', { limit: 1 })
    if (page.pendingSources === 0) return
    if (Date.now() > until)
      throw new Error(
        `the full-text index still has ${page.pendingSources} file(s) pending after ${timeoutMs / 1000} s`
      )
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * Waits for serve's own re-check of its paths (every file unchanged) to finish, so what is measured next is not
 * slowed by it. @param {Served} served @param {number} [timeoutMs]
 */
export async function waitUntilIdle(served, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const p = await served.call('getProgress')
    if (p.state === 'done' || p.state === 'idle') return
    if (p.state === 'error') throw new Error(`indexing failed: ${p.message}`)
    if (Date.now() > until) throw new Error(`serve still indexing after ${timeoutMs / 1000} s (state ${p.state})`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Milliseconds one call took. @param {() => Promise<unknown>} fn */
export async function timed(fn) {
  const t = performance.now()
  await fn()
  return performance.now() - t
}

/** Connections kept open between calls, as a browser keeps them (one per call in flight). */
const KEEP_ALIVE = new Agent({ keepAlive: true })

/**
 * One API call over HTTP to a serve at `baseUrl` with its token; throws on a failed Result.
 *
 * Plain `node:http` with kept-alive connections, not `fetch`: the bench's client shares this machine's two cores with
 * the server it measures, and undici's fetch spent ~2 ms of JavaScript a call more (a 200-row page: p50 8.6 ms
 * through fetch, 6.7 through node:http with the same JSON.parse), time a browser spends in its own native network
 * process. The answer is parsed as before.
 * @param {string} baseUrl @param {string} token @returns {Served['call']}
 */
export function apiCaller(baseUrl, token) {
  return (method, ...args) =>
    new Promise((resolve, reject) => {
      const body = Buffer.from(JSON.stringify(args))
      const req = request(
        `${baseUrl}/api/${method}`,
        {
          method: 'POST',
          agent: KEEP_ALIVE,
          headers: {
            'content-type': 'application/json',
            'content-length': String(body.length),
            'x-rollscope-token': token
          }
        },
        (res) => {
          const chunks = /** @type {Buffer[]} */ ([])
          res.on('data', (c) => chunks.push(c))
          res.on('error', reject)
          res.on('end', () => {
            try {
              const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'))
              if (!answer.ok) reject(new Error(`${method}: ${answer.error?.code}: ${answer.error?.message}`))
              else resolve(answer.value)
            } catch (err) {
              reject(new Error(`${method}: HTTP ${res.statusCode}, not a JSON answer (${String(err)})`))
            }
          })
        }
      )
      req.on('error', reject)
      req.end(body)
    })
}
