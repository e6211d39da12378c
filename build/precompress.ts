import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** Text files worth compressing; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file of the build, so the
 * server sends the smallest one the browser accepts without compressing anything per request. A
 * copy that is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? walk(path) : [path]
        })
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue
        const source = readFileSync(file)
        if (source.length < MIN_BYTES) continue
        const br = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        })
        const gz = gzipSync(source, { level: 9 })
        if (br.length < source.length) writeFileSync(`${file}.br`, br)
        if (gz.length < source.length) writeFileSync(`${file}.gz`, gz)
      }
    },
  }
}
