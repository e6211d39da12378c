import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import subsetFont from 'subset-font'
import type { Plugin } from 'vite'

/**
 * Font faces cut down to the characters their `@font-face` rule covers. A rule in `cssFile` whose
 * source is `url('subset-fonts/<file>.woff2')` gets that file made from `@fontsource/<family>/files/
 * <file>.woff2`, keeping only the code points of the rule's `unicode-range` (with the shaping the
 * script needs). Browsers use the same ranges to choose the face, so what the face lacks is drawn
 * by the system's face in development and in a build alike, and Vite hashes what is shipped. The
 * files land in `outDir` (an alias of `subset-fonts`), remade when the stylesheet or a source
 * font is newer.
 */
export function subsetFonts(options: { cssFile: string; outDir: string }): Plugin {
  const require = createRequire(import.meta.url)
  const make = async () => {
    const css = readFileSync(options.cssFile, 'utf8')
    mkdirSync(options.outDir, { recursive: true })
    for (const rule of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
      const file = /url\(['"]?subset-fonts\/([\w.-]+\.woff2)['"]?\)/.exec(rule)?.[1]
      if (!file) continue
      const range = /unicode-range:([^;]+);/.exec(rule)?.[1]
      if (!range) throw new Error(`${file}: a subset face needs a unicode-range`)
      const family = /^(.*)-(?:arabic|latin|latin-ext|cyrillic)-\d+-/.exec(file)?.[1]
      const source = require.resolve(`@fontsource/${family}/files/${file}`)
      const out = join(options.outDir, file)
      if (existsSync(out) && statSync(out).mtimeMs > Math.max(statSync(source).mtimeMs, statSync(options.cssFile).mtimeMs)) continue
      const text = codePointsOf(range)
      writeFileSync(out, await subsetFont(readFileSync(source), text, { targetFormat: 'woff2' }))
    }
  }
  return {
    name: 'subset-fonts',
    enforce: 'pre',
    async buildStart() {
      await make()
    },
  }
}

/** The characters of a CSS `unicode-range` (`U+0600-066F, U+0671`). */
function codePointsOf(range: string): string {
  let text = ''
  for (const part of range.split(',')) {
    const match = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part.trim())
    if (!match) continue
    const from = parseInt(match[1]!, 16)
    const to = match[2] ? parseInt(match[2], 16) : from
    for (let c = from; c <= to; c++) text += String.fromCodePoint(c)
  }
  return text
}
