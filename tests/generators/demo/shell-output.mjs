/** Realistic outputs of the non-pytest shell commands an agent runs in a repo (ls, find, git, cat, grep). */
import { hashSeed } from '../prng.mjs'

/** @typedef {import('./repo.mjs').Repo} Repo */
/** @typedef {import('./repo.mjs').BugState} BugState */

const STAMP = 'Oct  3 09:14'

/** `ls -la` at the repository root. @param {Repo} repo */
export function lsRoot(repo) {
  const size = (/** @type {string} */ n) => String(200 + (hashSeed(repo.task.repo + n) % 2400)).padStart(5)
  const rows = [
    ['drwxr-xr-x', '6', 'agent agent', ' 4096', '.'],
    ['drwxr-xr-x', '3', 'root  root ', ' 4096', '..'],
    ['drwxr-xr-x', '8', 'agent agent', ' 4096', '.git'],
    ['-rw-r--r--', '1', 'agent agent', size('gi'), '.gitignore'],
    ['-rw-r--r--', '1', 'agent agent', ' 1071', 'LICENSE'],
    ['-rw-r--r--', '1', 'agent agent', size('rd'), 'README.md'],
    ['-rw-r--r--', '1', 'agent agent', size('pp'), 'pyproject.toml'],
    ['drwxr-xr-x', '3', 'agent agent', ' 4096', 'src'],
    ['drwxr-xr-x', '2', 'agent agent', ' 4096', 'tests']
  ]
  return `total 48\n${rows.map((r) => `${r[0]} ${r[1]} ${r[2]} ${r[3]} ${STAMP} ${r[4]}`).join('\n')}\n`
}

/** `find . -name "*.py" | sort`. @param {Repo} repo */
export function findPy(repo) {
  return repo
    .pythonFiles()
    .map((f) => `./${f}`)
    .join('\n')
    .concat('\n')
}

/** `git status`. @param {Repo} repo @param {BugState[]} state */
export function gitStatus(repo, state) {
  const changed = changedFiles(repo, state)
  if (changed.length === 0)
    return "On branch main\nYour branch is up to date with 'origin/main'.\n\nnothing to commit, working tree clean\n"
  return [
    'On branch main',
    "Your branch is up to date with 'origin/main'.",
    '',
    'Changes not staged for commit:',
    '  (use "git add <file>..." to update what will be committed)',
    '  (use "git restore <file>..." to discard changes in working directory)',
    ...changed.map((f) => `\tmodified:   ${f}`),
    '',
    'no changes added to commit (use "git add" and/or "git commit -a")',
    ''
  ].join('\n')
}

/** @param {Repo} repo @param {BugState[]} state */
function changedFiles(repo, state) {
  return [...new Set(repo.task.bugs.filter((_, i) => state[i] !== 'bug').map((b) => b.file))].sort()
}

/** `git diff` against the original code, with 3 lines of context. @param {Repo} repo @param {BugState[]} state */
export function gitDiff(repo, state) {
  const initial = /** @type {BugState[]} */ (repo.task.bugs.map(() => 'bug'))
  const out = []
  for (const file of changedFiles(repo, state)) {
    const a = repo.source(file, initial).split('\n')
    const b = repo.source(file, state).split('\n')
    const h = (hashSeed(file + repo.task.id) >>> 0).toString(16).padStart(8, '0')
    out.push(
      `diff --git a/${file} b/${file}`,
      `index ${h.slice(0, 7)}..${h.slice(1, 8)} 100644`,
      `--- a/${file}`,
      `+++ b/${file}`
    )
    // Files differ only inside the bug regions: walk both from the top and from the bottom to find the hunk.
    let top = 0
    while (top < a.length && top < b.length && a[top] === b[top]) top++
    let ea = a.length - 1
    let eb = b.length - 1
    while (ea >= top && eb >= top && a[ea] === b[eb]) {
      ea--
      eb--
    }
    const from = Math.max(0, top - 3)
    const toA = Math.min(a.length - 1, ea + 3)
    const toB = Math.min(b.length - 1, eb + 3)
    out.push(`@@ -${from + 1},${toA - from + 1} +${from + 1},${toB - from + 1} @@`)
    for (let k = from; k < top; k++) out.push(` ${a[k]}`)
    for (let k = top; k <= ea; k++) out.push(`-${a[k]}`)
    for (let k = top; k <= eb; k++) out.push(`+${b[k]}`)
    for (let k = ea + 1; k <= toA; k++) out.push(` ${a[k]}`)
  }
  return out.length ? out.join('\n') + '\n' : ''
}

/** `cat -n FILE` (numbered, like the agent's file viewer). @param {Repo} repo @param {string} file @param {BugState[]} state */
export function catFile(repo, file, state, numbered = false) {
  const text = repo.source(file, state)
  if (!text) return `cat: ${file}: No such file or directory\n`
  if (!numbered) return text
  return text
    .split('\n')
    .map((l, i) => `${String(i + 1).padStart(6)}\t${l}`)
    .join('\n')
}

/** `grep -rn PATTERN src tests`. @param {Repo} repo @param {string} pattern @param {BugState[]} state */
export function grep(repo, pattern, state) {
  const hits = []
  for (const file of repo.files.keys()) {
    repo
      .source(file, state)
      .split('\n')
      .forEach((l, i) => {
        if (l.includes(pattern)) hits.push(`${file}:${i + 1}:${l}`)
      })
  }
  return hits.length ? hits.join('\n') + '\n' : ''
}

/** `cat README.md`. @param {Repo} repo */
export function readme(repo) {
  const t = repo.task
  return `# ${t.repo}\n\nSmall, dependency-free helpers (\`${t.pkg}\`).\n\n## Development\n\n\`\`\`bash\npip install -e '.[test]'\npython -m pytest\n\`\`\`\n\nCI runs the test suite on Python 3.9–3.12. Please keep \`python -m pytest\` green before opening a PR.\n`
}

/** `cat pyproject.toml`. @param {Repo} repo */
export function pyproject(repo) {
  const t = repo.task
  const deps = t.pkg === 'moneyfx' ? '"pandas>=2.2"' : ''
  return `[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "${t.repo}"\nversion = "0.${hashSeed(t.id) % 9}.${hashSeed(t.repo) % 20}"\nrequires-python = ">=3.9"\ndependencies = [${deps}]\n\n[project.optional-dependencies]\ntest = ["pytest>=8"${t.archetype === 'flaky-test' ? ', "pytest-asyncio", "pytest-randomly"' : ''}]\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\naddopts = "-ra"\n`
}
