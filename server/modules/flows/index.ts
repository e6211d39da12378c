import { flowsAccess } from '../../../src/contract/flows'
import { defineServerModule } from '../../lib/modules'

export default defineServerModule({
  name: 'flows',
  description: "The Flows screen of the web app (the product's charts for QA): no endpoint, only the permission that opens it.",
  permissions: flowsAccess.all,
})
