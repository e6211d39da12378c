import { defineAccess } from './access'
import { defineScreens } from './screens'

// The reports module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
const reportsModule = 'reports'
export const reportsAccess = defineAccess(reportsModule, ['view'])
export const reportsScreens = defineScreens('reports', { partners: 'partners', coupons: 'coupons' })
export const reportsPaths = {
  partners: 'admin-panal/reports/partners',
  partnersExport: 'admin-panal/reports/partners/export',
  coupons: 'admin-panal/reports/coupons',
  couponsExport: 'admin-panal/reports/coupons/export',
} as const
