import { referralGroupsAccess } from '../../../src/contract/referral-code-groups'
import { defineServerModule } from '../../lib/modules'
import { referralGroupsRoutes } from './routes'
import { referralGroupsSeeder } from './seed'

export default defineServerModule({
  name: 'referral-code-groups',
  description:
    "Referral code groups: what vendors' referral codes earn (percentage, months), exactly one default for sellers, and the vendors placed in each.",
  after: ['vendors'],
  routes: referralGroupsRoutes,
  permissions: referralGroupsAccess.all,
  seed: referralGroupsSeeder,
  demoGrants: [referralGroupsAccess.can.view],
})
