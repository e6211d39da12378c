import * as z from 'zod/mini'

/** Languages of the product; `ar` is the default and right-to-left. */
export const locales = ['ar', 'en'] as const
export const localeSchema = z.enum(locales)
export type Locale = z.infer<typeof localeSchema>
export const defaultLocale: Locale = 'ar'
export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr')

/** Request headers every call carries (DESIGN "API conventions"). */
export const LANG_HEADER = 'Lang'
export const TOKEN_STORAGE_KEY = 'id-token'
export const LANGUAGE_STORAGE_KEY = 'lang'

/** Successful envelope: `{ status: true, message, result }`. */
export const envelope = <T extends z.ZodMiniType>(result: T) => z.object({ status: z.literal(true), message: z.string(), result })

export type Envelope<T> = { status: true; message: string; result: T }

/** Error envelope: `{ status: false, message, errors: { field: [msg] } }`. */
/** Why a session was ended by someone else: its password was changed, or its admin deactivated. */
export const sessionEndReasons = ['password_changed', 'deactivated'] as const
export type SessionEndReason = (typeof sessionEndReasons)[number]

export const errorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  /** On a 401 of a session ended by someone else: why (the sign-in screen says it). */
  reason: z.optional(z.enum(sessionEndReasons)),
})
export type ErrorEnvelope = z.infer<typeof errorEnvelope>

/** A message of the catalogue: key into `errors.*` / `messages.*` of the locale files, plus values. */
export type MessageRef = { key: string; values?: Record<string, string | number> }
