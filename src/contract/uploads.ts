import * as z from 'zod/mini'

/** Image uploads: png, jpg/jpeg, webp (spec section 5), checked by content on the server. */
export const uploadsPaths = { images: 'admin-panal/uploads/images' } as const
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
/** Where stored uploads are served from. */
export const UPLOADS_URL_PREFIX = '/api/uploads/'

/** A stored image's name as the upload endpoint gives it (random UUID and the sniffed extension). */
export const STORED_IMAGE_PATTERN = /^[0-9a-f-]{36}\.(png|jpg|webp)$/
/** The `image` of a record: a stored upload's name, nothing else (no URLs, no paths). */
export const storedImageSchema = z.string().check(z.trim(), z.regex(STORED_IMAGE_PATTERN, 'validation.imageType'))

export const uploadResult = z.object({ path: z.string(), url: z.string(), size: z.int(), type: z.string() })
export type UploadResult = z.infer<typeof uploadResult>

/** Public URL of a stored image name. */
export const imageUrlOf = (path: string | null | undefined) => (path ? `${UPLOADS_URL_PREFIX}${path}` : null)
