/**
 * A remark step of the assistant-markdown pipeline (MarkdownText.tsx): an identifier with double underscores
 * (`__init__.py`, `__name__ == "__main__"`) stays text. CommonMark reads `__init__` as strong emphasis, so agent text
 * about Python lost its underscores and showed a bold "init"; what the model wrote must be shown as written. Only
 * strong emphasis written with double underscores around a single word (a dunder) is given back its delimiters;
 * `**bold**`, `__a phrase__` and `_it_` stay emphasis.
 */
/** The part of a markdown syntax-tree node this step reads (mdast). */
interface MdNode {
  type: string
  value?: string
  children?: MdNode[]
  position?: { start: { offset?: number } }
}

const WORD = /^[A-Za-z0-9_]+$/

/** The text of a strong node when it is one plain word, else null. */
function singleWord(node: MdNode): string | null {
  const [only, ...rest] = node.children ?? []
  return rest.length === 0 && only?.type === 'text' && WORD.test(only.value ?? '') ? (only.value ?? null) : null
}

export function remarkIdentifiers() {
  return (tree: MdNode, file: { value?: unknown }): void => {
    const source = typeof file.value === 'string' ? file.value : String(file.value ?? '')
    const walk = (parent: MdNode): void => {
      if (!parent.children) return
      parent.children = parent.children.map((child) => {
        if (child.type === 'strong' && child.position) {
          const at = child.position.start.offset ?? -1
          const word = singleWord(child)
          if (word !== null && source.startsWith('__', at)) {
            return { type: 'text', value: `__${word}__`, position: child.position }
          }
        }
        walk(child)
        return child
      })
    }
    walk(tree)
  }
}
