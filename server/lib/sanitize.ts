/**
 * A small allowlist HTML sanitiser for rich-text bodies (blogs, contents, terms). It tokenises the
 * input itself and re-emits only allowlisted tags and attributes, so what it outputs is always
 * well-formed: text is entity-decoded then re-escaped, attribute values are re-quoted, URLs are
 * checked after entity decoding, and tags it does not know are dropped (their text is kept) while
 * script-like elements are dropped with their content.
 */

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'figure',
  'figcaption',
])
const VOID_TAGS = new Set(['br', 'hr', 'img'])
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'select',
  'option',
  'xmp',
  'plaintext',
  'title',
  'head',
  'audio',
  'video',
  'canvas',
])
const GLOBAL_ATTRIBUTES = new Set(['dir', 'lang', 'title'])
const TAG_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  ol: new Set(['start']),
}
const URL_ATTRIBUTES = new Set(['href', 'src'])
const SAFE_SCHEMES = /^(?:https?|mailto|tel):/i

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  bsol: '\\',
  semi: ';',
  comma: ',',
  period: '.',
  equals: '=',
  num: '#',
}

/** Decodes character references (with or without the final `;`). */
function decodeEntities(input: string): string {
  return input.replace(/&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,8})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g, (match, dec, hex, named) => {
    if (dec !== undefined || hex !== undefined) {
      const code = dec !== undefined ? Number.parseInt(dec as string, 10) : Number.parseInt(hex as string, 16)
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd'
      return String.fromCodePoint(code)
    }
    const known = NAMED_ENTITIES[(named as string).toLowerCase()]
    return known ?? match
  })
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** A URL is kept when it is relative or uses http(s), mailto or tel, judged after decoding and removing controls and spaces. */
export function isSafeUrl(raw: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what browsers ignore inside schemes
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, '')
  if (url === '') return false
  if (SAFE_SCHEMES.test(url)) return true
  const colon = url.indexOf(':')
  if (colon === -1) return !url.startsWith('\\') && !url.startsWith('//\\')
  const firstDelimiter = url.search(/[/?#]/)
  return firstDelimiter !== -1 && firstDelimiter < colon
}

type Attribute = { name: string; value: string }

function cleanAttributes(tag: string, attributes: Attribute[]): string {
  const allowed = TAG_ATTRIBUTES[tag]
  const out: string[] = []
  const seen = new Set<string>()
  let blank = false
  for (const { name, value } of attributes) {
    if (seen.has(name)) continue
    seen.add(name)
    if (!GLOBAL_ATTRIBUTES.has(name) && !allowed?.has(name)) continue
    let clean = decodeEntities(value).trim()
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value)) continue
    if (name === 'dir' && !['rtl', 'ltr', 'auto'].includes(clean.toLowerCase())) continue
    if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name) && !/^\d{1,5}$/.test(clean)) continue
    if (name === 'target') {
      if (clean !== '_blank') continue
      blank = true
    }
    if (name === 'rel') continue
    if (name === 'scope' && !['row', 'col', 'rowgroup', 'colgroup'].includes(clean)) continue
    clean = clean.slice(0, 2000)
    out.push(` ${name}="${escapeAttribute(clean)}"`)
  }
  if (tag === 'a' && blank) out.push(' rel="noopener noreferrer"')
  return out.join('')
}

/** Parses the attributes of a tag from `pos` (just after its name) to its `>`; null when unterminated. */
function readTag(html: string, pos: number): { attributes: Attribute[]; end: number; selfClosing: boolean } | null {
  const attributes: Attribute[] = []
  let i = pos
  let selfClosing = false
  while (i < html.length) {
    const c = html[i] as string
    if (c === '>') return { attributes, end: i + 1, selfClosing }
    if (/[\s/]/.test(c)) {
      selfClosing = c === '/'
      i++
      continue
    }
    selfClosing = false
    const nameMatch = /^[^\s"'>/=]+/.exec(html.slice(i, i + 200)) ?? /^[^\s>/]/.exec(html.slice(i))
    const name = (nameMatch?.[0] ?? c).toLowerCase()
    i += (nameMatch?.[0] ?? c).length
    while (i < html.length && /\s/.test(html[i] as string)) i++
    let value = ''
    if (html[i] === '=') {
      i++
      while (i < html.length && /\s/.test(html[i] as string)) i++
      const quote = html[i]
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1)
        if (close === -1) return null
        value = html.slice(i + 1, close)
        i = close + 1
      } else {
        const m = /^[^\s>]*/.exec(html.slice(i)) as RegExpExecArray
        value = m[0]
        i += value.length
      }
    }
    attributes.push({ name, value })
  }
  return null
}

/** Sanitises rich HTML to the allowlist; the result is safe to render as HTML. */
export function sanitizeHtml(input: string): string {
  const html = input.split('\u0000').join('')
  const out: string[] = []
  const open: string[] = []
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt === -1) {
      out.push(escapeText(decodeEntities(html.slice(i))))
      break
    }
    if (lt > i) out.push(escapeText(decodeEntities(html.slice(i, lt))))
    i = lt
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4)
      i = close === -1 ? html.length : close + 3
      continue
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const close = html.indexOf('>', i + 2)
      i = close === -1 ? html.length : close + 1
      continue
    }
    const tagMatch = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, i + 100))
    if (!tagMatch) {
      out.push('&lt;')
      i += 1
      continue
    }
    const closing = tagMatch[1] === '/'
    const tag = (tagMatch[2] as string).toLowerCase()
    const parsed = readTag(html, i + tagMatch[0].length)
    if (!parsed) break // an unterminated tag: drop the rest
    i = parsed.end
    if (closing) {
      const at = open.lastIndexOf(tag)
      if (at !== -1) {
        while (open.length > at) out.push(`</${open.pop() as string}>`)
      }
      continue
    }
    if (DROP_WITH_CONTENT.has(tag)) {
      if (parsed.selfClosing) continue
      const closer = new RegExp(`</${tag}[\\s/>]`, 'i')
      const rest = html.slice(i)
      const m = closer.exec(rest)
      if (!m) break
      const close = html.indexOf('>', i + m.index)
      i = close === -1 ? html.length : close + 1
      continue
    }
    if (!ALLOWED_TAGS.has(tag)) continue
    out.push(`<${tag}${cleanAttributes(tag, parsed.attributes)}>`)
    if (!VOID_TAGS.has(tag)) open.push(tag)
  }
  while (open.length > 0) out.push(`</${open.pop() as string}>`)
  return out.join('')
}
