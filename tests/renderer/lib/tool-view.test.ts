import { describe, expect, it } from 'vitest'
import type { ToolCall } from '@contract/model'
import {
  baseToolName,
  diffLines,
  extrasOf,
  looksLikeDiff,
  shellText,
  toolView
} from '../../../src-renderer/src/lib/tool-view'
import { languageFor, languageForPath } from '../../../src-renderer/src/lib/highlight'

const call = (name: string, args: unknown): ToolCall => ({ id: 'c1', name, arguments: args })

describe('toolView: shell commands', () => {
  it.each([
    ['bash', { command: 'ls -la' }],
    ['bash', { cmd: 'ls -la' }], // Inspect
    ['execute_bash', { command: 'ls -la', is_input: 'false' }], // OpenHands
    ['run_shell_command', { command: 'ls -la', description: 'list' }], // Gemini CLI
    ['terminal', { script: 'ls -la' }],
    ['shell', { command: ['bash', '-lc', 'ls -la'] }], // Codex argv
    ['mcp__box__Bash', { command: 'ls -la' }]
  ])('%s %j is the command as bash', (name, args) => {
    const v = toolView(call(name, args))
    expect(v).toMatchObject({ kind: 'shell', language: 'bash', code: 'ls -la' })
  })

  it('keeps the other arguments as key=value extras, skipping empty ones', () => {
    const v = toolView(
      call('execute_bash', { command: 'make', timeout: 30, thought: '', blocking: false, env: { A: '1' } })
    )
    expect(v.extras).toEqual([
      { key: 'timeout', value: '30' },
      { key: 'blocking', value: 'false' },
      { key: 'env', value: '{"A":"1"}' }
    ])
  })

  it('reads Terminus keystrokes as the command, duration as an extra', () => {
    const v = toolView(call('bash_command', { keystrokes: 'mkdir test_dir\n', duration: 0.1 }))
    expect(v).toMatchObject({ kind: 'shell', code: 'mkdir test_dir\n', extras: [{ key: 'duration', value: '0.1' }] })
  })

  it('reads Terminal-Bench typed keys as the command, but not a list of key names', () => {
    expect(toolView(call('keystrokes', { keys: 'clear\r' }))).toMatchObject({ kind: 'shell', code: 'clear\r' })
    expect(toolView(call('send_keys', { keys: ['clear', 'Enter'] })).kind).toBe('json')
  })

  it('takes a plain-string argument of a shell tool as the command', () => {
    expect(toolView(call('bash', 'echo hi && exit'))).toMatchObject({ kind: 'shell', code: 'echo hi && exit' })
  })

  it('shows a SWE-agent plain action (one `command` argument) as a command line', () => {
    expect(toolView(call('open', { command: 'open "src/fields.py" 1474' }))).toMatchObject({
      kind: 'shell',
      code: 'open "src/fields.py" 1474'
    })
  })

  it('falls back to JSON when a shell tool has no command', () => {
    expect(toolView(call('bash', { restart: true }))).toMatchObject({
      kind: 'json',
      code: '{\n  "restart": true\n}',
      language: 'json'
    })
  })
})

describe('toolView: python', () => {
  it.each([
    ['python', { code: 'print(1)' }], // verifiers math-python, Inspect
    ['execute_ipython_cell', { code: 'print(1)' }], // OpenHands
    ['run_python', { script: 'print(1)' }],
    ['code_interpreter', { source: 'print(1)' }]
  ])('%s %j is highlighted python', (name, args) => {
    expect(toolView(call(name, args))).toMatchObject({
      kind: 'python',
      language: 'python',
      code: 'print(1)',
      extras: []
    })
  })

  it('takes a raw string as the code', () => {
    expect(toolView(call('python', 'x = 1'))).toMatchObject({ kind: 'python', code: 'x = 1' })
  })
})

describe('toolView: file edits', () => {
  it('turns str_replace into a line diff with the path and a change count', () => {
    const v = toolView(
      call('str_replace_editor', {
        command: 'str_replace',
        path: '/testbed/a.py',
        old_str: 'a = 1\nb = 2\nc = 3',
        new_str: 'a = 1\nb = 20\nc = 3\nd = 4'
      })
    )
    expect(v).toMatchObject({ kind: 'edit', path: '/testbed/a.py', summary: '−1 +2', extras: [] })
    expect(v.code.split('\n')).toEqual([' a = 1', '-b = 2', '+b = 20', ' c = 3', '+d = 4'])
  })

  it('reads the other editors the corpus has: OpenHands edit, Claude-style old_string, SWE-agent search/replace', () => {
    expect(
      toolView(
        call('edit', {
          path: '/w/README.md',
          command: 'str_replace',
          old_str: 'recieve',
          new_str: 'receive',
          thought: ''
        })
      )
    ).toMatchObject({
      kind: 'edit',
      path: '/w/README.md',
      code: '-recieve\n+receive',
      extras: []
    })
    expect(
      toolView(call('replace', { file_path: 'x.ts', old_string: 'a', new_string: 'b', expected_replacements: 1 }))
    ).toMatchObject({
      kind: 'edit',
      path: 'x.ts',
      extras: [{ key: 'expected_replacements', value: '1' }]
    })
    expect(toolView(call('edit', { search: 'return x', replace: '# why\nreturn round(x)' })).code).toBe(
      '-return x\n+# why\n+return round(x)'
    )
  })

  it('does not read a generic search/replace pair on a non-editor tool as an edit', () => {
    expect(toolView(call('find_and_report', { search: 'a', replace: 'b' })).kind).toBe('json')
  })

  it('treats a missing new_str as deleting the old text', () => {
    expect(
      toolView(call('str_replace_based_edit_tool', { command: 'str_replace', path: 'a', old_str: 'x\ny' })).code
    ).toBe('-x\n-y')
  })

  it('joins several replacements of one call with a gap marker', () => {
    const v = toolView(
      call('MultiEdit', {
        file_path: 'f.py',
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'c', new_string: 'd' }
        ]
      })
    )
    expect(v).toMatchObject({ kind: 'edit', path: 'f.py', summary: '−2 +2' })
    expect(v.code).toBe('-a\n+b\n@@\n-c\n+d')
  })

  it('shows an insert as added lines, with where it goes', () => {
    const v = toolView(
      call('str_replace_editor', { command: 'insert', path: 'a.py', insert_line: 12, new_str: 'x = 1\ny = 2' })
    )
    expect(v).toMatchObject({ kind: 'edit', code: '+x = 1\n+y = 2', summary: 'insert after line 12', extras: [] })
  })

  it('shows a created file highlighted by its extension', () => {
    expect(
      toolView(call('str_replace_editor', { command: 'create', path: '/t/reproduce.py', file_text: 'print(1)\n' }))
    ).toMatchObject({
      kind: 'create',
      path: '/t/reproduce.py',
      language: 'python',
      code: 'print(1)\n',
      summary: 'new file'
    })
    expect(toolView(call('write_file', { file_path: 'cfg.yaml', content: 'a: 1' }))).toMatchObject({
      kind: 'create',
      language: 'yaml'
    })
    expect(toolView(call('text_editor', { command: 'create', path: 'notes', file_text: 'hi' }))).toMatchObject({
      kind: 'create',
      language: 'plaintext'
    })
  })

  it('leaves view and undo commands as JSON', () => {
    expect(toolView(call('str_replace_editor', { command: 'view', path: '/testbed' })).kind).toBe('json')
    expect(toolView(call('str_replace_editor', { command: 'undo_edit', path: '/testbed/a.py' })).kind).toBe('json')
  })
})

describe('toolView: patches', () => {
  const patch = '*** Begin Patch\n*** Update File: a.py\n@@\n-x = 1\n+x = 2\n*** End Patch'
  const unified = '--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2'

  it('shows apply_patch input as a diff, string or object', () => {
    expect(toolView(call('apply_patch', { input: patch }))).toMatchObject({
      kind: 'patch',
      language: 'diff',
      code: patch
    })
    expect(toolView(call('apply_patch', patch))).toMatchObject({ kind: 'patch', code: patch })
  })

  it('recognizes a unified diff under a `patch`/`diff` key of any tool', () => {
    expect(toolView(call('submit_patch', { patch: unified, note: 'fix' }))).toMatchObject({
      kind: 'patch',
      extras: [{ key: 'note', value: 'fix' }]
    })
  })

  it('does not call prose with a dash line a diff', () => {
    expect(looksLikeDiff('Plan:\n- read\n- fix')).toBe(false)
    expect(looksLikeDiff(unified)).toBe(true)
    expect(looksLikeDiff('diff --git a/x b/x\nindex 1..2')).toBe(true)
    expect(toolView(call('apply_patch', { input: 'please fix it' })).kind).toBe('json')
  })
})

describe('toolView: everything else', () => {
  it('is pretty JSON, or the raw string when the arguments did not parse', () => {
    expect(toolView(call('get_reservation_details', { reservation_id: 'JG7FMM' }))).toMatchObject({
      kind: 'json',
      language: 'json',
      code: '{\n  "reservation_id": "JG7FMM"\n}',
      extras: []
    })
    expect(toolView(call('lookup', '{"broken'))).toMatchObject({
      kind: 'json',
      language: 'plaintext',
      code: '{"broken'
    })
    expect(toolView(call('submit', {})).code).toBe('{}')
    expect(toolView(call('noop', undefined)).code).toBe('')
  })
})

describe('diffLines', () => {
  it('keeps common lines and marks the rest', () => {
    expect(diffLines('a\nb\nc', 'a\nc')).toEqual([' a', '-b', ' c'])
    expect(diffLines('', 'x')).toEqual(['+x'])
    expect(diffLines('x', '')).toEqual(['-x'])
    expect(diffLines('same', 'same')).toEqual([' same'])
    expect(diffLines('a\r\nb', 'a\nc')).toEqual([' a', '-b', '+c'])
    // a final newline ends the last line: no empty kept row
    expect(diffLines('def f(s):\n    return s\n', 'def f(s):\n    return s.strip()\n')).toEqual([
      ' def f(s):',
      '-    return s',
      '+    return s.strip()'
    ])
    expect(diffLines('x\n\n', 'x\n')).toEqual([' x', '-'])
  })

  it('finds the common subsequence in the middle', () => {
    expect(diffLines('h\n1\nx\n2\nt', 'h\n1\ny\n2\nt')).toEqual([' h', ' 1', '-x', '+y', ' 2', ' t'])
    expect(diffLines('a\nb\nc\nd', 'b\nd\ne')).toEqual(['-a', ' b', '-c', ' d', '+e'])
  })

  it('rebuilds both sides from its output (property over random line lists)', () => {
    let seed = 7
    const rnd = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n
    for (let k = 0; k < 300; k++) {
      const side = (): string => Array.from({ length: rnd(8) }, () => 'abcd'[rnd(4)]).join('\n')
      const a = side()
      const b = side()
      const out = diffLines(a, b)
      expect(
        out
          .filter((l) => l[0] !== '+')
          .map((l) => l.slice(1))
          .join('\n')
      ).toBe(a)
      expect(
        out
          .filter((l) => l[0] !== '-')
          .map((l) => l.slice(1))
          .join('\n')
      ).toBe(b)
    }
  })

  it('gives up on common lines past its size budget but stays correct', () => {
    const a = Array.from({ length: 1500 }, (_, i) => `a${i}`).join('\n')
    const b = Array.from({ length: 1500 }, (_, i) => `b${i}`).join('\n')
    const out = diffLines(a, b)
    expect(out).toHaveLength(3000)
    expect(out[0]).toBe('-a0')
    expect(out[1500]).toBe('+b0')
  })
})

describe('helpers', () => {
  it('strips namespaces from tool names', () => {
    expect(baseToolName('mcp__server__Bash')).toBe('bash')
    expect(baseToolName('functions.python')).toBe('python')
    expect(baseToolName('str_replace_editor')).toBe('str_replace_editor')
  })

  it('unwraps `sh -c` argv and quotes other argv', () => {
    expect(shellText(['/bin/zsh', '-c', 'echo $HOME'])).toBe('echo $HOME')
    expect(shellText(['grep', '-n', 'a b', "it's"])).toBe(`grep -n 'a b' 'it'\\''s'`)
    expect(shellText([1, 2])).toBeNull()
    expect(shellText([])).toBeNull()
  })

  it('cuts long extras and flattens their whitespace', () => {
    const [x] = extrasOf({ note: `a\n\n${'b'.repeat(300)}` }, [])
    expect(x.value.startsWith('a b')).toBe(true)
    expect(x.value).toHaveLength(160)
    expect(x.value.endsWith('…')).toBe(true)
  })

  it('maps fence labels and file extensions to registered grammars', () => {
    expect(languageFor('py')).toBe('python')
    expect(languageFor(' Shell ')).toBe('bash')
    expect(languageFor('tsx')).toBe('typescript')
    expect(languageFor('cobol')).toBeNull()
    expect(languageForPath('/repo/src/a.test.ts')).toBe('typescript')
    expect(languageForPath('C:\\x\\setup.cfg')).toBe('ini')
    expect(languageForPath('Makefile')).toBe('bash')
    expect(languageForPath('.bashrc')).toBe('bash')
    expect(languageForPath('README')).toBe('plaintext')
    expect(languageForPath(null)).toBe('plaintext')
  })
})
