import { randomUUID } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { IMAGE_MAX_BYTES, UPLOADS_URL_PREFIX, type UploadResult } from '../../../src/contract/uploads'
import { fieldError } from '../../lib/errors'

type Kind = { type: 'image/png' | 'image/jpeg' | 'image/webp'; ext: 'png' | 'jpg' | 'webp' }

/** The image's real type from its first bytes; the name and the declared type are not trusted. */
export function sniffImage(bytes: Uint8Array): Kind | null {
  const at = (i: number) => bytes[i] ?? -1
  if (
    at(0) === 0x89 &&
    at(1) === 0x50 &&
    at(2) === 0x4e &&
    at(3) === 0x47 &&
    at(4) === 0x0d &&
    at(5) === 0x0a &&
    at(6) === 0x1a &&
    at(7) === 0x0a
  )
    return { type: 'image/png', ext: 'png' }
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return { type: 'image/jpeg', ext: 'jpg' }
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { type: 'image/webp', ext: 'webp' }
  return null
}

/** Stores an image under `dataDir/uploads` with a random name; answers its path and public URL. */
export async function storeImage(dataDir: string, bytes: Buffer, truncated: boolean): Promise<UploadResult> {
  if (truncated || bytes.length > IMAGE_MAX_BYTES)
    throw fieldError(413, 'file', 'errors.fileTooLarge', { mb: IMAGE_MAX_BYTES / 1024 / 1024 })
  const kind = sniffImage(bytes)
  if (!kind) throw fieldError(422, 'file', 'validation.imageType')
  const dir = join(dataDir, 'uploads')
  await mkdir(dir, { recursive: true })
  const name = `${randomUUID()}.${kind.ext}`
  const temp = join(dir, `.${name}.part`)
  await writeFile(temp, bytes)
  await rename(temp, join(dir, name))
  return { path: name, url: `${UPLOADS_URL_PREFIX}${name}`, size: bytes.length, type: kind.type }
}
