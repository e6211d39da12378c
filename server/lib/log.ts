/** Query parameters whose values never reach the logs (reset links carry `?token=`). */
const SECRET_PARAM = /token|password|secret|key|code|signature/i

/** The URL with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const params = new URLSearchParams(url.slice(q + 1))
  let changed = false
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAM.test(key)) {
      params.set(key, '[redacted]')
      changed = true
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url
}

/**
 * An error as it may be logged: a database error's message lists the query's parameters (hashes,
 * emails), so that part is cut off.
 */
export function sanitizeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  const clean = (text: string): string => text.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]')
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: error.name,
    message: clean(error.message),
    stack: error.stack?.replace(error.message, clean(error.message)) ?? '',
  }
  const code = (error as { code?: unknown }).code
  if (code !== undefined) out.code = code
  const cause = (error as { cause?: unknown }).cause
  if (cause instanceof Error) out.cause = { type: cause.name, message: clean(cause.message), code: (cause as { code?: unknown }).code }
  return out
}
