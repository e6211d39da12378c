import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { envelope } from '../../../src/contract/common'
import { pageSchema } from '../../../src/contract/resource'
import {
  groupVendorSchema,
  groupVendorsBody,
  groupVendorsQuery,
  referralGroupsAccess,
  referralGroupsPaths,
  type GroupVendorsBody,
} from '../../../src/contract/referral-code-groups'
import { errorResponses, ok } from '../../lib/http'
import { registerResource } from '../../lib/resource'
import { adminOf } from '../../plugins/access'
import { addGroupVendors, listGroupVendors, referralGroupsDefinition, removeGroupVendor } from './service'

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
const vendorParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  vendorId: z.coerce.number().int().min(1).max(2_147_483_647),
})

/**
 * Referral code groups routes (under `/api`): the generic resource at `admin-panal/referral-code-groups`
 * and the vendors placed in a group (list, move in, take out).
 */
export const referralGroupsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps
  registerResource(app, referralGroupsDefinition(deps.clock))
  const tags = ['referral-code-groups']
  const security = [{ bearer: [] }]

  app.get(
    `/${referralGroupsPaths.vendors(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: 'The vendors whose referral codes follow the group, newest first',
        params: idParams,
        querystring: groupVendorsQuery,
        response: { 200: envelope(z.object({ vendors: pageSchema(groupVendorSchema) })), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: referralGroupsAccess.can.view },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>
      const q = request.query as z.infer<typeof groupVendorsQuery>
      return ok(request, 'messages.ok', { vendors: await listGroupVendors(deps, id, q.page ?? 1, q.pageSize ?? 15) })
    },
  )

  app.put(
    `/${referralGroupsPaths.vendors(':id')}`,
    {
      schema: {
        tags,
        security,
        summary: 'Move vendors into the group (by id or referral code; out of the group they were in), audited',
        params: idParams,
        body: groupVendorsBody,
        response: { 200: envelope(z.object({ moved: z.int() })), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: referralGroupsAccess.can.update },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>
      const moved = await addGroupVendors({ deps, admin: adminOf(request) }, id, request.body as GroupVendorsBody)
      return ok(request, 'referral-code-groups.messages.vendorsAdded', { moved })
    },
  )

  app.delete(
    `/${referralGroupsPaths.vendor(':id', ':vendorId')}`,
    {
      schema: {
        tags,
        security,
        summary: 'Take a vendor out of the group: its code follows the default group again',
        params: vendorParams,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: referralGroupsAccess.can.update },
    },
    async (request) => {
      const { id, vendorId } = request.params as z.infer<typeof vendorParams>
      await removeGroupVendor({ deps, admin: adminOf(request) }, id, vendorId)
      return ok(request, 'referral-code-groups.messages.vendorRemoved', null)
    },
  )
}
