#!/usr/bin/env node
/**
 * The `rollscope` executable. It must check the Node version before anything loads better-sqlite3 (whose native
 * binary crashes older Nodes), so it imports nothing statically and keeps to syntax Node 20 parses.
 */
const MIN_NODE_MAJOR = 22
const found = process.versions.node
const major = Number(found.split('.')[0])

if (!(major >= MIN_NODE_MAJOR)) {
  process.stderr.write(
    `rollscope: this is Node ${found}, but Rollscope needs Node ${MIN_NODE_MAJOR} or newer.\n` +
      `Run it from inside the project with 'npx rollscope …' (or an 'npm run' script), which uses the\n` +
      `project's pinned Node 24, or install Node ${MIN_NODE_MAJOR}+.\n`
  )
  process.exitCode = 2
} else {
  const { main } = await import('./run-cli')
  await main()
}

export {}
