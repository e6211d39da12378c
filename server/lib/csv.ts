import { Readable } from 'node:stream'

/** A CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet does not run it. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows per chunk written to the response. */
const CHUNK_ROWS = 50

/**
 * A CSV file streamed as it is read (UTF-8 with a BOM so Excel reads Arabic): the header line, then
 * each batch of rows `batches` yields, written in chunks of a few kilobytes. A string of a whole
 * batch (over 128 kB) would be allocated as a large object that only a full collection frees, so the
 * heap would swell during the export.
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly (readonly string[])[]>): Readable {
  async function* lines() {
    yield '\uFEFF' + header.map(csvCell).join(',') + '\r\n'
    for await (const batch of batches) {
      for (let start = 0; start < batch.length; start += CHUNK_ROWS) {
        yield batch
          .slice(start, start + CHUNK_ROWS)
          .map((row) => row.map(csvCell).join(',') + '\r\n')
          .join('')
      }
    }
  }
  return Readable.from(lines())
}

/** Headers of a CSV download named `name-<day>.csv`. */
export const csvHeaders = (name: string, day: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}-${day}.csv"`,
  'cache-control': 'no-store',
})
