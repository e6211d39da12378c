import { inArray } from 'drizzle-orm'
import { properties } from './schema'
import type { Seeder } from '../../lib/context'

type DemoProperty = {
  en: string
  ar: string
  type: 'TEXT' | 'NUMBER' | 'SELECT' | 'MULTI_SELECT' | 'COLOR' | 'BOOLEAN'
  values?: [string, string][]
  descriptionEn?: string
  descriptionAr?: string
  active?: boolean
}

const DEMO: DemoProperty[] = [
  {
    en: 'Color',
    ar: 'اللون',
    type: 'SELECT',
    values: [
      ['أحمر', 'Red'],
      ['أزرق', 'Blue'],
      ['أسود', 'Black'],
      ['أبيض', 'White'],
    ],
    descriptionEn: 'The colour of the product',
    descriptionAr: 'لون المنتج',
  },
  {
    en: 'Size',
    ar: 'المقاس',
    type: 'MULTI_SELECT',
    values: [
      ['صغير', 'Small'],
      ['متوسط', 'Medium'],
      ['كبير', 'Large'],
      ['كبير جدًا', 'X-Large'],
    ],
  },
  { en: 'Material', ar: 'الخامة', type: 'TEXT', descriptionEn: 'Fabric or material', descriptionAr: 'القماش أو الخامة' },
  { en: 'Weight (g)', ar: 'الوزن (غرام)', type: 'NUMBER' },
  { en: 'Waterproof', ar: 'مقاوم للماء', type: 'BOOLEAN' },
  {
    en: 'Storage',
    ar: 'سعة التخزين',
    type: 'SELECT',
    values: [
      ['128 غيغابايت', '128 GB'],
      ['256 غيغابايت', '256 GB'],
      ['512 غيغابايت', '512 GB'],
    ],
    active: false,
  },
]

/** Demo properties; idempotent (keyed by the English name). */
export const propertiesSeeder: Seeder = {
  name: 'properties',
  async run({ db, clock, log }) {
    const now = clock()
    const existing = await db
      .select({ nameEn: properties.nameEn })
      .from(properties)
      .where(
        inArray(
          properties.nameEn,
          DEMO.map((p) => p.en),
        ),
      )
    const known = new Set(existing.map((r) => r.nameEn))
    const missing = DEMO.filter((p) => !known.has(p.en))
    if (missing.length === 0) return 0
    await db.insert(properties).values(
      missing.map((p) => ({
        nameAr: p.ar,
        nameEn: p.en,
        descriptionAr: p.descriptionAr ?? null,
        descriptionEn: p.descriptionEn ?? null,
        attributeType: p.type,
        values: (p.values ?? []).map(([ar, en]) => ({ value_ar: ar, value_en: en })),
        isActive: p.active ?? true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    log.info({ created: missing.length }, 'demo properties created')
    return missing.length
  },
}
