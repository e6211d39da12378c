import { categories } from './schema'
import type { Seeder } from '../../lib/context'
import { categoryIdsByEnglishName } from './service'

type DemoCategory = { en: string; ar: string; parent?: string; descriptionEn?: string; descriptionAr?: string; active?: boolean }

/** A small tree in both languages; parents come before their children. */
const DEMO: DemoCategory[] = [
  { en: 'Electronics', ar: 'إلكترونيات', descriptionEn: 'Devices and accessories', descriptionAr: 'الأجهزة وملحقاتها' },
  { en: 'Phones', ar: 'جوالات', parent: 'Electronics' },
  { en: 'Smartphones', ar: 'هواتف ذكية', parent: 'Phones' },
  { en: 'Phone accessories', ar: 'إكسسوارات الجوال', parent: 'Phones' },
  { en: 'Laptops', ar: 'حواسيب محمولة', parent: 'Electronics' },
  { en: 'Televisions', ar: 'تلفزيونات', parent: 'Electronics', active: false },
  { en: 'Fashion', ar: 'أزياء', descriptionEn: 'Clothing, shoes and bags', descriptionAr: 'ملابس وأحذية وحقائب' },
  { en: "Men's clothing", ar: 'ملابس رجالية', parent: 'Fashion' },
  { en: "Women's clothing", ar: 'ملابس نسائية', parent: 'Fashion' },
  { en: 'Abayas', ar: 'عبايات', parent: "Women's clothing" },
  { en: 'Shoes', ar: 'أحذية', parent: 'Fashion' },
  { en: 'Home and kitchen', ar: 'المنزل والمطبخ' },
  { en: 'Furniture', ar: 'أثاث', parent: 'Home and kitchen' },
  { en: 'Coffee and tea', ar: 'القهوة والشاي', parent: 'Home and kitchen' },
  { en: 'Perfumes and oud', ar: 'عطور وعود', descriptionEn: 'Perfumes, oud and incense', descriptionAr: 'العطور والعود والبخور' },
  { en: 'Tablets', ar: 'أجهزة لوحية', parent: 'Electronics' },
  { en: 'Headphones and audio', ar: 'السماعات والصوتيات', parent: 'Electronics' },
  { en: 'Cameras', ar: 'كاميرات', parent: 'Electronics' },
  { en: 'Smart watches', ar: 'ساعات ذكية', parent: 'Electronics' },
  { en: "Kids' clothing", ar: 'ملابس أطفال', parent: 'Fashion' },
  { en: 'Bags', ar: 'حقائب', parent: 'Fashion' },
  { en: 'Watches', ar: 'ساعات', parent: 'Fashion' },
  { en: 'Cookware', ar: 'أواني الطبخ', parent: 'Home and kitchen' },
  { en: 'Bedding', ar: 'مفروشات السرير', parent: 'Home and kitchen' },
  { en: 'Home decor', ar: 'ديكور المنزل', parent: 'Home and kitchen' },
  { en: 'Lighting', ar: 'إضاءة', parent: 'Home and kitchen' },
  { en: 'Beauty and personal care', ar: 'الجمال والعناية الشخصية' },
  { en: 'Makeup', ar: 'مكياج', parent: 'Beauty and personal care' },
  { en: 'Skin care', ar: 'العناية بالبشرة', parent: 'Beauty and personal care' },
  { en: 'Hair care', ar: 'العناية بالشعر', parent: 'Beauty and personal care' },
  { en: 'Nail care', ar: 'العناية بالأظافر', parent: 'Beauty and personal care' },
  { en: 'Grocery', ar: 'البقالة' },
  { en: 'Coffee', ar: 'القهوة', parent: 'Grocery' },
  { en: 'Tea', ar: 'الشاي', parent: 'Grocery' },
  { en: 'Dates', ar: 'التمور', parent: 'Grocery' },
  { en: 'Spices', ar: 'البهارات', parent: 'Grocery' },
  { en: 'Snacks', ar: 'الوجبات الخفيفة', parent: 'Grocery' },
  { en: 'Beverages', ar: 'المشروبات', parent: 'Grocery' },
  { en: 'Sports', ar: 'الرياضة' },
  { en: 'Fitness equipment', ar: 'معدات اللياقة', parent: 'Sports' },
  { en: 'Sportswear', ar: 'ملابس رياضية', parent: 'Sports' },
  { en: 'Camping', ar: 'التخييم', parent: 'Sports' },
  { en: 'Cycling', ar: 'الدراجات', parent: 'Sports' },
  { en: 'Football', ar: 'كرة القدم', parent: 'Sports' },
  { en: 'Toys', ar: 'الألعاب' },
  { en: 'Educational toys', ar: 'ألعاب تعليمية', parent: 'Toys' },
  { en: 'Board games', ar: 'ألعاب الطاولة', parent: 'Toys' },
  { en: 'Dolls', ar: 'الدمى', parent: 'Toys' },
  { en: 'Video games', ar: 'ألعاب الفيديو', parent: 'Toys' },
  { en: 'Baby products', ar: 'مستلزمات الأطفال' },
  { en: 'Diapers', ar: 'الحفاضات', parent: 'Baby products' },
  { en: 'Baby feeding', ar: 'تغذية الأطفال', parent: 'Baby products' },
  { en: 'Strollers and car seats', ar: 'عربات ومقاعد الأطفال', parent: 'Baby products' },
  { en: 'Baby care', ar: 'العناية بالطفل', parent: 'Baby products' },
  { en: 'Books', ar: 'الكتب' },
  { en: 'Novels', ar: 'الروايات', parent: 'Books' },
  { en: "Children's books", ar: 'كتب الأطفال', parent: 'Books' },
  { en: 'Religious books', ar: 'الكتب الدينية', parent: 'Books' },
  { en: 'Self-development', ar: 'تطوير الذات', parent: 'Books' },
  { en: 'Cookbooks', ar: 'كتب الطبخ', parent: 'Books' },
  { en: 'Automotive', ar: 'السيارات' },
  { en: 'Car accessories', ar: 'إكسسوارات السيارات', parent: 'Automotive' },
  { en: 'Car electronics', ar: 'إلكترونيات السيارات', parent: 'Automotive' },
  { en: 'Oils and fluids', ar: 'الزيوت والسوائل', parent: 'Automotive' },
  { en: 'Tyres', ar: 'الإطارات', parent: 'Automotive' },
  { en: 'Car care', ar: 'العناية بالسيارة', parent: 'Automotive' },
]

/** Demo categories; idempotent (keyed by the English name). */
export const categoriesSeeder: Seeder = {
  name: 'categories',
  async run({ db, clock, log }) {
    const now = clock()
    const known = await categoryIdsByEnglishName(
      db,
      DEMO.map((c) => c.en),
    )
    let created = 0
    for (const [index, c] of DEMO.entries()) {
      if (known.has(c.en)) continue
      const parentId = c.parent ? known.get(c.parent) : undefined
      const [row] = await db
        .insert(categories)
        .values({
          nameAr: c.ar,
          nameEn: c.en,
          descriptionAr: c.descriptionAr ?? null,
          descriptionEn: c.descriptionEn ?? null,
          parentId: parentId ?? null,
          isActive: c.active ?? true,
          sortOrder: index,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: categories.id })
      if (row) {
        known.set(c.en, row.id)
        created += 1
      }
    }
    if (created > 0) log.info({ created }, 'demo categories created')
    return created
  },
}
