import type { TaxonomyFile } from '../../src/contract/marketplaces'

const WORDS: [string, string][] = [
  ['Phones', 'هواتف'],
  ['Laptops', 'حواسيب محمولة'],
  ['Headphones', 'سماعات'],
  ['Cameras', 'كاميرات'],
  ['Shoes', 'أحذية'],
  ['Bags', 'حقائب'],
  ['Watches', 'ساعات'],
  ['Furniture', 'أثاث'],
  ['Cookware', 'أواني الطبخ'],
  ['Bedding', 'مفروشات'],
  ['Lighting', 'إضاءة'],
  ['Perfumes', 'عطور'],
  ['Makeup', 'مكياج'],
  ['Skin care', 'العناية بالبشرة'],
  ['Coffee', 'القهوة'],
  ['Tea', 'الشاي'],
  ['Dates', 'التمور'],
  ['Snacks', 'الوجبات الخفيفة'],
  ['Sportswear', 'ملابس رياضية'],
  ['Camping', 'التخييم'],
  ['Board games', 'ألعاب الطاولة'],
  ['Dolls', 'الدمى'],
  ['Diapers', 'الحفاضات'],
  ['Strollers', 'عربات الأطفال'],
  ['Novels', 'روايات'],
  ['Cookbooks', 'كتب الطبخ'],
  ['Tyres', 'الإطارات'],
  ['Car care', 'العناية بالسيارة'],
  ['Tablets', 'أجهزة لوحية'],
  ['Televisions', 'تلفزيونات'],
]

/** About `count` categories: ten departments, then three levels of children, breadth first. */
export function taxonomy(count: number): TaxonomyFile {
  const categories: TaxonomyFile['categories'] = []
  const queue: { id: string; depth: number }[] = []
  for (let d = 0; d < 10 && categories.length < count; d++) {
    const [en, ar] = WORDS[d * 3]!
    categories.push({ id: `D${d}`, parent_id: null, name_ar: `قسم ${ar}`, name_en: `${en} department` })
    queue.push({ id: `D${d}`, depth: 0 })
  }
  const fanout = Math.ceil(Math.cbrt(count / 10))
  while (queue.length > 0 && categories.length < count) {
    const parent = queue.shift()!
    for (let i = 0; i < fanout && categories.length < count; i++) {
      const id = `${parent.id}.${i}`
      const [en, ar] = WORDS[(categories.length * 7) % WORDS.length]!
      categories.push({ id, parent_id: parent.id, name_ar: `${ar} ${id}`, name_en: `${en} ${id}` })
      if (parent.depth < 2) queue.push({ id, depth: parent.depth + 1 })
    }
  }
  const leaves = new Set(categories.map((c) => c.id))
  for (const c of categories) if (c.parent_id) leaves.delete(c.parent_id)
  const properties: NonNullable<TaxonomyFile['properties']> = []
  for (const c of categories) {
    if (!leaves.has(c.id)) continue
    properties.push({
      id: 'color',
      category_id: c.id,
      name_ar: 'اللون',
      name_en: 'Colour',
      type: 'SELECT',
      required: true,
      values: [
        { id: 'black', value_ar: 'أسود', value_en: 'Black' },
        { id: 'white', value_ar: 'أبيض', value_en: 'White' },
      ],
    })
  }
  return { categories, properties }
}
