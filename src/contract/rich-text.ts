import * as z from 'zod/mini'

/** Entities that stand for nothing visible (no-break spaces, zero-width characters). */
const INVISIBLE_ENTITIES = /&(nbsp|ensp|emsp|thinsp|zwnj|zwj|#160|#x0*a0|#8203|#x0*200b);/gi
/** Elements never shown, with what is inside them (the server's sanitiser drops them too). */
const DROPPED = /<(script|style|iframe|noscript|template|object|embed|svg|math|title|textarea|select)\b[\s\S]*?<\/\1\s*>/gi
/** Whitespace and the invisible characters an editor leaves behind. */
const INVISIBLE = /[\s\u00a0\u200b-\u200d\u2060\ufeff]/g

/**
 * True when rich text shows nothing: only tags, whitespace and invisible characters, as an emptied
 * editor leaves it (`<p><br></p>`, `<h2><br></h2>`, `<p>&nbsp;</p>`). An image is content.
 * The form and the server both refuse such a text as missing.
 */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false
  return (
    html
      .replace(DROPPED, '')
      .replace(/<[^>]*>/g, '')
      .replace(INVISIBLE_ENTITIES, '')
      .replace(INVISIBLE, '') === ''
  )
}

/** A required rich text of at most `max` characters: an emptied editor is "required", like an empty field. */
export const richText = (max: number) =>
  z.string().check(
    z.trim(),
    z.refine((html) => !isBlankHtml(html), 'validation.required'),
    z.maxLength(max),
  )
