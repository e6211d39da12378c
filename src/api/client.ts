import { FetchError, ofetch, type FetchOptions } from 'ofetch'
import {
  LANG_HEADER,
  LANGUAGE_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
  defaultLocale,
  sessionEndReasons,
  type Envelope,
  type Locale,
  type SessionEndReason,
} from '../contract/common'

/** An API failure as the SPA sees it: status, the server's translated message and field errors. */
export class ApiError extends Error {
  readonly status: number
  readonly errors: Record<string, string[]>
  /** On a 401: why the session was ended by someone else, when the server says. */
  readonly reason: SessionEndReason | undefined
  constructor(status: number, message: string, errors: Record<string, string[]> = {}, reason?: SessionEndReason) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
    this.reason = reason
  }
}

type ClientConfig = {
  baseURL: string
  getToken: () => string | null
  getLang: () => Locale
  /** Called when an authenticated call answers 401: the session is no longer valid. */
  onUnauthorized: (reason?: SessionEndReason) => void
}

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage)

const config: ClientConfig = {
  baseURL: (import.meta.env?.VITE_API_BASE as string | undefined) ?? '/api',
  getToken: () => storage()?.getItem(TOKEN_STORAGE_KEY) ?? null,
  getLang: () => (storage()?.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : defaultLocale),
  onUnauthorized: () => {},
}

/** The app wires the session and language in once at start-up. */
export function configureClient(patch: Partial<ClientConfig>) {
  Object.assign(config, patch)
}

/** Base and headers of the contract, for the one call that cannot go through ofetch (upload progress). */
export function requestTarget(path: string): { url: string; headers: Record<string, string> } {
  const token = config.getToken()
  const headers: Record<string, string> = { Accept: 'application/json', [LANG_HEADER]: config.getLang() }
  if (token) headers.Authorization = `Bearer ${token}`
  return { url: `${config.baseURL.replace(/\/$/, '')}/${path}`, headers }
}

/** Reports a 401 of an authenticated call (the session is purged). */
export function reportStatus(status: number, hadToken: boolean) {
  if (status === 401 && hadToken) config.onUnauthorized()
}

const http = ofetch.create({ retry: 0, timeout: 30_000 })

function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError) {
    const data = error.data as { message?: unknown; errors?: unknown; reason?: unknown } | undefined
    const status = error.status ?? 0
    const message = typeof data?.message === 'string' ? data.message : ''
    const errors = data?.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string[]>) : {}
    const reason = sessionEndReasons.find((r) => r === data?.reason)
    return new ApiError(status, message, errors, reason)
  }
  return new ApiError(0, '')
}

type CallOptions = Pick<FetchOptions<'json'>, 'method' | 'body' | 'query' | 'signal'>

/** One call to the API: adds the headers of the contract and unwraps the envelope's `result`. */
export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const token = config.getToken()
  const headers: Record<string, string> = { Accept: 'application/json', [LANG_HEADER]: config.getLang() }
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    const body = await http<Envelope<T>>(path, { ...options, baseURL: config.baseURL, headers })
    return body.result
  } catch (error) {
    const apiError = toApiError(error)
    if (apiError.status === 401 && token) config.onUnauthorized(apiError.reason)
    throw apiError
  }
}

/** Like `call`, but returns the envelope's message too (for success dialogs). */
export async function callWithMessage<T>(path: string, options: CallOptions = {}): Promise<{ message: string; result: T }> {
  const token = config.getToken()
  const headers: Record<string, string> = { Accept: 'application/json', [LANG_HEADER]: config.getLang() }
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    const body = await http<Envelope<T>>(path, { ...options, baseURL: config.baseURL, headers })
    return { message: body.message, result: body.result }
  } catch (error) {
    const apiError = toApiError(error)
    if (apiError.status === 401 && token) config.onUnauthorized(apiError.reason)
    throw apiError
  }
}
