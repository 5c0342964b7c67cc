/** Assistant markdown rendered to static HTML (no DOM here): what elements and attributes untrusted text can produce. */
import { readFileSync } from 'node:fs'
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AssistantMarkdown, MarkdownText } from '../../../src-renderer/src/features/episode/MarkdownText'
import { AppProvider } from '../../../src-renderer/src/state/store-context'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi } from '../fake-api'
import { fixture } from '../../helpers/fixtures-path'
import code from '../../../src-renderer/src/styles/code.module.css'
import find from '../../../src-renderer/src/styles/find.module.css'
import collapsible from '../../../src-renderer/src/features/episode/Collapsible.module.css'
import css from '../../../src-renderer/src/features/episode/MarkdownText.module.css'

/** The classes (CSS Module names, whatever their hash) of a fenced block and of the current find mark. */
const FENCE = `${code.block} ${code.hl} ${css.codeBlock}`
const CURRENT = `${find.hit} ${find.current}`

const md = (text: string): string => renderToStaticMarkup(createElement(MarkdownText, { text }))

/** Every tag name in a piece of markup (escaped text such as `&lt;img` is not a tag). */
const tags = (html: string): string[] => [...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => m[1].toLowerCase())
/** The attribute part of every real start tag. */
const attributes = (html: string): string => [...html.matchAll(/<[a-zA-Z][\w-]*([^>]*)>/g)].map((m) => m[1]).join(' ')

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '[y](https://example.com)',
  '![i](https://example.com/a.png)',
  'inline <b onclick="alert(1)">bold</b> and <a href="https://evil.test">a</a> and <iframe src="https://evil.test"></iframe>',
  '<div>\n\n<svg onload=alert(1)>\n\n</div>',
  '[ref][1]\n\n[1]: javascript:alert(2)',
  '<https://autolink.example> and www.gfm-autolink.example',
  'Text[^n]\n\n[^n]: A footnote'
].join('\n\n')

describe('MarkdownText: untrusted input stays inert', () => {
  const html = md(HOSTILE)

  it('creates no script, img, iframe, svg, anchor or raw-HTML element', () => {
    const found = new Set(tags(html))
    for (const t of ['script', 'img', 'iframe', 'svg', 'a', 'b', 'object', 'embed', 'style', 'link'])
      expect(found.has(t), t).toBe(false)
    // the one div is the wrapper; the source's <div> is text
    expect(tags(html).filter((t) => t === 'div')).toHaveLength(1)
  })

  it('has no href, src, event-handler or javascript: attribute', () => {
    const attrs = attributes(html)
    expect(attrs).toContain('data-testid="md-link"') // the helper does see attributes
    expect(attrs).not.toMatch(/\bhref=/i)
    expect(attrs).not.toMatch(/\bsrc=/i)
    expect(attrs).not.toMatch(/\bon[a-z]+=/i)
    // a dangerous address is dropped, not even put in a tooltip
    expect(attrs).not.toMatch(/javascript:/i)
  })

  it('shows raw HTML as the literal text it is, a block as its own paragraph', () => {
    expect(html).toContain(`<p class="${css.raw}">&lt;script&gt;alert(1)&lt;/script&gt;</p>`)
    expect(html).toContain(`<p class="${css.raw}">&lt;div&gt;</p>`)
    expect(md('> <div>quoted</div>')).toContain(`<blockquote>\n<p class="${css.raw}">&lt;div&gt;quoted&lt;/div&gt;</p>`)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('&lt;b onclick=&quot;alert(1)&quot;&gt;')
  })

  it('draws links as spans with the address in the tooltip', () => {
    expect(html).toContain(`<span class="${css.link}" data-testid="md-link" title="https://example.com">y</span>`)
    expect(html).toContain(`<span class="${css.link}" data-testid="md-link">x</span>`)
    expect(html).toContain('title="https://autolink.example"')
    expect(html).toContain('title="http://www.gfm-autolink.example"')
  })

  it('never loads an image: alt text and address shown as text', () => {
    expect(html).toContain('[image: i]')
    expect(html).toContain(`<span class="${css.imageSrc}"> https://example.com/a.png</span>`)
  })
})

describe('MarkdownText: markdown', () => {
  it('renders emphasis, lists, tables, task lists and inline code', () => {
    const html = md('**bold** _it_ ~~del~~ `x < y`\n\n- one\n- [x] done\n\n| a | b |\n|---|:-:|\n| 1 | 2 |')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<em>it</em>')
    expect(html).toContain('<del>del</del>')
    expect(html).toContain('<code>x &lt; y</code>')
    expect(tags(html)).toEqual(expect.arrayContaining(['ul', 'li', 'table', 'th', 'td', 'input']))
    expect(html).toMatch(/<input type="checkbox" disabled="" readonly="" checked=""\/>/i)
  })

  it('highlights a labeled fence through spans only', () => {
    const html = md('```python\ndef f(x):\n    return "<b>" # c\n```')
    expect(html).toContain(`<pre class="${FENCE}" data-language="python" data-testid="md-code-block">`)
    expect(html).toContain('<span class="hljs-keyword">def</span>')
    expect(html).toContain('<span class="hljs-string">&quot;&lt;b&gt;&quot;</span>')
    expect(html).toContain('<span class="hljs-comment"># c</span>')
    expect(new Set(tags(html))).toEqual(new Set(['div', 'pre', 'code', 'span']))
  })

  it('shows an unknown fence label plain, and guesses only confident unlabeled blocks', () => {
    expect(md('```cobol\nMOVE A TO B.\n```')).toContain('<code>MOVE A TO B.</code>')
    const guessed = md('```\nimport os\ndef main():\n    print(os.getcwd())\n```')
    expect(guessed).toContain('<span class="hljs-keyword">import</span>')
    expect(md('```\n{"a": [1, 2]}\n```')).toContain('<span class="hljs-attr">&quot;a&quot;</span>')
    expect(md('```\njust some words\n```')).toContain('<code>just some words</code>')
    expect(md('```\nThe answer is 42.\nSo we conclude.\n```')).toContain('<code>The answer is 42.')
  })

  it('keeps an indented code block as code', () => {
    expect(md('para\n\n    x = 1\n')).toContain(`<pre class="${FENCE}"`)
  })
})

describe('MarkdownText: find marks', () => {
  const html = renderToStaticMarkup(
    createElement(MarkdownText, {
      text: 'Call **parse** here.\n\n```python\nparse(x)  # PARSE\n```\n\n[parse](https://p.example)',
      findQuery: 'parse',
      findCurrent: 1
    })
  )

  it('marks every shown occurrence, in prose, code and link text, and flags the current one', () => {
    expect(html.match(/<mark/g)).toHaveLength(4)
    expect(html).toContain(`<strong><mark class="${find.hit}">parse</mark></strong>`)
    expect(html).toContain(`<mark class="${CURRENT}" data-testid="find-current">parse</mark>`)
    expect(html).toContain(`<span class="hljs-comment"># <mark class="${find.hit}">PARSE</mark></span>`)
    expect(html).toContain(
      `<span class="${css.link}" data-testid="md-link" title="https://p.example"><mark class="${find.hit}">parse</mark></span>`
    )
  })

  it('clamps a current match past the shown ones to the last', () => {
    const last = renderToStaticMarkup(
      createElement(MarkdownText, { text: 'parse and parse', findQuery: 'parse', findCurrent: 7 })
    )
    expect(last).toBe(
      `<div class="${css.md}"><p><mark class="${find.hit}">parse</mark> and <mark class="${CURRENT}" data-testid="find-current">parse</mark></p></div>`
    )
  })

  it('adds nothing without a query', () => {
    expect(md('parse')).toBe(`<div class="${css.md}"><p>parse</p></div>`)
  })
})

describe('AssistantMarkdown: long texts collapse like every other long text', () => {
  const render = (store: ReturnType<typeof createAppStore>, text: string): string =>
    renderToStaticMarkup(
      createElement(AppProvider, {
        store,
        transport: { mode: 'browser', desktop: null, saveExport: async () => null },
        children: createElement(AssistantMarkdown, { text, expandKey: '3:text' }) as ReactNode
      })
    )
  const long = Array.from({ length: 60 }, (_, i) => `line **${i}**`).join('\n\n')

  // (opening it is covered in the browser, tests/e2e/markdown.spec.ts: server rendering only sees a store's first state)
  it('shows a preview and a "Show all" button', () => {
    const closed = render(createAppStore(fakeApi({})), long)
    expect(closed).toContain(`class="${collapsible.closed}"`)
    expect(closed).toContain('Show all (119 lines')
    expect(closed).toContain('<strong>0</strong>')
    expect(closed).not.toContain('<strong>59</strong>')
  })

  it('draws a short text whole, without a button', () => {
    const html = render(createAppStore(fakeApi({})), 'short *text*')
    expect(html).toContain('<em>text</em>')
    expect(html).not.toContain('data-testid="show-all"')
  })
})

describe('MarkdownText: identifiers are shown as written', () => {
  it('double-underscore identifiers keep their underscores; emphasis meant as such stays emphasis', () => {
    const html = md('Edit `pkg/__init__.py`, then __init__.py and __name__ == "__main__"; **bold** and __a phrase__.')
    expect(html).toContain('__init__.py and __name__ == &quot;__main__&quot;')
    expect(html).toContain('<code>pkg/__init__.py</code>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<strong>a phrase</strong>')
    expect(tags(html).filter((t) => t === 'strong')).toHaveLength(2)
    expect(md('`__all__` lists __all__, and _it_ stays italic')).toContain('lists __all__, and <em>it</em>')
  })
})

/** Text a real trace holds: the last message of a verifiers row, and an ATIF (Terminus-2) step's message. */
const verifiersAnswer = (rel: string, row: number): string => {
  const line = readFileSync(fixture(rel), 'utf8').trim().split('\n')[row]
  const completion = (JSON.parse(line) as { completion: { content: string }[] }).completion
  return completion[completion.length - 1].content
}
const atifMessage = (rel: string, stepId: number): string =>
  (JSON.parse(readFileSync(fixture(rel), 'utf8')) as { steps: { step_id: number; message: string }[] }).steps.find(
    (s) => s.step_id === stepId
  )?.message ?? ''

describe('MarkdownText: LaTeX math keeps its source', () => {
  const math = (source: string): string => `<span class="${css.math}">${source}</span>`

  it('keeps the backslashes of \\(…\\) (verifiers math-python, 15th row)', () => {
    const text = verifiersAnswer('verifiers/willccbb-verifiers/math-python--gpt-4.1-mini/578769a7/results.jsonl', 14)
    expect(text).toBe('The number of days Sam did not work is \\(\\boxed{6}\\).')
    expect(md(text)).toBe(
      `<div class="${css.md}"><p>The number of days Sam did not work is ${math('\\(\\boxed{6}\\)')}.</p></div>`
    )
  })

  it('reads no emphasis, escape or autolink inside \\[…\\] and $$…$$, multi-line display math included', () => {
    const html = md('a \\[x_1 *y* z_2\\] and $$a*b*c$$, in \\(www.example.com \\\\) \\)')
    expect(html).toContain(math('\\[x_1 *y* z_2\\]'))
    expect(html).toContain(math('$$a*b*c$$'))
    // `\\` is a LaTeX line break, not the backslash of a closer
    expect(html).toContain(math('\\(www.example.com \\\\) \\)'))
    expect(tags(html)).not.toContain('em')
    expect(md('Display:\n\\[\n  x = \\frac{1}{2} \\\\\n  y_1 = *3*\n\\]')).toContain(
      math('\\[\n  x = \\frac{1}{2} \\\\\n  y_1 = *3*\n\\]')
    )
    expect(md('$$\n\\sum_{i} *a*\n$$')).toBe(`<div class="${css.md}"><p>${math('$$\n\\sum_{i} *a*\n$$')}</p></div>`)
  })

  it('leaves markdown alone elsewhere: an escaped backslash, an unclosed opener, money, inline code', () => {
    expect(md('\\\\(not math\\\\) and an open \\( alone')).toBe(
      `<div class="${css.md}"><p>\\(not math\\) and an open ( alone</p></div>`
    )
    expect(md('$5 and $10 are **prices**')).toBe(
      `<div class="${css.md}"><p>$5 and $10 are <strong>prices</strong></p></div>`
    )
    expect(md('`\\(x\\)`')).toBe(`<div class="${css.md}"><p><code>\\(x\\)</code></p></div>`)
  })
})

describe('MarkdownText: line breaks and JSON as the model wrote them', () => {
  it('shows a single newline of prose as a line break (Terminus-2 "Analysis: …\\nPlan: …")', () => {
    const text = atifMessage('harbor-atif/golden/terminus_2/hello-world-invalid-json.trajectory.json', 3)
    expect(text).toMatch(/^Analysis: .*\nPlan: /)
    const [analysis, plan] = text.split('\n')
    expect(md(text)).toBe(`<div class="${css.md}"><p>${analysis}<br/>\n${plan}</p></div>`)
  })

  it('draws JSON between prose as a JSON code block, its escapes kept (hello-world-invalid-json, step 2)', () => {
    const text = atifMessage('harbor-atif/golden/terminus_2/hello-world-invalid-json.trajectory.json', 2)
    const html = md(text)
    expect(html).toContain(
      `<p>I need to create a file called hello.txt with &#x27;Hello, world!&#x27; as the content.</p>`
    )
    expect(html).toContain(`<pre class="${FENCE}" data-language="json" data-testid="md-code-block">`)
    // the command the model wrote: printf 'Hello, world!\\n' (a JSON-escaped `\n` for printf), then a newline
    expect(html).toContain(
      '<span class="hljs-string">&quot;printf &#x27;Hello, world!\\\\n&#x27; &gt; hello.txt\\n&quot;</span>'
    )
    expect(html).toContain('\n      <span class="hljs-attr">&quot;duration&quot;</span>')
    expect(html).toContain('<p>This should work!</p>')
  })

  it('draws a message that is JSON as a whole as one JSON code block (Terminus-2 protocol)', () => {
    const rel = 'harbor-atif/golden/terminus_2/hello-world-context-summarization-linear-history.trajectory.cont-1.json'
    const text = atifMessage(rel, 5)
    expect(JSON.parse(text)).toHaveProperty('commands')
    const html = renderToStaticMarkup(
      createElement(AppProvider, {
        store: createAppStore(fakeApi({})),
        transport: { mode: 'browser', desktop: null, saveExport: async () => null },
        children: createElement(AssistantMarkdown, { text, expandKey: '5:text' }) as ReactNode
      })
    )
    expect(html).toContain(`<pre class="${FENCE}" data-language="json" data-testid="md-code-block">`)
    expect(tags(html)).not.toContain('p')
    // every line of the message, its indentation and escapes, is in the block as written
    const shown = html
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&gt;/g, '>')
    expect(shown).toContain(text)
  })

  it('keeps JSON-looking lines inside a fence as they were, and hostile JSON strings as text', () => {
    expect(md('```\n{\n  "a": 1\n}\n```')).toContain('data-language="auto"')
    const html = md('{"x": "<img src=x onerror=alert(1)>"}')
    expect(html).toContain('data-language="json"')
    expect(tags(html)).not.toContain('img')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
})

describe('MarkdownText: `json` draws the whole text as one JSON code block', () => {
  it('keeps a JSON text that prose would mangle (indented, one line, escapes) verbatim', () => {
    const text = '  [{"cmd": "echo a\\\\nb", "note": "*not* emphasis"}]'
    const html = renderToStaticMarkup(createElement(MarkdownText, { text, json: true }))
    expect(html).toContain(`<pre class="${FENCE}" data-language="json" data-testid="md-code-block">`)
    expect(html).toContain('<span class="hljs-string">&quot;echo a\\\\nb&quot;</span>')
    expect(html).toContain('&quot;*not* emphasis&quot;')
    expect(tags(html)).not.toContain('em')
  })
})
