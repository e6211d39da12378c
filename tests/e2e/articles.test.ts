import { describe, expect, it } from 'vitest'
import { waitUrl, serverAndBrowser } from './harness'
import { PNG_1X1, axeViolations, chooseImage, fitsWidth, signedInAdmin, typeRich } from './admin'

const env = serverAndBrowser()

/** Blogs and content pages share one list and one form; each runs in both languages with its own texts. */
const runs = [
  {
    kind: 'blogs',
    lang: 'ar',
    titleAr: 'نصائح الشحن',
    titleEn: 'Shipping tips',
    slug: 'shipping-tips',
    shown: 'نصائح الشحن',
    search: 'الشحن',
    editedAr: 'نصائح شحن محدثة',
    editedEn: 'Shipping tips, updated',
    edited: 'نصائح شحن محدثة',
  },
  {
    kind: 'blogs',
    lang: 'en',
    titleAr: 'تصوير المنتجات',
    titleEn: 'Lighting for product photos',
    slug: 'lighting-photos',
    shown: 'Lighting for product photos',
    search: 'Lighting',
    editedAr: 'إضاءة التصوير',
    editedEn: 'Lighting, revised',
    edited: 'Lighting, revised',
  },
  {
    kind: 'contents',
    lang: 'ar',
    titleAr: 'سياسة الإرجاع',
    titleEn: 'Returns policy',
    slug: 'returns-policy',
    shown: 'سياسة الإرجاع',
    search: 'الإرجاع',
    editedAr: 'سياسة الإرجاع والاستبدال',
    editedEn: 'Returns and exchanges',
    edited: 'سياسة الإرجاع والاستبدال',
  },
  {
    kind: 'contents',
    lang: 'en',
    titleAr: 'سياسة الخصوصية',
    titleEn: 'Privacy notice',
    slug: 'privacy-notice',
    shown: 'Privacy notice',
    search: 'Privacy',
    editedAr: 'إشعار الخصوصية',
    editedEn: 'Privacy notice 2026',
    edited: 'Privacy notice 2026',
  },
] as const

describe.each(runs)('$kind in the browser ($lang)', (run) => {
  it('creates with errors shown then fixed and an image, finds it, edits, toggles and deletes it', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, run.lang)
    const list = `/admin-panel/${run.kind}/list`
    await page.goto(list)
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(run.lang === 'ar' ? 'rtl' : 'ltr')
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)

    await page.getByRole('link', { name: t[run.kind].add }).click()
    await waitUrl(page, `**/admin-panel/${run.kind}/create`)
    await page.getByRole('button', { name: t.actions.save }).click()
    await expect.poll(() => page.getByText(t.validation.required).count()).toBeGreaterThan(1)
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)
    await page.getByLabel(t.articles.fields.title_ar).fill(run.titleAr)
    await page.getByLabel(t.articles.fields.title_en).fill(run.titleEn)
    await typeRich(page, t.articles.fields.body_ar, 'نص المقال بالعربية')
    await typeRich(page, t.articles.fields.body_en, 'The English text of the article')
    await expect.poll(() => page.getByRole('textbox', { name: t.articles.fields.body_en, exact: true }).getAttribute('dir')).toBe('ltr')
    await page.getByLabel(t.articles.fields.seo_link_ar).fill(`${run.slug}-ar`)
    await page.getByLabel(t.articles.fields.seo_link_en).fill('Not A Slug')
    await page.getByRole('button', { name: t.actions.save }).click()
    await page.getByText(t.validation.slug).waitFor()
    await page.getByLabel(t.articles.fields.seo_link_en).fill(run.slug)
    await chooseImage(page, 'image', 'cover.png', 'image/png', PNG_1X1)
    await page.getByRole('img', { name: t.image.preview }).waitFor()
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, `**${list}`)

    await page.getByTestId('table-search').fill(run.search)
    await waitUrl(page, /search=/)
    let row = page.locator('tbody tr', { hasText: run.shown })
    await row.waitFor()
    await expect.poll(() => row.locator('img').getAttribute('src')).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/)
    await row.getByRole('link', { name: t.actions.edit }).click()
    await waitUrl(page, new RegExp(`/admin-panel/${run.kind}/edit/\\d+$`))
    await expect.poll(() => page.getByLabel(t.articles.fields.title_en).inputValue()).toBe(run.titleEn)
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel(t.articles.fields.title_ar).fill(run.editedAr)
    await page.getByLabel(t.articles.fields.title_en).fill(run.editedEn)
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, new RegExp(`/admin-panel/${run.kind}/list`))

    await page.goto(`${list}?search=${encodeURIComponent(run.edited)}`)
    row = page.locator('tbody tr', { hasText: run.edited })
    await row.waitFor()
    const toggle = row.getByRole('checkbox')
    await expect.poll(() => toggle.isChecked()).toBe(true)
    await row.locator('[data-part="control"]').click()
    await expect.poll(() => toggle.isChecked()).toBe(false)
    await row.getByRole('button', { name: t.actions.delete }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: t.actions.yes }).click()
    await page.getByText(t.table.emptyFiltered).waitFor()
    await context.close()
  })
})
