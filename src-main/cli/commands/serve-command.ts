/** `rollscope serve [PATH…]`: browser mode, the app in any browser over a tokened local HTTP server. */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { DEFAULT_HOST, DEFAULT_PORT, startServer, type RunningServer } from '../../server/start-server'
import { isLoopbackHost } from '../../server/security'
import { intOption, stringOption } from '../args'
import { callApi, type CommandContext, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK, UsageError } from '../errors'

export const serveCommand: CommandSpec = {
  name: 'serve',
  summary: 'browser mode: serve the app over HTTP (127.0.0.1, tokened)',
  help: `Usage: rollscope serve [PATH…] [--port N] [--host H] [--db FILE]

Serves Rollscope to a web browser. PATHs (files or folders) are added to the workspace and indexed
in the background; with an empty workspace the demo runs are opened. Prints the URL to open,
including the per-launch token; opening it once gives that browser a session (a cookie), so copied
links, bookmarks and new tabs of it work until the server stops. Stop with Ctrl-C.

Options:
  --port N     port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H     address to bind (default ${DEFAULT_HOST}). Anything but loopback exposes your traces
               to the network; for a remote machine prefer an SSH tunnel:
               ssh -L ${DEFAULT_PORT}:127.0.0.1:${DEFAULT_PORT} gpu-box, then open the printed URL locally
  --db FILE    database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  -h, --help   show this help`,
  options: { port: { type: 'string' }, host: { type: 'string' } },
  async run(ctx) {
    if (ctx.json) throw new UsageError('serve does not take --json', 'serve')
    const port = intOption(ctx.values, 'port', 'serve', { min: 0, max: 65535 }) ?? DEFAULT_PORT
    const host = stringOption(ctx.values, 'host', 'serve') ?? DEFAULT_HOST
    const paths = ctx.positionals.map((p) => resolve(ctx.io.cwd, p))
    const missing = paths.find((p) => !existsSync(p))
    if (missing) throw new CommandFailure(`no such file or directory: ${missing}`)

    const engine = await ctx.openEngine('browser')
    let server: RunningServer
    try {
      server = await startServer({ engine, host, port, staticDir: ctx.staticDir })
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EADDRINUSE')
        throw new CommandFailure(`port ${port} is in use on ${host}; pick another with --port N (0 = any free port)`)
      throw new CommandFailure(`cannot listen on ${host}:${port}: ${(err as Error).message}`)
    }
    try {
      await prepareWorkspace(ctx, engine, paths)
      if (!isLoopbackHost(host)) {
        ctx.warn(
          `warning: bound to ${host}, so other machines can reach this server; anyone with the URL (token included) ` +
            `can read every indexed trace. For a remote machine prefer: ssh -L ${port}:127.0.0.1:${port} <host>`
        )
      }
      if (!ctx.staticDir) ctx.warn('warning: the renderer is not built (run `npm run build`); only the API is served')
      ctx.print(`Rollscope is serving at ${server.url}\n`)
      await waitForShutdown(ctx.io.shutdown)
    } finally {
      await server.close()
    }
    return EXIT_OK
  }
}

/** Adds the PATH arguments as roots (indexed in the background), or the demo when the workspace is empty. */
async function prepareWorkspace(
  ctx: CommandContext,
  engine: Awaited<ReturnType<CommandContext['openEngine']>>,
  paths: string[]
): Promise<void> {
  if (paths.length > 0) await callApi(ctx, engine, 'addPaths', paths)
  const workspace = await callApi(ctx, engine, 'getWorkspace')
  if (workspace.roots.length > 0 || !workspace.demoPath) return
  try {
    await callApi(ctx, engine, 'openDemo')
  } catch (err) {
    ctx.warn(`warning: could not open the demo workspace: ${(err as Error).message}`)
  }
}

/** Resolves on the injected abort signal, else on the first SIGINT or SIGTERM. */
function waitForShutdown(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    return new Promise((done) =>
      signal.aborted ? done() : signal.addEventListener('abort', () => done(), { once: true })
    )
  }
  return new Promise((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      // A second Ctrl-C while shutting down (e.g. an index job slow to cancel) exits at once.
      process.once('SIGINT', () => process.exit(130))
      done()
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}
