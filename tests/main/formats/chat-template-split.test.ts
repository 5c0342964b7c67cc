/** The chat-template splitter (src-main/formats/chat-template-split.ts): templates verl's dumps hold, and losslessness. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bodyParts,
  detectTemplate,
  messageText,
  splitChatTemplate,
  type TemplateSplit
} from '../../../src-main/formats/chat-template-split'

const roles = (s: TemplateSplit): string[] => s.messages.map((m) => m.role)
const texts = (s: TemplateSplit): string[] => s.messages.map(messageText)
const joined = (s: TemplateSplit): string =>
  s.prefix + s.messages.map((m) => m.header + m.parts.map((p) => p.raw).join('') + m.footer).join('')

// Qwen2.5-Instruct's template for [system, user] with the generation prompt, special tokens kept and skipped
const QWEN_SYSTEM = 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.'
const QUESTION =
  'Natalia sold clips to 48 of her friends. How many clips?\nLet\'s think step by step and output the final answer after "####".'
const CHATML_PROMPT = `<|im_start|>system\n${QWEN_SYSTEM}<|im_end|>\n<|im_start|>user\n${QUESTION}<|im_end|>\n<|im_start|>assistant\n`
const STRIPPED_PROMPT = `system\n${QWEN_SYSTEM}\nuser\n${QUESTION}\nassistant\n`

describe('chat-template splitter', () => {
  it('ChatML with its special tokens: one message per turn, the generation prompt an empty assistant turn', () => {
    const s = splitChatTemplate(CHATML_PROMPT)
    expect(s.template).toBe('chatml')
    expect(roles(s)).toEqual(['system', 'user', 'assistant'])
    expect(texts(s)).toEqual([QWEN_SYSTEM, QUESTION, ''])
    expect(s.messages[1].footer).toBe('<|im_end|>\n')
    expect(joined(s)).toBe(CHATML_PROMPT)
  })

  it('ChatML with the special tokens skipped (what verl dumps): the role lines split it', () => {
    const s = splitChatTemplate(STRIPPED_PROMPT)
    expect(s.template).toBe('chatml-stripped')
    expect(roles(s)).toEqual(['system', 'user', 'assistant'])
    expect(texts(s)).toEqual([QWEN_SYSTEM, QUESTION, ''])
    expect(joined(s)).toBe(STRIPPED_PROMPT)
  })

  it("Qwen3's no-thinking generation prompt (an empty think block after assistant) is still the stripped form", () => {
    const prompt = `user\n${QUESTION}\nassistant\n<think>\n\n</think>\n\n`
    const s = splitChatTemplate(prompt)
    expect(s.template).toBe('chatml-stripped')
    expect(roles(s)).toEqual(['user', 'assistant'])
    expect(s.messages[1].parts).toEqual([
      { kind: 'reasoning', raw: '<think>\n\n</think>', text: '' },
      { kind: 'text', raw: '\n\n' }
    ])
  })

  it('Llama-3 headers: BOS as the prefix, the header and eot tokens as markup', () => {
    const prompt =
      '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nCutting Knowledge Date: December 2023<|eot_id|>' +
      '<|start_header_id|>user<|end_header_id|>\n\nWhat is 2+2?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n'
    const s = splitChatTemplate(prompt)
    expect(s.template).toBe('llama3')
    expect(s.prefix).toBe('<|begin_of_text|>')
    expect(roles(s)).toEqual(['system', 'user', 'assistant'])
    expect(texts(s)).toEqual(['Cutting Knowledge Date: December 2023', 'What is 2+2?', ''])
    expect(joined(s)).toBe(prompt)
    const out = splitChatTemplate(
      '4<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n{"x": 1}<|eot_id|>',
      'llama3'
    )
    expect(roles(out)).toEqual(['assistant', 'tool'])
    expect(texts(out)).toEqual(['4', '{"x": 1}'])
  })

  it('a stripped multi-turn completion: tool calls, the tool-response turn and the answer after it', () => {
    const output =
      '<think>\nI should compute.\n</think>\n\n<tool_call>\n{"name": "calc", "arguments": {"expr": "48/2"}}\n</tool_call>' +
      'user\n<tool_response>\n24\n</tool_response>\nassistant\nShe sold 48 + 24 = 72 clips.\n#### 72'
    const s = splitChatTemplate(output, 'chatml-stripped')
    expect(roles(s)).toEqual(['assistant', 'user', 'assistant'])
    const [call, resp, answer] = s.messages
    expect(call.parts.map((p) => p.kind)).toEqual(['reasoning', 'text', 'tool_call'])
    expect(call.parts[0]).toMatchObject({ text: 'I should compute.' })
    expect(call.parts[2]).toMatchObject({ name: 'calc', arguments: { expr: '48/2' } })
    expect(resp.parts).toEqual([{ kind: 'tool_response', raw: '<tool_response>\n24\n</tool_response>', text: '24' }])
    expect(messageText(answer)).toBe('She sold 48 + 24 = 72 clips.\n#### 72')
    expect(joined(s)).toBe(output)
  })

  it('a completion with its special tokens kept: the end-of-turn token is the footer', () => {
    const s = splitChatTemplate('#### 72<|im_end|>', 'chatml')
    expect(roles(s)).toEqual(['assistant'])
    expect(s.messages[0]).toMatchObject({ body: '#### 72', footer: '<|im_end|>' })
    const plain = splitChatTemplate('#### 72<|endoftext|>', 'none')
    expect(plain.messages[0]).toMatchObject({ role: 'assistant', body: '#### 72', footer: '<|endoftext|>' })
  })

  it('a tool-call block whose JSON does not parse, or an unclosed one (a truncated completion), stays text', () => {
    expect(bodyParts('<tool_call>\n{"name": "calc", "argu\n</tool_call>')).toEqual([
      { kind: 'text', raw: '<tool_call>\n{"name": "calc", "argu\n</tool_call>' }
    ])
    expect(bodyParts('x <tool_call>{"name": "a"}')).toEqual([{ kind: 'text', raw: 'x <tool_call>{"name": "a"}' }])
  })

  it('unknown templates stay one message with the text unchanged', () => {
    for (const text of [
      'Question: what is 2+2?\nAnswer:',
      'user\nhello', // a role line but no generation prompt: not claimed
      '<s>[INST] hello [/INST]',
      'A conversation.\nuser\nhi\nassistant\n' // does not start with a role line
    ]) {
      const s = splitChatTemplate(text)
      expect(s.template).toBe('none')
      expect(s.messages).toEqual([
        { role: 'user', header: '', body: text, footer: '', parts: [{ kind: 'text', raw: text }] }
      ])
    }
    expect(detectTemplate('')).toBe('none')
  })
})

/** Strings made of the pieces templates are built from, so that the generator often hits real markup. */
const piece = fc.constantFrom(
  '<|im_start|>',
  '<|im_end|>',
  '<|start_header_id|>',
  '<|end_header_id|>',
  '<|eot_id|>',
  '<|endoftext|>',
  '<|begin_of_text|>',
  'system',
  'user',
  'assistant',
  'tool',
  'ipython',
  '\n',
  '\n\n',
  ' ',
  '<think>',
  '</think>',
  '<tool_call>',
  '</tool_call>',
  '<tool_response>',
  '</tool_response>',
  '{"name": "f", "arguments": {"a": 1}}',
  '{"name": ',
  'hello',
  'x'
)
const templated = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.array(piece, { maxLength: 30 }).map((a) => a.join(''))
)
const continues = fc.constantFrom(undefined, 'chatml', 'llama3', 'chatml-stripped', 'none' as const)
const MARKUP = /^(?:\s|<\|[A-Za-z0-9_]+\|>)*$/
const HEADER =
  /^(?:<\|im_start\|>[A-Za-z_]+\n?|<\|start_header_id\|>[A-Za-z_]+<\|end_header_id\|>(?:\n\n)?|\n?(?:system|user|assistant|tool)\n|)$/

describe('chat-template splitter properties', () => {
  it('lossless: the prefix and every header, body part and footer joined are the input; only markup is left out of bodies', () => {
    fc.assert(
      fc.property(templated, continues, (text, from) => {
        const s = splitChatTemplate(text, from)
        expect(joined(s)).toBe(text)
        expect(s.prefix).toMatch(MARKUP)
        for (const m of s.messages) {
          expect(m.header).toMatch(HEADER)
          expect(m.footer).toMatch(MARKUP)
          expect(m.parts.map((p) => p.raw).join('')).toBe(m.body)
        }
      }),
      { numRuns: 2000 }
    )
  })

  it('a text of no known template is one message whose body is the text', () => {
    fc.assert(
      fc.property(templated, (text) => {
        const s = splitChatTemplate(text)
        if (s.template === 'none') expect(s.messages.map((m) => m.body)).toEqual([text])
      }),
      { numRuns: 1000 }
    )
  })

  it('what a part shows is read from its raw text, never rewritten', () => {
    fc.assert(
      fc.property(templated, continues, (text, from) => {
        for (const m of splitChatTemplate(text, from).messages) {
          for (const p of m.parts) {
            if (p.kind === 'reasoning' || p.kind === 'tool_response') expect(p.raw).toContain(p.text)
            if (p.kind === 'tool_call') expect(p.raw).toContain(JSON.stringify(p.name))
          }
        }
      }),
      { numRuns: 1000 }
    )
  })
})
