import { describe, expect, it } from 'vitest'
import { PNG_1X1, axeViolations, chooseImage, fitsWidth, signedInAdmin } from './admin'
import { waitUrl, serverAndBrowser } from './harness'

const env = serverAndBrowser()

const cases = {
  ar: { nameAr: 'جرير', nameEn: 'Jarir', shown: 'جرير', site: 'https://www.jarir.com', demo: 'أمازون السعودية' },
  en: { nameAr: 'إكسترا', nameEn: 'eXtra', shown: 'eXtra', site: 'https://www.extra.com', demo: 'Amazon Saudi Arabia' },
} as const

describe.each(['ar', 'en'] as const)('marketplaces in the browser (%s)', (lang) => {
  const c = cases[lang]

  it('lists the demo ones, filters by linking, creates one with a logo, edits it to linked', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.goto('/admin-panel/marketplaces/list')
    await page.locator('tbody tr', { hasText: c.demo }).waitFor()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)

    await page.getByRole('link', { name: t.marketplaces.add }).click()
    await waitUrl(page, '**/admin-panel/marketplaces/create')
    await page.getByLabel(t.marketplaces.fields.name_ar).fill(c.nameAr)
    await page.getByLabel(t.marketplaces.fields.name_en).fill(c.nameEn)
    const website = page.getByLabel(t.marketplaces.fields.website)
    await website.fill('www.jarir')
    await website.blur()
    await page.getByText(t.validation.website).waitFor()
    await website.fill(c.site)
    await expect.poll(() => page.getByText(t.validation.website).count()).toBe(0)
    await chooseImage(page, 'image', 'logo.png', 'image/png', PNG_1X1)
    await expect.poll(() => page.getByRole('img', { name: t.image.preview }).getAttribute('src')).toMatch(/\.png$/)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/marketplaces\/list/)
    await page.getByText(t.messages.created).waitFor()

    const row = page.locator('tbody tr', { hasText: c.shown })
    await row.waitFor()
    await row.getByText(t.marketplaces.notLinked).waitFor()
    await row.getByRole('link', { name: t.actions.edit }).click()
    await waitUrl(page, /\/admin-panel\/marketplaces\/edit\/\d+$/)
    await expect.poll(() => page.getByLabel(t.marketplaces.fields.website).inputValue()).toBe(c.site)
    await page
      .locator('[data-scope="switch"][data-part="root"]', { hasText: t.marketplaces.fields.linkedSwitch })
      .locator('[data-part="control"]')
      .click()
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/marketplaces\/list/)

    await page.goto('/admin-panel/marketplaces/list?is_linked=1')
    await page.locator('tbody tr', { hasText: c.shown }).getByText(t.marketplaces.linked, { exact: true }).waitFor()
    await expect.poll(() => page.locator('tbody tr', { hasText: t.marketplaces.notLinked }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
