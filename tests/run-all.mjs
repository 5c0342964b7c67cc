// `npm test`: builds the app, checks the layer rules (`npm run lint`) and the formatting (`npm run format:check`),
// then runs every test (unit + integration under Vitest, end-to-end in Chromium under Playwright) and ends with one
// plain line `N passed, N failed` for all of them (each check counts as one test).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const major = Number(process.versions.node.split('.')[0])
if (major < 22) {
  console.error(
    `Rollscope's tests need Node >= 22 (found ${process.version}). Run them with \`npm test\`, which uses the Node 24 pinned in devDependencies.`
  )
  process.exit(2)
}

mkdirSync('test-results', { recursive: true })
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status

const build = run('npx', ['electron-vite', 'build'])
if (build !== 0) {
  console.log('0 passed, 1 failed')
  process.exit(1)
}

// Checks that are not test files (package.json scripts): each passes or fails as one.
const checks = [
  ['layer rules', run('npm', ['run', '--silent', 'lint']), 'the rule and the import are named above'],
  ['formatting', run('npm', ['run', '--silent', 'format:check']), '`npm run format` rewrites the files named above']
]

const vitestJson = 'test-results/vitest.json'
const pwJson = 'test-results/playwright.json'
rmSync(vitestJson, { force: true })
rmSync(pwJson, { force: true })
const unit = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`])
const e2e = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson })

let passed = 0
let failed = 0
for (const [name, status, hint] of checks) {
  if (status === 0) passed++
  else {
    failed++
    console.log(`${name}: failed (${hint})`)
  }
}
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += r.numPassedTests
  failed += r.numFailedTests
  if (unit !== 0 && r.numFailedTests === 0) failed++ // a suite that crashed before running its tests
} else if (unit !== 0) failed++
if (existsSync(pwJson)) {
  const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats
  passed += s.expected
  failed += s.unexpected
  if (e2e !== 0 && s.unexpected === 0) failed++
} else if (e2e !== 0) failed++

console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 && unit === 0 && e2e === 0 && checks.every(([, status]) => status === 0) ? 0 : 1)
