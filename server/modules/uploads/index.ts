import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { SELF_PERMISSION } from '../../../src/contract/access'
import { envelope } from '../../../src/contract/common'
import { STORED_IMAGE_PATTERN, uploadResult, uploadsPaths } from '../../../src/contract/uploads'
import { defineServerModule } from '../../lib/modules'
import { AppError, unreadableBody } from '../../lib/errors'
import { errorResponses, ok } from '../../lib/http'
import { storeImage } from './service'

const TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const

const uploadRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    `/${uploadsPaths.images}`,
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (png, jpg, jpeg, webp; at most 5 MB), checked by its content',
        consumes: ['multipart/form-data'],
        response: { 201: envelope(uploadResult), ...errorResponses(400, 401, 413, 415, 422) },
      },
      // any signed-in admin may upload; the record that uses the image is what its permission guards
      config: { permission: SELF_PERMISSION },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'errors.badRequest')
      const file = await request.file().catch(unreadableBody)
      if (!file) throw new AppError(422, 'validation.imageType', { errors: { file: [{ key: 'validation.required' }] } })
      const bytes = await file.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null
        return unreadableBody(error)
      })
      const result = await storeImage(app.deps.config.dataDir, bytes ?? Buffer.alloc(0), bytes === null || file.file.truncated)
      return reply.code(201).send(ok(request, 'messages.uploaded', result))
    },
  )

  // Stored images, served from DATA_DIR/uploads (random names: nothing to list or guess).
  app.get(
    '/uploads/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A stored image (png, jpg or webp), served immutable and sandboxed; 404 for any other name',
        params: z.object({ name: z.string().max(200) }),
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        response: { 200: z.any().describe('the image'), ...errorResponses(404) },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string }
      const match = STORED_IMAGE_PATTERN.exec(name)
      if (!match) throw new AppError(404, 'errors.notFound')
      const path = join(app.deps.config.dataDir, 'uploads', name)
      const info = await stat(path).catch(() => null)
      if (!info?.isFile()) throw new AppError(404, 'errors.notFound')
      return reply
        .type(TYPES[match[1] as keyof typeof TYPES])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(createReadStream(path))
    },
  )
}

export default defineServerModule({
  name: 'uploads',
  description: 'Images: `POST admin-panal/uploads/images` (checked by content) and the stored files under `/api/uploads/`.',
  routes: uploadRoutes,
})
