/**
 * The ZATCA phase-1 QR of a simplified tax invoice (DOMAIN.md "Money and tax"): Base64 of TLV
 * records, each a tag byte, a length byte and the value in UTF-8: 1 seller name, 2 seller VAT
 * number, 3 the invoice's time (ISO 8601), 4 the total with VAT, 5 the VAT (both with 2 decimals).
 */

export type ZatcaFields = {
  sellerName: string
  vatNumber: string
  /** ISO 8601 (`2026-11-24T10:00:00Z`). */
  timestamp: string
  /** With 2 decimals ("1150.00"). */
  total: string
  vat: string
}

const TAGS = ['sellerName', 'vatNumber', 'timestamp', 'total', 'vat'] as const

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function zatcaTlv(fields: ZatcaFields): string {
  const encoder = new TextEncoder()
  const parts: number[] = []
  TAGS.forEach((name, index) => {
    const value = encoder.encode(fields[name])
    if (value.length > 255) throw new RangeError(`${name} is longer than a TLV record holds (255 bytes)`)
    parts.push(index + 1, value.length, ...value)
  })
  return toBase64(Uint8Array.from(parts))
}

/** Reads the TLV back (what a phone's scanner does): the five fields, or null when it is not one. */
export function readZatcaTlv(base64: string): ZatcaFields | null {
  let binary: string
  try {
    binary = atob(base64)
  } catch {
    return null
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  const decoder = new TextDecoder()
  const values = new Map<number, string>()
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at]
    const length = bytes[at + 1]
    if (tag === undefined || length === undefined || at + 2 + length > bytes.length) return null
    values.set(tag, decoder.decode(bytes.subarray(at + 2, at + 2 + length)))
    at += 2 + length
  }
  const read = TAGS.map((_, index) => values.get(index + 1))
  if (read.some((v) => v === undefined)) return null
  const [sellerName, vatNumber, timestamp, total, vat] = read as string[]
  return { sellerName: sellerName!, vatNumber: vatNumber!, timestamp: timestamp!, total: total!, vat: vat! }
}
