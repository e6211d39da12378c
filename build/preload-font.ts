import type { Plugin } from 'vite'

/**
 * Adds `<link rel="preload">` for the built font file whose name matches `face`, so the first
 * paint of the default language does not wait for its stylesheet to name the font. The link
 * carries the file's hashed name, known only once the bundle is written.
 */
export function preloadFont(face: RegExp): Plugin {
  return {
    name: 'preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((name) => face.test(name))
        if (!file) throw new Error(`no built font matches ${face}`)
        return [
          { tag: 'link', attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' },
        ]
      },
    },
  }
}
