import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ResolvedConfig } from 'vite'
import { precompress } from '../../build/precompress'

/** Runs the plugin's hooks as a build does, on `outDir` (absolute, as `vite build --outDir` may pass it). */
async function runPlugin(root: string, outDir: string) {
  const plugin = precompress()
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void
  configResolved({ root, build: { outDir } } as ResolvedConfig)
  const closeBundle = plugin.closeBundle as () => void | Promise<void>
  await closeBundle()
}

describe('build: precompressed copies', () => {
  let root = ''
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'precompress-'))
  })
  afterEach(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('writes a brotli and a gzip copy of every text file of 1 kB or more, none of fonts or small files', async () => {
    const out = join(root, 'elsewhere', 'dist')
    await mkdir(join(out, 'assets'), { recursive: true })
    const script = `export const text = ${JSON.stringify('مرحبا '.repeat(400))}`
    const style = `.a{color:red}\n`.repeat(200)
    const page = `<!doctype html>${'<p>x</p>'.repeat(300)}`
    await writeFile(join(out, 'index.html'), page)
    await writeFile(join(out, 'assets', 'app-1a2b3c.js'), script)
    await writeFile(join(out, 'assets', 'app-1a2b3c.css'), style)
    await writeFile(join(out, 'assets', 'tiny-1a2b3c.js'), 'export const a = 1')
    await writeFile(join(out, 'assets', 'face-1a2b3c.woff2'), Buffer.alloc(4096, 7))

    await runPlugin(join(root, 'project'), out)

    for (const [file, text] of [
      ['index.html', page],
      ['assets/app-1a2b3c.js', script],
      ['assets/app-1a2b3c.css', style],
    ] as const) {
      const br = await readFile(join(out, `${file}.br`))
      const gz = await readFile(join(out, `${file}.gz`))
      expect(brotliDecompressSync(br).toString()).toBe(text)
      expect(gunzipSync(gz).toString()).toBe(text)
      expect(br.length).toBeLessThan(Buffer.byteLength(text))
    }
    expect(existsSync(join(out, 'assets', 'tiny-1a2b3c.js.br'))).toBe(false)
    expect(existsSync(join(out, 'assets', 'tiny-1a2b3c.js.gz'))).toBe(false)
    expect(existsSync(join(out, 'assets', 'face-1a2b3c.woff2.br'))).toBe(false)
    expect(existsSync(join(out, 'assets', 'face-1a2b3c.woff2.gz'))).toBe(false)
  })

  it('resolves a relative output directory against the project root', async () => {
    await mkdir(join(root, 'dist'))
    const page = `<!doctype html>${'<p>x</p>'.repeat(300)}`
    await writeFile(join(root, 'dist', 'index.html'), page)
    await runPlugin(root, 'dist')
    expect(gunzipSync(await readFile(join(root, 'dist', 'index.html.gz'))).toString()).toBe(page)
  })
})
