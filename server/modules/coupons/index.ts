import { couponsAccess } from '../../../src/contract/coupons'
import { packagesResource } from '../../../src/contract/packages'
import { defineServerModule } from '../../lib/modules'
import { couponsRoutes } from './routes'
import { couponsSeeder } from './seed'
import { refuseDeletingCouponPackage } from './service'

export default defineServerModule({
  name: 'coupons',
  description: 'Coupons: list (status derived and filterable), create, edit, toggle, delete; the public `POST coupons/check`.',
  after: ['subscription-packages'],
  routes: couponsRoutes,
  permissions: couponsAccess.all,
  seed: couponsSeeder,
  deletionGuards: { [packagesResource.name]: refuseDeletingCouponPackage },
})
