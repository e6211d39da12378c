import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations, fill, fitsWidth, signedInAdmin } from './admin'
import { waitUrl, serverAndBrowser } from './harness'

const env = serverAndBrowser()

/** A small taxonomy whose names the platform's demo categories and properties share. */
const taxonomy = (suffix: string) => ({
  categories: [
    { id: `el-${suffix}`, name_ar: 'إلكترونيات', name_en: 'Electronics' },
    { id: `ph-${suffix}`, parent_id: `el-${suffix}`, name_ar: 'هواتف ذكية', name_en: 'Smartphones' },
    { id: `lp-${suffix}`, parent_id: `el-${suffix}`, name_ar: 'حواسيب محمولة', name_en: 'Laptops' },
  ],
  properties: [
    {
      id: 'color',
      category_id: `ph-${suffix}`,
      name_ar: 'اللون',
      name_en: 'Color',
      type: 'SELECT',
      required: true,
      values: [
        { id: 'red', value_ar: 'أحمر', value_en: 'Red' },
        { id: 'black', value_ar: 'أسود', value_en: 'Black' },
      ],
    },
  ],
})

const cases = {
  ar: {
    name: 'نمشي',
    other: 'Namshi',
    electronics: 'إلكترونيات',
    phones: 'هواتف ذكية',
    laptops: 'حواسيب محمولة',
    laptopsSearch: 'حواسيب',
    color: 'اللون',
    amazon: 'أمازون السعودية',
    perfume: 'عطور',
  },
  en: {
    name: 'Sivvi',
    other: 'سيفي',
    electronics: 'Electronics',
    phones: 'Smartphones',
    laptops: 'Laptops',
    laptopsSearch: 'Lapt',
    color: 'Color',
    amazon: 'Amazon Saudi Arabia',
    perfume: 'perfume',
  },
} as const

/** A marketplace made through the API as the signed-in admin (the screens under test start from its list row). */
async function createMarketplace(page: Page, nameAr: string, nameEn: string): Promise<number> {
  return page.evaluate(
    async ({ nameAr, nameEn }) => {
      const res = await fetch('/api/admin-panal/marketplaces', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('id-token') ?? ''}` },
        body: JSON.stringify({ name_ar: nameAr, name_en: nameEn, website: 'https://www.namshi.com' }),
      })
      const body = (await res.json()) as { result: { item: { id: number } } }
      return body.result.item.id
    },
    { nameAr, nameEn },
  )
}

/** Presses Tab until a tree item has the focus (the tree is one tab stop, its items roving). */
async function tabIntoTree(page: Page) {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'treeitem')) return
  }
  throw new Error('the tree was not reached with Tab')
}

const progressOf = (page: Page, label: string) => page.getByRole('progressbar', { name: label }).getAttribute('aria-valuetext')

describe.each(['ar', 'en'] as const)('marketplace mapping in the browser (%s)', (lang) => {
  const c = cases[lang]

  it('imports a taxonomy, maps its categories with the keyboard alone, then a property and its values; progress follows', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    const m = t.mapping.categories
    const suffix = lang
    const [nameAr, nameEn] = lang === 'ar' ? [c.name, c.other] : [c.other, c.name]
    await createMarketplace(page, nameAr, nameEn)

    // the list: nothing imported yet, then the row's import
    await page.goto('/admin-panel/marketplaces/list')
    const row = page.locator('tbody tr', { hasText: c.name })
    await row.getByText(t.marketplaces.mapping.none).waitFor()
    await row.getByRole('button', { name: new RegExp(`^${t.marketplaces.taxonomy.open}`) }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: fill(t.marketplaces.taxonomy.title, { name: c.name }) }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'taxonomy.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(taxonomy(suffix))),
    })
    await dialog.getByText(fill(t.marketplaces.taxonomy.done, { name: 'taxonomy.json' })).waitFor()
    const categoriesRow = dialog.getByRole('row', { name: new RegExp(t.marketplaces.taxonomy.kinds.categories) })
    await expect.poll(() => categoriesRow.locator('td').allTextContents()).toEqual(['3', '0', '0', '3'])
    await page.keyboard.press('Escape')
    await row.getByText(fill(t.marketplaces.mapping.categories, { mapped: 0, total: 3 })).waitFor()

    // the category mapping, keyboard only: N (next unmapped), A (accept the best suggestion)
    await row.getByRole('link', { name: new RegExp(`^${t.marketplaces.mapping.map}`) }).click()
    await waitUrl(page, /\/admin-panel\/marketplaces\/mapping-categories\/\d+\/0$/)
    await page.getByRole('tree', { name: fill(m.treeLabel, { name: c.name }) }).waitFor()
    await page.getByRole('heading', { name: m.chooseTitle }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await expect.poll(() => progressOf(page, m.progressCategories)).toBe(fill(m.progressValue, { mapped: 0, total: 3 }))

    await page.keyboard.press('n')
    await page.getByRole('list', { name: m.suggestions }).getByText(c.electronics).first().waitFor()
    await page.keyboard.press('a')
    await page.getByText(fill(m.savedToast, { name: c.electronics, target: c.electronics })).waitFor()
    await expect.poll(() => progressOf(page, m.progressCategories)).toBe(fill(m.progressValue, { mapped: 1, total: 3 }))

    await page.keyboard.press('n')
    await page.getByRole('list', { name: m.suggestions }).getByText(c.phones).first().waitFor()
    await page.keyboard.press('a')
    await page.getByText(fill(m.savedToast, { name: c.phones, target: c.phones })).waitFor()
    await expect.poll(() => progressOf(page, m.progressCategories)).toBe(fill(m.progressValue, { mapped: 2, total: 3 }))
    const phonesAddress = page.url()
    expect(phonesAddress).toMatch(/\/mapping-categories\/\d+\/[1-9]\d*$/)

    // search reveals the match in its place; the tree is reached with Tab, Enter chooses, A maps
    await page.getByLabel(m.search).focus()
    await page.keyboard.type(c.laptopsSearch)
    await page.getByRole('treeitem', { name: new RegExp(`^${c.laptops}`) }).waitFor()
    // the find of the whole term has come (an earlier one, of its first letters, may have shown it first)
    await expect.poll(() => page.locator('[aria-busy=true]').count()).toBe(0)
    await tabIntoTree(page)
    for (let i = 0; i < 5; i++) {
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
      if (focused.startsWith(c.laptops)) break
      await page.keyboard.press('ArrowDown')
    }
    await page.keyboard.press('Enter')
    await page.getByRole('list', { name: m.suggestions }).getByText(c.laptops).first().waitFor()
    await page.keyboard.press('a')
    await page.getByText(fill(m.savedToast, { name: c.laptops, target: c.laptops })).waitFor()
    await expect.poll(() => progressOf(page, m.progressCategories)).toBe(fill(m.progressValue, { mapped: 3, total: 3 }))
    await page.locator('body').press('n')
    await page.getByText(m.allMapped).waitFor()
    expect(await axeViolations(page)).toEqual([])

    // the smartphones' required colour: its property mapped with its values (accepted suggestions)
    await page.goto(phonesAddress)
    // the bar has no value until the marketplace's progress has come
    await expect.poll(() => progressOf(page, m.progressProperties)).toBe(fill(m.progressValue, { mapped: 0, total: 1 }))
    await page.getByRole('link', { name: m.properties }).click()
    await waitUrl(page, /\/admin-panel\/marketplaces\/properties\/\d+\/\d+$/)
    const p = t.propertyMapping
    await page.getByText(p.requiredUnmapped_one).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('link', { name: `${p.map} ${c.color}` }).click()
    await waitUrl(page, /\/admin-panel\/marketplaces\/mapping-properties\/\d+\/\d+/)
    const picker = page.getByRole('combobox', { name: p.editor.platformLabel })
    await picker.click()
    await picker.fill(c.color.slice(0, 3))
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const acceptTwo = lang === 'ar' ? t.propertyMapping.editor.acceptAll_two : fill(p.editor.acceptAll_other, { count: 2 })
    await page.getByRole('button', { name: acceptTwo }).click()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: p.editor.save }).click()
    await waitUrl(page, /\/admin-panel\/marketplaces\/properties\/\d+\/\d+$/)
    await page.getByText(p.allRequiredMapped).waitFor()

    await page.goto(phonesAddress)
    await expect.poll(() => progressOf(page, m.progressProperties)).toBe(fill(m.progressValue, { mapped: 1, total: 1 }))
    await page.goto('/admin-panel/marketplaces/list')
    await row.getByText(fill(t.marketplaces.mapping.categories, { mapped: 3, total: 3 })).waitFor()
    await row.getByText(fill(t.marketplaces.mapping.required, { mapped: 1, total: 1 })).waitFor()
    await context.close()
  })

  it("keeps Amazon's tree of 5,470 categories light: only the rows in view are drawn, a search finds in context", async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    const m = t.mapping.categories
    await page.goto('/admin-panel/marketplaces/list')
    await page
      .locator('tbody tr', { hasText: c.amazon })
      .getByRole('link', { name: new RegExp(`^${t.marketplaces.mapping.map}`) })
      .click()
    const tree = page.getByRole('tree', { name: fill(m.treeLabel, { name: c.amazon }) })
    await tree.getByRole('treeitem').first().waitFor()
    await expect.poll(() => page.getByRole('progressbar', { name: m.progressCategories }).getAttribute('aria-valuemax')).toBe('5470')

    // the first department opened from the keyboard: its children come, and still few rows are drawn
    await tabIntoTree(page)
    await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight')
    await expect.poll(() => tree.getByRole('treeitem').first().getAttribute('aria-expanded')).toBe('true')
    await expect.poll(() => tree.locator('[role=treeitem][aria-level="2"]').count()).toBeGreaterThan(0)
    expect(await tree.getByRole('treeitem').count()).toBeLessThan(80)

    await page.getByLabel(m.search).fill(c.perfume)
    await expect.poll(() => tree.locator('[role=treeitem][aria-level="1"]').count()).toBeGreaterThan(0)
    expect(await tree.getByRole('treeitem').count()).toBeLessThan(80)
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)
    await context.close()
  })
})
