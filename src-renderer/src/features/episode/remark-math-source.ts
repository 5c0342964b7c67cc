/**
 * A remark step of the assistant-markdown pipeline (MarkdownText.tsx): LaTeX math spans — `\(…\)`, `\[…\]` and
 * `$$…$$` — are kept as the source the model wrote. CommonMark reads `\(` as an escaped `(` and `*`/`_` inside as
 * emphasis, so `\(\boxed{6}\)` showed as `(\boxed{6})`: a changed answer. Math is not rendered (no TeX engine, nothing
 * that turns text into markup); the span is drawn as its exact source text in a `<span>` of the caller's class.
 *
 * It is a micromark text construct, tried before the character escape, so nothing inside the span is parsed. A span
 * has to close within its paragraph; an opener without a closer is ordinary markdown. (`\[1\]` meant as escaped
 * brackets keeps its backslashes too: it is still what the model wrote.) Single `$…$` is left alone: in agent prose a
 * dollar is far more often money (`$5 and $10`) than math.
 */

/** The parts of micromark's and mdast-util-from-markdown's plugin interfaces this step uses. */
type Code = number | null
type State = (code: Code) => State | undefined
interface Effects {
  enter(type: string): unknown
  exit(type: string): unknown
  consume(code: Code): void
}
interface Token {
  type: string
}
interface CompileContext {
  stack: { value?: string }[]
  enter(node: object, token: Token): void
  exit(token: Token): void
  sliceSerialize(token: Token): string
}
interface ProcessorData {
  micromarkExtensions?: unknown[]
  fromMarkdownExtensions?: unknown[]
}

const BACKSLASH = 92
const DOLLAR = 36
/** The closer each opener after a backslash needs: `\(` … `\)`, `\[` … `\]`. */
const CLOSER: Record<number, number> = { 40: 41, 91: 93 }

const TYPE = 'mathSource'
const DATA = 'mathSourceData'
const EOL = 'lineEnding'

/** micromark codes of line endings (CR, LF, CRLF) are below -2. */
const isLineEnding = (code: Code): boolean => code !== null && code < -2

/** `\(…\)` and `\[…\]`: a `\\` inside is one pair (a LaTeX line break), so `\\)` does not close the span. */
function tokenizeBackslashMath(effects: Effects, ok: State, nok: State): State {
  let close = 0
  const start: State = (code) => {
    effects.enter(TYPE)
    effects.enter(DATA)
    effects.consume(code)
    return opener
  }
  const opener: State = (code) => {
    if (code === null || !(code in CLOSER)) return nok(code)
    close = CLOSER[code]
    effects.consume(code)
    return inside
  }
  const inside: State = (code) => {
    if (code === null) return nok(code)
    if (isLineEnding(code)) return lineEnding(code, inside, effects)
    effects.consume(code)
    return code === BACKSLASH ? afterBackslash : inside
  }
  const afterBackslash: State = (code) => {
    if (code === close) {
      effects.consume(code)
      effects.exit(DATA)
      effects.exit(TYPE)
      return ok
    }
    if (code === BACKSLASH) {
      effects.consume(code)
      return inside
    }
    return inside(code)
  }
  return start
}

/** `$$…$$`, with something between the delimiters; `\$` inside is an escaped dollar, not half a closer. */
function tokenizeDollarMath(effects: Effects, ok: State, nok: State): State {
  let empty = true
  const start: State = (code) => {
    effects.enter(TYPE)
    effects.enter(DATA)
    effects.consume(code)
    return second
  }
  const second: State = (code) => {
    if (code !== DOLLAR) return nok(code)
    effects.consume(code)
    return inside
  }
  const inside: State = (code) => {
    if (code === null) return nok(code)
    if (isLineEnding(code)) return lineEnding(code, inside, effects)
    if (code === DOLLAR && !empty) {
      effects.consume(code)
      return closing
    }
    // a `$$$$` or a `$` straight after the opener is not math
    if (code === DOLLAR) return nok(code)
    empty = false
    effects.consume(code)
    return code === BACKSLASH ? escaped : inside
  }
  const escaped: State = (code) => {
    if (code === null || isLineEnding(code)) return inside(code)
    effects.consume(code)
    return inside
  }
  const closing: State = (code) => {
    if (code !== DOLLAR) return inside(code)
    effects.consume(code)
    effects.exit(DATA)
    effects.exit(TYPE)
    return ok
  }
  return start
}

/** A line ending inside a span is its own token, as micromark expects of every text construct. */
function lineEnding(code: Code, next: State, effects: Effects): State {
  effects.exit(DATA)
  effects.enter(EOL)
  effects.consume(code)
  effects.exit(EOL)
  effects.enter(DATA)
  return next
}

const syntax = {
  text: {
    [BACKSLASH]: { name: 'mathSourceBackslash', tokenize: tokenizeBackslashMath },
    [DOLLAR]: { name: 'mathSourceDollar', tokenize: tokenizeDollarMath }
  }
}

/**
 * The span becomes a node of its own type: remark-breaks, GFM autolinks and the identifier step only touch `text`
 * nodes, so its source reaches the page untouched. mdast-util-to-hast draws it as `data.hName` with `hChildren`.
 */
function fromMarkdown(className: string) {
  return {
    enter: {
      [TYPE](this: CompileContext, token: Token): void {
        this.enter({ type: TYPE, value: '' }, token)
      }
    },
    exit: {
      [TYPE](this: CompileContext, token: Token): void {
        const node = this.stack[this.stack.length - 1]
        const value = this.sliceSerialize(token)
        Object.assign(node, {
          value,
          data: { hName: 'span', hProperties: { className: [className] }, hChildren: [{ type: 'text', value }] }
        })
        this.exit(token)
      }
    }
  }
}

export function remarkMathSource(this: { data(): object }, options: { className: string }): void {
  // unified's processor data, where remark-parse reads the extensions from (as remark-gfm adds its own)
  const data = this.data() as ProcessorData
  ;(data.micromarkExtensions ??= []).push(syntax)
  ;(data.fromMarkdownExtensions ??= []).push(fromMarkdown(options.className))
}
