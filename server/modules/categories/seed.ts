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
