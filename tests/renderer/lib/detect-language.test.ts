import { describe, expect, it } from 'vitest'
import { detectLanguage } from '../../../src-renderer/src/lib/detect-language'

describe('detectLanguage', () => {
  it('recognises JSON only when it parses', () => {
    expect(detectLanguage('  {"a": [1, 2]}')).toBe('json')
    expect(detectLanguage('[1, 2, 3]')).toBe('json')
    expect(detectLanguage('{not json')).toBe('plaintext')
    expect(detectLanguage('[x] done')).toBe('plaintext')
  })
  it('recognises unified diffs (git and plain)', () => {
    expect(detectLanguage('diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n-a\n+b\n')).toBe('diff')
    expect(detectLanguage('@@ -10,3 +10,4 @@ def f():\n     x = 1\n+    y = 2\n')).toBe('diff')
    // a markdown rule or a bullet list is not a diff
    expect(detectLanguage('--- \n- item\n- item\n')).toBe('plaintext')
  })
  it('recognises Python tracebacks and source', () => {
    expect(detectLanguage('Traceback (most recent call last):\n  File "x.py", line 1\nValueError: bad')).toBe('python')
    expect(detectLanguage('import os\nfrom x import y\n\ndef main():\n    pass\n')).toBe('python')
    expect(detectLanguage('I will import the data and define things.')).toBe('plaintext')
  })
  it('recognises markdown prose with fences or headings (a task statement quoting code is not Python)', () => {
    expect(
      detectLanguage('**Describe the bug**\nIt fails.\n```python\nimport numpy as np\nfrom x import y\n```\n')
    ).toBe('markdown')
    expect(detectLanguage('# Title\ntext\n## Part\nmore')).toBe('markdown')
    expect(detectLanguage('# just a comment line\nx = 1')).toBe('plaintext')
  })
  it('recognises shell sessions and scripts, and markup', () => {
    expect(detectLanguage('$ ls\nREADME.md\n$ cat README.md\nhello')).toBe('shell')
    expect(detectLanguage('#!/bin/bash\nset -e\n')).toBe('shell')
    expect(detectLanguage('<?xml version="1.0"?><a/>')).toBe('xml')
    expect(detectLanguage('<!DOCTYPE html><html></html>')).toBe('html')
  })
  it('looks at the head only, so huge texts stay cheap', () => {
    const big = 'x'.repeat(30_000) + '\nimport os\nimport sys\n'
    expect(detectLanguage(big)).toBe('plaintext')
  })
})
