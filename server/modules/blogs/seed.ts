import { blogs } from './schema'
import type { Seeder } from '../../lib/context'
import { seedArticles, type DemoArticle } from '../../lib/articles'

const DEMO: DemoArticle[] = [
  {
    titleAr: 'كيف تبدأ متجرك الإلكتروني',
    titleEn: 'How to start your online store',
    shortAr: 'خطوات بسيطة لإطلاق متجرك على المنصة.',
    shortEn: 'Simple steps to launch your store on the platform.',
    bodyAr:
      '<h2>ابدأ اليوم</h2><p>سجّل متجرك، اختر الباقة المناسبة، ثم أضف منتجاتك.</p><ul><li>التسجيل</li><li>اختيار الباقة</li><li>إضافة المنتجات</li></ul>',
    bodyEn:
      '<h2>Start today</h2><p>Register your store, choose a package, then add your products.</p><ul><li>Register</li><li>Choose a package</li><li>Add products</li></ul>',
    slugAr: 'كيف-تبدأ-متجرك',
    slugEn: 'how-to-start-your-store',
  },
  {
    titleAr: 'نصائح لتصوير المنتجات',
    titleEn: 'Product photography tips',
    shortAr: 'صور واضحة تزيد مبيعاتك.',
    shortEn: 'Clear photos sell more.',
    bodyAr: '<p>استخدم إضاءة طبيعية وخلفية بسيطة، وصوّر المنتج من عدة زوايا.</p>',
    bodyEn: '<p>Use natural light and a plain background, and shoot the product from several angles.</p>',
    slugAr: 'نصائح-تصوير-المنتجات',
    slugEn: 'product-photography-tips',
  },
  {
    titleAr: 'موسم رمضان: جهّز متجرك',
    titleEn: 'Ramadan season: get your store ready',
    shortAr: 'استعد لأعلى مواسم البيع.',
    shortEn: 'Prepare for the busiest selling season.',
    bodyAr: '<p>خطط للعروض مبكرًا وتأكد من توفر المخزون وشركات الشحن.</p>',
    bodyEn: '<p>Plan offers early and make sure stock and shipping companies are ready.</p>',
    slugAr: 'موسم-رمضان',
    slugEn: 'ramadan-season',
    language: 'both',
  },
  {
    titleAr: 'تحديثات المنصة 2026',
    titleEn: 'Platform updates 2026',
    shortAr: 'ما الجديد في لوحة التاجر.',
    shortEn: "What's new in the vendor dashboard.",
    bodyAr: '<p>أضفنا تقارير جديدة ودعمًا أفضل للشحن.</p>',
    bodyEn: '<p>We added new reports and better shipping support.</p>',
    slugAr: 'تحديثات-المنصة-2026',
    slugEn: 'platform-updates-2026',
    language: 'en',
    active: false,
  },
]

/** Demo blog posts in ar and en; idempotent (keyed by the English slug). */
export const blogsSeeder: Seeder = {
  name: 'blogs',
  async run({ db, clock, log }) {
    const created = await seedArticles(db, blogs, DEMO, clock())
    if (created > 0) log.info({ created }, 'demo blogs created')
    return created
  },
}
