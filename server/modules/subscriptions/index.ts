import { packagesResource } from '../../../src/contract/packages'
import { defineServerModule } from '../../lib/modules'
import { refuseDeletingSubscribedPackage } from './service'

export default defineServerModule({
  name: 'subscriptions',
  description: "Vendors' subscriptions to packages.",
  deletionGuards: { [packagesResource.name]: refuseDeletingSubscribedPackage },
})
