/**
 * What a chart keeps of a failed call: HTTP status (0 when the server was not reached), the
 * server's already translated message ('' when it sent none: the view falls back to
 * `errors.generic`) and its field errors.
 */
export type Failure = { status: number; message: string; errors: Record<string, string[]> }

const isFieldErrors = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))

/** Reads an `ApiError` (or anything shaped like one) without trusting it. */
export function failureOf(error: unknown): Failure {
  const e = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {}
  return {
    status: typeof e.status === 'number' ? e.status : 0,
    message: typeof e.message === 'string' ? e.message : '',
    errors: isFieldErrors(e.errors) ? e.errors : {},
  }
}

/** The browser's storage when there is one (none in Node; some private modes throw). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}
