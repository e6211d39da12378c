import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyRequest } from 'fastify'
import type { MessageRef } from '../../src/contract/common'
import { IDEMPOTENCY_HEADER, idempotencyKeySchema, PAYMENT_FILE_MAX_BYTES } from '../../src/contract/vendors'
import { sniffImage } from '../modules/uploads/service'
import { AppError, unreadableBody } from './errors'

/**
 * Payment files (a vendor's receipt, a partner's payout proof): read from a multipart form, checked
 * by content (png, jpg, webp or pdf, at most 5 MB), stored under `DATA_DIR/receipts` with a
 * server-made name and never served from the web root; the `Idempotency-Key` header of the write.
 */

export type ReceiptKind = { type: string; ext: string }

/** The file of a form as read: its bytes, and whether it went past the size limit. */
export type ReceiptUpload = { bytes: Buffer; truncated: boolean } | null

/** A file's real type from its first bytes: an image the uploads accept, or a PDF. */
function sniffReceipt(bytes: Uint8Array): ReceiptKind | null {
  const image = sniffImage(bytes)
  if (image) return image
  if (bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-') return { type: 'application/pdf', ext: 'pdf' }
  return null
}

/**
 * The refusal of a payment file (missing, too large, of a type not allowed: `typeKey`), or its kind.
 */
export function checkReceipt(file: ReceiptUpload, typeKey: string): { kind: ReceiptKind; error: null } | { kind: null; error: MessageRef } {
  if (!file || file.bytes.length === 0) return { kind: null, error: { key: 'validation.required' } }
  if (file.truncated || file.bytes.length > PAYMENT_FILE_MAX_BYTES)
    return { kind: null, error: { key: 'errors.fileTooLarge', values: { mb: PAYMENT_FILE_MAX_BYTES / 1024 / 1024 } } }
  const kind = sniffReceipt(file.bytes)
  return kind ? { kind, error: null } : { kind: null, error: { key: typeKey } }
}

const receiptsDir = (dataDir: string) => join(dataDir, 'receipts')
const RECEIPT_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp|pdf)$/

/** Deletes a stored file nobody refers to any more (a replaced or abandoned one); a missing file is no error. */
export async function removeReceipt(dataDir: string, name: string): Promise<void> {
  if (!RECEIPT_NAME.test(name)) return
  await unlink(join(receiptsDir(dataDir), name)).catch(() => {})
}

/** Writes a checked file under `DATA_DIR/receipts` with a server-made name; answers the name. */
export async function storeReceipt(dataDir: string, bytes: Buffer, kind: ReceiptKind): Promise<string> {
  const dir = receiptsDir(dataDir)
  await mkdir(dir, { recursive: true })
  const name = `${randomUUID()}.${kind.ext}`
  const temp = join(dir, `.${name}.part`)
  await writeFile(temp, bytes)
  await rename(temp, join(dir, name))
  return name
}

/** A stored file's bytes with a download name (`prefix-number.ext`); 404 when the name is not ours or the file is gone. */
export async function readReceipt(
  dataDir: string,
  stored: { name: string | null; type: string | null; number: string },
  prefix: string,
  fallback: string | number,
): Promise<{ bytes: Buffer; type: string; filename: string }> {
  if (!stored.name || !RECEIPT_NAME.test(stored.name)) throw new AppError(404, 'errors.notFound')
  const bytes = await readFile(join(receiptsDir(dataDir), stored.name)).catch(() => null)
  if (!bytes) throw new AppError(404, 'errors.notFound')
  const ext = stored.name.split('.').pop() ?? 'bin'
  const safeNumber = stored.number.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || String(fallback)
  return { bytes, type: stored.type ?? 'application/octet-stream', filename: `${prefix}-${safeNumber}.${ext}` }
}

/** Headers of a stored file sent back to an admin: shown inline, sandboxed, never cached or sniffed. */
export const receiptHeaders = (filename: string) => ({
  'content-disposition': `inline; filename="${filename}"`,
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private, no-store',
})

/** The fields and the `payment_file` of a multipart form; a file over the limit is marked truncated. */
export async function readPaymentForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: ReceiptUpload }> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.badRequest', { errors: { _: [{ key: 'errors.badRequest' }] } })
  const fields: Record<string, string> = Object.create(null) as Record<string, string>
  let file: ReceiptUpload = null
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'payment_file' || file) {
          await part.toBuffer().catch(() => null)
          fields[part.fieldname] = '[file]'
          continue
        }
        const bytes = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null
          return unreadableBody(error)
        })
        file = { bytes: bytes ?? Buffer.alloc(0), truncated: bytes === null || part.file.truncated }
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value)
      }
    }
  } catch (error) {
    // the file went past the limit: reported on its field like any other refusal
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { fields, file: { bytes: Buffer.alloc(0), truncated: true } }
    unreadableBody(error)
  }
  return { fields, file }
}

/** The write's `Idempotency-Key` header, or a 422 saying `messageKey` on `idempotency_key`. */
export function idempotencyKeyOf(request: FastifyRequest, messageKey: string): string {
  const key = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER.toLowerCase()])
  if (!key.success) throw new AppError(422, messageKey, { errors: { idempotency_key: [{ key: messageKey }] } })
  return key.data
}
