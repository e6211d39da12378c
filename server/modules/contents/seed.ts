import { contents } from './schema'
import type { Seeder } from '../../lib/context'
import { seedArticles, type DemoArticle } from '../../lib/articles'

const DEMO: DemoArticle[] = [
  {
    titleAr: 'من نحن',
    titleEn: 'About us',
    shortAr: 'منصة تجمع التجار والعملاء.',
    shortEn: 'A platform bringing vendors and customers together.',
    bodyAr: '<p>نحن منصة متعددة التجار تساعد المتاجر على البيع عبر الإنترنت بسهولة.</p>',
    bodyEn: '<p>We are a multi-vendor platform helping stores sell online with ease.</p>',
    slugAr: 'من-نحن',
    slugEn: 'about-us',
  },
  {
    titleAr: 'سياسة الخصوصية',
    titleEn: 'Privacy policy',
    shortAr: 'كيف نحمي بياناتك.',
    shortEn: 'How we protect your data.',
    bodyAr: '<h2>الخصوصية</h2><p>لا نشارك بياناتك الشخصية مع أي طرف ثالث دون موافقتك.</p>',
    bodyEn: '<h2>Privacy</h2><p>We never share your personal data with third parties without your consent.</p>',
    slugAr: 'الخصوصية',
    slugEn: 'privacy',
  },
  {
    titleAr: 'سياسة الاسترجاع',
    titleEn: 'Return policy',
    shortAr: 'شروط الاسترجاع والاستبدال.',
    shortEn: 'Terms for returns and exchanges.',
    bodyAr: '<p>يمكن استرجاع المنتجات خلال 14 يومًا من الاستلام.</p>',
    bodyEn: '<p>Products can be returned within 14 days of delivery.</p>',
    slugAr: 'سياسة-الاسترجاع',
    slugEn: 'return-policy',
  },
  {
    titleAr: 'الأسئلة الشائعة',
    titleEn: 'FAQ',
    shortAr: 'إجابات لأكثر الأسئلة تكرارًا.',
    shortEn: 'Answers to the most frequent questions.',
    bodyAr: '<p><strong>كيف أسجل متجري؟</strong> من صفحة التسجيل في الموقع.</p>',
    bodyEn: '<p><strong>How do I register my store?</strong> From the registration page of the site.</p>',
    slugAr: 'الأسئلة-الشائعة',
    slugEn: 'faq',
  },
]

/** Demo content pages (About / من نحن, Privacy / الخصوصية, ...); idempotent (keyed by the English slug). */
export const contentsSeeder: Seeder = {
  name: 'contents',
  async run({ db, clock, log }) {
    const created = await seedArticles(db, contents, DEMO, clock())
    if (created > 0) log.info({ created }, 'demo contents created')
    return created
  },
}
