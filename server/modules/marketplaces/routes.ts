import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import {
  marketplacesAccess,
  marketplaceTaxonomyPath,
  TAXONOMY_FILE_MAX_BYTES,
  taxonomyReportSchema,
} from '../../../src/contract/marketplaces'
import { AppError, unreadableBody } from '../../lib/errors'
import { errorResponses, ok } from '../../lib/http'
import { registerResource } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import { marketplacesDefinition } from './service'
import { importTaxonomy, readTaxonomy, type TaxonomyUpload } from './taxonomy'

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

/** Marketplaces routes (under `/api`): the generic resource over the marketplaces table, and a marketplace's taxonomy import. */
export const marketplacesRoutes: FastifyPluginAsync = async (app) => {
  registerResource(app, marketplacesDefinition)

  app.post(
    `/${marketplaceTaxonomyPath(':id')}`,
    {
      schema: {
        tags: ['marketplaces'],
        security: [{ bearer: [] }],
        summary:
          "Import a marketplace's taxonomy (multipart `file`, JSON or CSV): its categories, their properties and values; a re-import updates by the marketplace's ids and removes what the file no longer has",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: envelope(taxonomyReportSchema as unknown as z.ZodType), ...errorResponses(400, 401, 403, 404, 415, 422) },
      },
      config: { permission: marketplacesAccess.can.update },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(415, 'errors.badRequest')
      const part = await request.file({ limits: { fileSize: TAXONOMY_FILE_MAX_BYTES, files: 1 } }).catch(unreadableBody)
      let upload: TaxonomyUpload = null
      if (part && part.fieldname === 'file') {
        const bytes = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null
          return unreadableBody(error)
        })
        upload = { bytes: bytes ?? Buffer.alloc(0), truncated: bytes === null || part.file.truncated, filename: part.filename }
      }
      const file = readTaxonomy(upload)
      const { id } = request.params as z.infer<typeof idParams>
      const report = await importTaxonomy({ deps: app.deps, admin: adminOf(request), lang: request.lang }, id, file)
      return ok(request, 'marketplaces.messages.taxonomyImported', report)
    },
  )
}
