/** Runs the built CLI (`out/main/rollscope.js`) as a child process and measures wall time and peak memory. */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * @typedef {object} CliResult
 * @property {number | null} code exit code
 * @property {string} stdout
 * @property {string} stderr
 * @property {number} wallMs wall time from spawn to exit (includes Node start-up)
 * @property {number | null} peakRssMb VmHWM of the child sampled from /proc (Linux), else null
 */

/** Peak resident set (VmHWM) of a live process in MB, or null when unavailable. @param {number} pid */
export function vmHwmMb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? (Number(m[1]) * 1024) / 1e6 : null
  } catch {
    return null
  }
}

/**
 * Runs `node <cli> ...args` with the same Node that runs the bench.
 * @param {string} cli path of rollscope.js @param {string[]} args @param {{ cwd?: string }} [opts]
 * @returns {Promise<CliResult>}
 */
export function runCli(cli, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint()
    const child = spawn(process.execPath, [cli, ...args], { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    /** @type {Buffer[]} */
    const out = []
    /** @type {Buffer[]} */
    const err = []
    let peak = /** @type {number | null} */ (null)
    // VmHWM is a high-water mark, so sampling it now and then still catches the true peak (until exit).
    const timer = setInterval(() => {
      const v = child.pid ? vmHwmMb(child.pid) : null
      if (v !== null) peak = Math.max(peak ?? 0, v)
    }, 50)
    child.stdout.on('data', (b) => out.push(b))
    child.stderr.on('data', (b) => err.push(b))
    child.on('error', (e) => {
      clearInterval(timer)
      reject(e)
    })
    child.on('close', (code) => {
      clearInterval(timer)
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        wallMs: Number(process.hrtime.bigint() - t0) / 1e6,
        peakRssMb: peak
      })
    })
  })
}

/** Parses a `--json` stdout, with a readable error naming the command. @param {CliResult} r @param {string} what */
export function jsonOf(r, what) {
  try {
    return JSON.parse(r.stdout)
  } catch {
    throw new Error(
      `${what}: exit ${r.code}, stdout is not JSON.\nstdout: ${r.stdout.slice(0, 500)}\nstderr: ${r.stderr.slice(0, 2000)}`
    )
  }
}

/** Median of a list of numbers. @param {number[]} xs */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
