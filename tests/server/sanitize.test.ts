import { describe, expect, it } from 'vitest'
import { isSafeUrl, sanitizeHtml } from '../../server/lib/sanitize'
import { isBlankHtml, richText } from '../../src/contract/rich-text'
import * as z from 'zod/mini'
import { expectSafe, XSS_PAYLOADS } from './articles-suite'

describe('sanitizeHtml (allowlist)', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeHtml(payload)
    expectSafe(out)
    // Sanitising is stable: the output sanitises to itself.
    expect(sanitizeHtml(out)).toBe(out)
  })

  it.each([
    ['<p onclick="x()">hi <script>alert(1)</script><b>x</b></p>', '<p>hi <b>x</b></p>'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<a href="jav&#x61;script:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="https://x.example" target=_blank>ok</a>', '<a href="https://x.example" target="_blank" rel="noopener noreferrer">ok</a>'],
    ['<a href="/page?x=1:2" rel="opener">rel</a>', '<a href="/page?x=1:2">rel</a>'],
    ['<a href="mailto:a@b.example">m</a>', '<a href="mailto:a@b.example">m</a>'],
    ['&lt;script&gt;', '&lt;script&gt;'],
    ['<div dir="rtl"><p>مرحبا</div>', '<div dir="rtl"><p>مرحبا</p></div>'],
    ['<p title="a&quot; onclick=&quot;x">t</p>', '<p title="a&quot; onclick=&quot;x">t</p>'],
    ['<unknown>text</unknown><font color=red>x</font>', 'textx'],
    ['<table><tr><td colspan="2" style="x">c</td></tr></table>', '<table><tr><td colspan="2">c</td></tr></table>'],
    ['a < b && c > d', 'a &lt; b &amp;&amp; c &gt; d'],
    ['<p>open', '<p>open</p>'],
  ])('%s -> %s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output)
  })

  it('judges URLs after decoding entities and removing control characters', () => {
    for (const bad of [
      'javascript:x',
      ' javascript:x',
      'java\u0000script:x',
      'jav&#x09;ascript:x',
      '&#106;avascript:x',
      'data:text/html,x',
      'vbscript:x',
      'JAVASCRIPT:x',
    ]) {
      expect(isSafeUrl(bad), bad).toBe(false)
    }
    for (const good of ['https://a.example', 'http://a.example', '/relative', 'page.html', '#top', '?q=1', 'tel:+966500000000']) {
      expect(isSafeUrl(good), good).toBe(true)
    }
  })

  it('tells a body with nothing to show', () => {
    expect(isBlankHtml('<p> &nbsp; </p><br>')).toBe(true)
    expect(isBlankHtml('<p>x</p>')).toBe(false)
    expect(isBlankHtml('<img src="/a.png">')).toBe(false)
    // what an emptied editor leaves, in either language
    for (const blank of ['<h2><br></h2>', '<p><br></p>', '<p>&#160;</p>', '<p>\u200b</p>', '<h2 dir="rtl"><br></h2><p></p>', ''])
      expect(isBlankHtml(blank), blank).toBe(true)
    expect(isBlankHtml('<h2>شروط</h2>')).toBe(false)
  })

  it('refuses an emptied editor as "required" in the contract, before any request', () => {
    const body = richText(100)
    const issues = z.safeParse(body, '<h2><br></h2>').error?.issues ?? []
    expect(issues.map((i) => i.message)).toEqual(['validation.required'])
    expect(z.safeParse(body, '<p>نص</p>').success).toBe(true)
  })
})
