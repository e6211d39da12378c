import { termsConditions } from './schema'
import type { Seeder } from '../../lib/context'

const TERMS_AR = `<h2>الشروط والأحكام</h2>
<p>باستخدامك للمنصة فإنك توافق على الشروط التالية:</p>
<ol><li>يلتزم التاجر بتقديم معلومات صحيحة عن متجره ومنتجاته.</li><li>تُدفع رسوم الاشتراك مقدمًا حسب الباقة المختارة.</li><li>يحق للمنصة إيقاف أي متجر يخالف الأنظمة.</li></ol>`
const TERMS_EN = `<h2>Terms and conditions</h2>
<p>By using the platform you agree to the following terms:</p>
<ol><li>Vendors provide accurate information about their store and products.</li><li>Subscription fees are paid in advance according to the chosen package.</li><li>The platform may suspend any store that breaks the rules.</li></ol>`

/** Demo terms in both languages; only when there are none yet. */
export const termsSeeder: Seeder = {
  name: 'terms',
  async run({ db, clock, log }) {
    const [any] = await db.select({ id: termsConditions.id }).from(termsConditions).limit(1)
    if (any) return 0
    const now = clock()
    await db.insert(termsConditions).values({ termsAr: TERMS_AR, termsEn: TERMS_EN, createdAt: now, updatedAt: now }).onConflictDoNothing()
    log.info('demo terms and conditions created')
    return 1
  },
}
