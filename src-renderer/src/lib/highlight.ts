/**
 * Syntax highlighting as a tree (lowlight over highlight.js), never as an HTML string: the tree is turned into React
 * elements by HighlightedCode.tsx, so trace content can never become markup.
 *
 * Only the languages agent traces are mostly made of are registered (each grammar costs bundle size); anything else
 * is shown as plain text rather than guessed.
 */
import { createLowlight } from 'lowlight'
import type { Root } from 'hast'
import bash from 'highlight.js/lib/languages/bash'
import diff from 'highlight.js/lib/languages/diff'
import ini from 'highlight.js/lib/languages/ini'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import markdown from 'highlight.js/lib/languages/markdown'
import plaintext from 'highlight.js/lib/languages/plaintext'
import python from 'highlight.js/lib/languages/python'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'

const lowlight = createLowlight({
  bash,
  diff,
  ini,
  javascript,
  json,
  markdown,
  plaintext,
  python,
  sql,
  typescript,
  xml,
  yaml
})

/** A language this module highlights. */
export type CodeLanguage =
  | 'bash'
  | 'diff'
  | 'ini'
  | 'javascript'
  | 'json'
  | 'markdown'
  | 'plaintext'
  | 'python'
  | 'sql'
  | 'typescript'
  | 'xml'
  | 'yaml'

/** Names seen on fences and as file extensions, mapped to a registered grammar. */
const ALIASES: Record<string, CodeLanguage> = {
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  shellsession: 'bash',
  terminal: 'bash',
  diff: 'diff',
  patch: 'diff',
  ini: 'ini',
  toml: 'ini',
  cfg: 'ini',
  conf: 'ini',
  javascript: 'javascript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  json: 'json',
  jsonl: 'json',
  json5: 'json',
  ipynb: 'json',
  markdown: 'markdown',
  md: 'markdown',
  rst: 'plaintext',
  python: 'python',
  py: 'python',
  python3: 'python',
  py3: 'python',
  ipython: 'python',
  pyi: 'python',
  pycon: 'python',
  sql: 'sql',
  sqlite: 'sql',
  postgresql: 'sql',
  mysql: 'sql',
  xml: 'xml',
  html: 'xml',
  htm: 'xml',
  svg: 'xml',
  xhtml: 'xml',
  yaml: 'yaml',
  yml: 'yaml',
  text: 'plaintext',
  txt: 'plaintext',
  plaintext: 'plaintext',
  plain: 'plaintext',
  log: 'plaintext',
  output: 'plaintext'
}

/** The grammar for a fence info string or a language name (`py`, `Shell`), null when none is registered. */
export function languageFor(name: string | null | undefined): CodeLanguage | null {
  if (!name) return null
  return ALIASES[name.trim().toLowerCase()] ?? null
}

/** The grammar for a file path by its extension (`a/b.test.ts` → typescript), plaintext when unknown. */
export function languageForPath(path: string | null | undefined): CodeLanguage {
  if (!path) return 'plaintext'
  const base = path.split(/[\\/]/).pop() ?? ''
  if (/^(dockerfile|makefile)$/i.test(base)) return 'bash'
  if (/^\.?(bashrc|zshrc|profile|env)$/i.test(base)) return 'bash'
  const dot = base.lastIndexOf('.')
  return dot > 0 || (dot === 0 && base.length > 1) ? (languageFor(base.slice(dot + 1)) ?? 'plaintext') : 'plaintext'
}

/** Past this size text is not highlighted at all: a tokenizer pass over megabytes would stall the window. */
export const HIGHLIGHT_MAX_CHARS = 200_000
/** Guessing runs every grammar, so it is tried only on small unlabeled blocks. */
const AUTO_MAX_CHARS = 5_000
const AUTO_SUBSET: CodeLanguage[] = ['python', 'bash', 'json', 'diff', 'javascript', 'typescript', 'yaml', 'sql', 'xml']

/**
 * The highlighted tree of `code`. `language` null means unlabeled: a small block gets the best-scoring registered
 * grammar when it is a confident match, else it stays plain. Oversized input comes back as one text node.
 */
export function highlightTree(code: string, language: CodeLanguage | null): Root {
  const plain: Root = { type: 'root', children: [{ type: 'text', value: code }] }
  if (code.length > HIGHLIGHT_MAX_CHARS || language === 'plaintext' || code === '') return plain
  if (language) return lowlight.highlight(language, code)
  if (code.length > AUTO_MAX_CHARS) return plain
  // JSON scores low in highlight.js's guessing (few distinctive keywords), but a parse settles it
  if (isJsonDocument(code)) return lowlight.highlight('json', code)
  const guess = lowlight.highlightAuto(code, { subset: AUTO_SUBSET })
  // below 3 highlight.js is saying "this could be anything": one-line prose scores 1 as SQL or Python
  const relevance = (guess.data as { relevance?: number } | undefined)?.relevance ?? 0
  return relevance >= 3 ? guess : plain
}

function isJsonDocument(code: string): boolean {
  const t = code.trim()
  if (!(t.startsWith('{') || t.startsWith('['))) return false
  try {
    JSON.parse(t)
    return true
  } catch {
    return false
  }
}
