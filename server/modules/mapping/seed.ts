import { sql } from 'drizzle-orm'
import type { TaxonomyFile } from '../../../src/contract/marketplaces'
import type { Db } from '../../db'
import type { Seeder } from '../../lib/context'
import { applyTaxonomy, refreshMappingProgress } from '../marketplaces/taxonomy'

/**
 * Demo taxonomies of the three demo marketplaces, in Arabic and English, generated deterministically
 * from word lists (departments › categories › sub-categories › leaves) and imported through the
 * import's own code path: Amazon Saudi Arabia about 5,500 categories, Noon about 300, Salla about
 * 80, with properties (some required) and values. Then a share of Noon's and Amazon's categories,
 * and some of their colour properties and values, are mapped, so progress shows part done.
 * Idempotent: a marketplace that has categories already is left alone.
 */

type Pair = readonly [en: string, ar: string]
type Department = { name: Pair; categories: Pair[]; facets: Pair[]; colour: boolean; second: SecondProperty }
type SecondProperty = { name: Pair; type: 'SELECT' | 'TEXT'; values: Pair[]; required: boolean }

const COLOURS: Pair[] = [
  ['Black', 'أسود'],
  ['White', 'أبيض'],
  ['Red', 'أحمر'],
  ['Blue', 'أزرق'],
  ['Grey', 'رمادي'],
  ['Green', 'أخضر'],
]
const SIZES: Pair[] = [
  ['Small', 'صغير'],
  ['Medium', 'متوسط'],
  ['Large', 'كبير'],
  ['X-Large', 'كبير جدًا'],
]

const DEPARTMENTS: Department[] = [
  {
    name: ['Electronics', 'إلكترونيات'],
    categories: [
      ['Mobile phones', 'هواتف محمولة'],
      ['Laptops', 'حواسيب محمولة'],
      ['Tablets', 'أجهزة لوحية'],
      ['Headphones', 'سماعات'],
      ['Cameras', 'كاميرات'],
      ['Televisions', 'تلفزيونات'],
    ],
    facets: [
      ['Premium', 'فاخرة'],
      ['Budget', 'اقتصادية'],
      ['Wireless', 'لاسلكية'],
      ['Smart', 'ذكية'],
      ['Portable', 'محمولة'],
      ['Refurbished', 'مجددة'],
    ],
    colour: true,
    second: {
      name: ['Storage', 'سعة التخزين'],
      type: 'SELECT',
      required: true,
      values: [
        ['64 GB', '64 غيغابايت'],
        ['128 GB', '128 غيغابايت'],
        ['256 GB', '256 غيغابايت'],
        ['512 GB', '512 غيغابايت'],
      ],
    },
  },
  {
    name: ['Fashion', 'أزياء'],
    categories: [
      ["Men's clothing", 'ملابس رجالية'],
      ["Women's clothing", 'ملابس نسائية'],
      ["Kids' clothing", 'ملابس أطفال'],
      ['Shoes', 'أحذية'],
      ['Bags', 'حقائب'],
      ['Watches', 'ساعات'],
    ],
    facets: [
      ['Casual', 'كاجوال'],
      ['Formal', 'رسمية'],
      ['Sport', 'رياضية'],
      ['Traditional', 'تقليدية'],
      ['Summer', 'صيفية'],
      ['Winter', 'شتوية'],
    ],
    colour: true,
    second: { name: ['Size', 'المقاس'], type: 'SELECT', required: true, values: SIZES },
  },
  {
    name: ['Home and kitchen', 'المنزل والمطبخ'],
    categories: [
      ['Furniture', 'أثاث'],
      ['Cookware', 'أواني الطبخ'],
      ['Bedding', 'مفروشات السرير'],
      ['Home decor', 'ديكور المنزل'],
      ['Lighting', 'إضاءة'],
      ['Storage and organisation', 'التخزين والتنظيم'],
    ],
    facets: [
      ['Modern', 'عصرية'],
      ['Classic', 'كلاسيكية'],
      ['Outdoor', 'خارجية'],
      ['Kids', 'للأطفال'],
      ['Compact', 'صغيرة الحجم'],
      ['Luxury', 'فاخرة'],
    ],
    colour: true,
    second: {
      name: ['Material', 'الخامة'],
      type: 'SELECT',
      required: false,
      values: [
        ['Wood', 'خشب'],
        ['Metal', 'معدن'],
        ['Glass', 'زجاج'],
        ['Cotton', 'قطن'],
      ],
    },
  },
  {
    name: ['Beauty', 'الجمال'],
    categories: [
      ['Perfumes', 'عطور'],
      ['Makeup', 'مكياج'],
      ['Skin care', 'العناية بالبشرة'],
      ['Hair care', 'العناية بالشعر'],
      ['Oud and incense', 'العود والبخور'],
      ['Nail care', 'العناية بالأظافر'],
    ],
    facets: [
      ['For women', 'للنساء'],
      ['For men', 'للرجال'],
      ['Natural', 'طبيعية'],
      ['Gift sets', 'أطقم هدايا'],
      ['Travel size', 'حجم السفر'],
      ['Professional', 'احترافية'],
    ],
    colour: false,
    second: {
      name: ['Volume', 'الحجم'],
      type: 'SELECT',
      required: true,
      values: [
        ['30 ml', '30 مل'],
        ['50 ml', '50 مل'],
        ['100 ml', '100 مل'],
      ],
    },
  },
  {
    name: ['Grocery', 'البقالة'],
    categories: [
      ['Coffee', 'القهوة'],
      ['Tea', 'الشاي'],
      ['Dates', 'التمور'],
      ['Spices', 'البهارات'],
      ['Snacks', 'الوجبات الخفيفة'],
      ['Beverages', 'المشروبات'],
    ],
    facets: [
      ['Organic', 'عضوية'],
      ['Local', 'محلية'],
      ['Imported', 'مستوردة'],
      ['Family size', 'حجم عائلي'],
      ['Sugar-free', 'خالية من السكر'],
      ['Gift boxes', 'علب هدايا'],
    ],
    colour: false,
    second: {
      name: ['Weight', 'الوزن'],
      type: 'SELECT',
      required: true,
      values: [
        ['250 g', '250 غرام'],
        ['500 g', '500 غرام'],
        ['1 kg', '1 كيلوغرام'],
      ],
    },
  },
  {
    name: ['Sports and outdoors', 'الرياضة والهواء الطلق'],
    categories: [
      ['Fitness equipment', 'معدات اللياقة'],
      ['Sportswear', 'ملابس رياضية'],
      ['Camping', 'التخييم'],
      ['Cycling', 'الدراجات'],
      ['Football', 'كرة القدم'],
      ['Swimming', 'السباحة'],
    ],
    facets: [
      ['Beginners', 'للمبتدئين'],
      ['Professional', 'للمحترفين'],
      ['Women', 'نسائية'],
      ['Men', 'رجالية'],
      ['Kids', 'للأطفال'],
      ['Accessories', 'إكسسوارات'],
    ],
    colour: true,
    second: { name: ['Size', 'المقاس'], type: 'SELECT', required: false, values: SIZES },
  },
  {
    name: ['Toys and games', 'الألعاب'],
    categories: [
      ['Educational toys', 'ألعاب تعليمية'],
      ['Board games', 'ألعاب الطاولة'],
      ['Dolls', 'الدمى'],
      ['Building sets', 'ألعاب التركيب'],
      ['Outdoor toys', 'ألعاب خارجية'],
      ['Video games', 'ألعاب الفيديو'],
    ],
    facets: [
      ['Ages 0-2', 'من 0 إلى 2 سنة'],
      ['Ages 3-5', 'من 3 إلى 5 سنوات'],
      ['Ages 6-8', 'من 6 إلى 8 سنوات'],
      ['Ages 9-12', 'من 9 إلى 12 سنة'],
      ['Teens', 'للمراهقين'],
      ['Family', 'للعائلة'],
    ],
    colour: true,
    second: {
      name: ['Age range', 'الفئة العمرية'],
      type: 'SELECT',
      required: false,
      values: [
        ['0-2 years', '0-2 سنة'],
        ['3-5 years', '3-5 سنوات'],
        ['6+ years', '6 سنوات فأكثر'],
      ],
    },
  },
  {
    name: ['Baby', 'مستلزمات الأطفال الرضع'],
    categories: [
      ['Diapers', 'الحفاضات'],
      ['Feeding', 'التغذية'],
      ['Strollers', 'عربات الأطفال'],
      ['Car seats', 'مقاعد السيارة'],
      ['Baby care', 'العناية بالطفل'],
      ['Nursery', 'غرفة الطفل'],
    ],
    facets: [
      ['Newborn', 'حديثو الولادة'],
      ['0-6 months', 'من 0 إلى 6 أشهر'],
      ['6-12 months', 'من 6 إلى 12 شهرًا'],
      ['Toddlers', 'الأطفال الصغار'],
      ['Organic', 'عضوية'],
      ['Travel', 'للسفر'],
    ],
    colour: false,
    second: { name: ['Size', 'المقاس'], type: 'SELECT', required: true, values: SIZES },
  },
  {
    name: ['Books', 'الكتب'],
    categories: [
      ['Arabic novels', 'روايات عربية'],
      ["Children's books", 'كتب الأطفال'],
      ['Religion', 'كتب دينية'],
      ['Self-development', 'تطوير الذات'],
      ['Cookbooks', 'كتب الطبخ'],
      ['Textbooks', 'الكتب الدراسية'],
    ],
    facets: [
      ['Paperback', 'غلاف ورقي'],
      ['Hardcover', 'غلاف مقوى'],
      ['Audiobooks', 'كتب صوتية'],
      ['Bestsellers', 'الأكثر مبيعًا'],
      ['Classics', 'كلاسيكيات'],
      ['New releases', 'إصدارات جديدة'],
    ],
    colour: false,
    second: {
      name: ['Language', 'اللغة'],
      type: 'SELECT',
      required: true,
      values: [
        ['Arabic', 'العربية'],
        ['English', 'الإنجليزية'],
      ],
    },
  },
  {
    name: ['Automotive', 'السيارات'],
    categories: [
      ['Car accessories', 'إكسسوارات السيارات'],
      ['Car electronics', 'إلكترونيات السيارات'],
      ['Oils and fluids', 'الزيوت والسوائل'],
      ['Tyres', 'الإطارات'],
      ['Car care', 'العناية بالسيارة'],
      ['Tools', 'العدد والأدوات'],
    ],
    facets: [
      ['Sedans', 'السيدان'],
      ['SUVs', 'الدفع الرباعي'],
      ['Pickups', 'الشاحنات الصغيرة'],
      ['Motorcycles', 'الدراجات النارية'],
      ['Universal', 'عامة'],
      ['Luxury cars', 'السيارات الفاخرة'],
    ],
    colour: true,
    second: { name: ['Compatibility', 'التوافق'], type: 'TEXT', required: false, values: [] },
  },
]

const VARIANTS: Pair[] = [
  ['Basic', 'أساسي'],
  ['Plus', 'بلس'],
  ['Pro', 'برو'],
  ['Mini', 'ميني'],
  ['Max', 'ماكس'],
  ['Classic', 'كلاسيك'],
  ['Sport', 'سبورت'],
  ['Travel', 'للسفر'],
  ['Family', 'عائلي'],
  ['Bundles', 'باقات'],
  ['Limited edition', 'إصدار محدود'],
  ['Eco', 'صديق للبيئة'],
  ['Original', 'أصلي'],
  ['Value packs', 'عبوات توفير'],
]

type Shape = {
  /** How many departments, categories per department, facets per category, leaves per facet. */
  departments: number
  categories: number
  facets: number
  variants: number
  prefix: string
}

/** A marketplace's taxonomy: departments › categories › facets (› variants), properties on the lowest level. */
function taxonomy(shape: Shape): TaxonomyFile {
  const categories: TaxonomyFile['categories'] = []
  const properties: NonNullable<TaxonomyFile['properties']> = []
  let serial = 0
  const add = (parent: string | null, en: string, ar: string) => {
    const id = `${shape.prefix}${++serial}`
    categories.push({ id, parent_id: parent, name_en: en, name_ar: ar })
    return id
  }
  const withProperties = (id: string, department: Department, n: number) => {
    if (department.colour) {
      // a colour is required in every other branch; each offers four of the colours, in turn
      const values = [0, 1, 2, 3].map((k) => COLOURS[(n + k) % COLOURS.length]!)
      properties.push({
        id: 'colour',
        category_id: id,
        name_en: 'Colour',
        name_ar: 'اللون',
        type: 'SELECT',
        required: n % 2 === 0,
        values: values.map(([en, ar]) => ({ id: en.toLowerCase(), value_en: en, value_ar: ar })),
      })
    }
    const second = department.second
    properties.push({
      id: second.name[0].toLowerCase().replace(/\W+/g, '-'),
      category_id: id,
      name_en: second.name[0],
      name_ar: second.name[1],
      type: second.type,
      required: second.required,
      values: second.values.map(([en, ar]) => ({ id: en.toLowerCase().replace(/\W+/g, '-'), value_en: en, value_ar: ar })),
    })
  }
  let n = 0
  for (const department of DEPARTMENTS.slice(0, shape.departments)) {
    const d = add(null, department.name[0], department.name[1])
    for (const [categoryEn, categoryAr] of department.categories.slice(0, shape.categories)) {
      const c = add(d, categoryEn, categoryAr)
      for (const [facetEn, facetAr] of department.facets.slice(0, shape.facets)) {
        const f = add(c, `${categoryEn} – ${facetEn}`, `${categoryAr} – ${facetAr}`)
        if (shape.variants === 0) withProperties(f, department, n++)
        for (const [variantEn, variantAr] of VARIANTS.slice(0, shape.variants)) {
          const leaf = add(f, `${categoryEn} ${facetEn} – ${variantEn}`, `${categoryAr} ${facetAr} – ${variantAr}`)
          withProperties(leaf, department, n++)
        }
      }
    }
  }
  return { categories, properties }
}

type DemoTaxonomy = {
  marketplace: string
  shape: Shape
  /** Which of its categories get mapped: departments before this position (by their sort key), a share of the rest. */
  mapped: { departmentsBefore: number; everyNth: number } | null
}

const DEMO: DemoTaxonomy[] = [
  {
    marketplace: 'Amazon Saudi Arabia',
    shape: { departments: 10, categories: 6, facets: 6, variants: 14, prefix: '1200' },
    mapped: { departmentsBefore: 3, everyNth: 5 },
  },
  {
    marketplace: 'Noon',
    shape: { departments: 10, categories: 6, facets: 4, variants: 0, prefix: 'N' },
    mapped: { departmentsBefore: 10, everyNth: 3 },
  },
  { marketplace: 'Salla', shape: { departments: 6, categories: 6, facets: 1, variants: 0, prefix: 'S-' }, mapped: null },
]

type Row = Record<string, unknown>
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? [])) as Row[]

/**
 * Maps part of a marketplace's tree: categories whose English name a platform category has, then,
 * in its first departments, the categories below a mapped one (but every `everyNth`) to the same
 * platform category; colours of mapped categories (but every third) to the platform's Color and
 * their values by name.
 */
async function mapShare(db: Db, marketplaceId: number, share: NonNullable<DemoTaxonomy['mapped']>, now: Date): Promise<void> {
  const at = now.toISOString()
  await db.execute(sql`update marketplace_categories mc set mapped_category_id = c.id, mapped_at = ${at}::timestamptz
    from categories c
    where mc.marketplace_id = ${marketplaceId} and mc.depth < 2 and c.is_active and lower(c.name_en) = lower(mc.name_en)`)
  const before = String(share.departmentsBefore).padStart(6, '0')
  await db.execute(sql`update marketplace_categories mc set mapped_category_id = a.mapped_category_id, mapped_at = ${at}::timestamptz
    from marketplace_categories a
    where mc.marketplace_id = ${marketplaceId} and mc.depth >= 2 and mc.id % ${share.everyNth} <> 0
      and left(mc.sort_key, 6) < ${before}
      and a.marketplace_id = ${marketplaceId} and a.sort_key = left(mc.sort_key, 12) and a.mapped_category_id is not null`)
  await db.execute(sql`update marketplace_properties mp set mapped_property_id = p.id, mapped_at = ${at}::timestamptz
    from properties p, marketplace_categories c
    where mp.marketplace_id = ${marketplaceId} and mp.name_en = 'Colour' and mp.id % 3 <> 0
      and c.id = mp.category_id and c.mapped_category_id is not null and p.name_en = 'Color' and p.is_active`)
  await db.execute(sql`update marketplace_property_values v set mapped_value = v.value_en
    from marketplace_properties mp, properties p
    where mp.marketplace_id = ${marketplaceId} and mp.id = v.property_id and p.id = mp.mapped_property_id
      and exists (select 1 from jsonb_array_elements(p.values) e where e ->> 'value_en' = v.value_en)`)
  await db.execute(sql`update properties p set mapped = true
    where not p.mapped and exists (select 1 from marketplace_properties mp where mp.mapped_property_id = p.id)`)
}

export const mappingSeeder: Seeder = {
  name: 'mapping',
  async run({ db, clock, log }) {
    let created = 0
    for (const demo of DEMO) {
      const [row] = rowsOf(
        await db.execute(sql`select m.id, exists (select 1 from marketplace_categories c where c.marketplace_id = m.id) as has_tree
          from marketplaces m where m.name_en = ${demo.marketplace} order by m.id limit 1`),
      )
      if (!row || row.has_tree === true) continue
      const marketplaceId = Number(row.id)
      const report = await applyTaxonomy({ db, clock, adminId: null }, marketplaceId, taxonomy(demo.shape))
      if (demo.mapped) {
        await mapShare(db, marketplaceId, demo.mapped, clock())
        await refreshMappingProgress(db, marketplaceId)
      }
      created += report.categories.added
      log.info({ marketplace: demo.marketplace, categories: report.categories.added }, 'demo taxonomy imported')
    }
    return created
  },
}
