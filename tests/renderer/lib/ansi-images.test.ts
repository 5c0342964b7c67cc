import { describe, expect, it } from 'vitest'
import { hasAnsi, stripAnsi } from '../../../src-renderer/src/lib/ansi'
import { imageView } from '../../../src-renderer/src/lib/turn-images'

describe('stripAnsi', () => {
  it('removes colours, cursor moves, OSC titles and hyperlinks, keeps the text', () => {
    const pane =
      '\u001b[1;32mroot@box\u001b[0m:\u001b[34m/app\u001b[0m# ls\r\n\u001b]0;title\u0007\u001b[2K\u001b[1Gfile.txt\n\u001b]8;;https://x.y\u001b\\link\u001b]8;;\u001b\\'
    expect(stripAnsi(pane)).toBe('root@box:/app# ls\nfile.txt\nlink')
    expect(hasAnsi(pane)).toBe(true)
    expect(hasAnsi('plain [31m text')).toBe(false)
    expect(stripAnsi('plain text')).toBe('plain text')
  })
})

describe('imageView', () => {
  it('shows data-URI images inline and only names remote or file images (nothing is fetched)', () => {
    expect(imageView({ src: 'data:image/png;base64,AAAA', mime: 'image/png' })).toEqual({
      kind: 'inline',
      src: 'data:image/png;base64,AAAA',
      mime: 'image/png'
    })
    expect(imageView({ src: 'https://tracker.example/pixel.gif', mime: null })).toEqual({
      kind: 'reference',
      label: 'https://tracker.example/pixel.gif'
    })
    expect(imageView({ src: 'data:text/html;base64,PHNjcmlwdD4=', mime: 'text/html' }).kind).toBe('reference')
  })
})
