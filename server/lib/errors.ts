import type { MessageRef, SessionEndReason } from '../../src/contract/common'

/** Field errors before translation: `{ field: [MessageRef] }` (`_` for the request as a whole). */
export type FieldErrors = Record<string, MessageRef[]>

/**
 * An expected failure with its HTTP status and a catalogue key. The error handler translates it per
 * the `Lang` header into `{ status: false, message, errors }`. Services throw it; routes never catch it.
 */
export class AppError extends Error {
  readonly statusCode: number
  readonly key: string
  readonly values: Record<string, string | number> | undefined
  readonly fieldErrors: FieldErrors
  /** A 401's reason code (`reason` of the envelope). */
  readonly reason: SessionEndReason | undefined

  constructor(
    statusCode: number,
    key: string,
    options: { values?: Record<string, string | number>; errors?: FieldErrors; reason?: SessionEndReason } = {},
  ) {
    super(key)
    this.name = 'AppError'
    this.statusCode = statusCode
    this.key = key
    this.values = options.values
    this.fieldErrors = options.errors ?? {}
    this.reason = options.reason
  }
}

/** Shorthand for a field error whose message is the same catalogue key as the top-level message. */
export const fieldError = (statusCode: number, field: string, key: string, values?: Record<string, string | number>) =>
  new AppError(statusCode, key, { values, errors: { [field]: [values ? { key, values } : { key }] } })

export const isAppError = (error: unknown): error is AppError => error instanceof AppError

/** PostgreSQL unique violation (23505), whether thrown by PGlite or postgres-js, wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * A multipart body that breaks off or is malformed (a truncated upload: "Part terminated early",
 * "Unexpected end of form") is the client's fault: 400. Errors that already carry a 4xx keep it.
 */
export function unreadableBody(error: unknown): never {
  const status = (error as { statusCode?: unknown }).statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) throw error
  throw new AppError(400, 'errors.badRequest', { errors: { _: [{ key: 'errors.badRequest' }] } })
}
