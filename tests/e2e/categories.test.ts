import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { PNG_1X1, axeViolations, chooseImage, fill, fitsWidth, signedInAdmin } from './admin'
import { waitUrl, serverAndBrowser } from './harness'

const env = serverAndBrowser()

const rowNames = (page: Page) => page.locator('tbody tr:not([data-skeleton]) td:first-child').allInnerTexts()

/** What each language's run types and expects (names show in the page's language). */
const cases = {
  ar: {
    topLevel: 'إلكترونيات',
    search: 'جوال',
    nameAr: 'ساعات',
    nameEn: 'Watches',
    shown: 'ساعات',
    editAr: 'ساعات فاخرة',
    editEn: 'Luxury watches',
    edited: 'ساعات فاخرة',
    editedSearch: 'فاخرة',
    busy: 'إلكترونيات',
  },
  en: {
    topLevel: 'Electronics',
    search: 'phone',
    nameAr: 'نظارات',
    nameEn: 'Eyewear',
    shown: 'Eyewear',
    editAr: 'نظارات شمسية',
    editEn: 'Sunglasses',
    edited: 'Sunglasses',
    editedSearch: 'Sunglasses',
    busy: 'Electronics',
  },
} as const

describe.each(['ar', 'en'] as const)('categories in the browser (%s)', (lang) => {
  const c = cases[lang]
  const admin = () => signedInAdmin(env.browser, env.server.url, lang)

  it('lists, sorts, searches and filters, keeping it all in the address', async () => {
    const { context, page, t } = await admin()
    // oldest first: the demo tree's first category is on page 1 whatever the other tests added
    await page.goto('/admin-panel/categories/list?sort_column=id&sort_direction=asc')
    await page.getByRole('link', { name: c.topLevel, exact: true }).waitFor()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)

    await page.getByRole('button', { name: t.categories.fields.name }).click()
    await waitUrl(page, /sort_column=name&sort_direction=asc/)
    await page.getByRole('button', { name: t.categories.fields.name }).click()
    await waitUrl(page, /sort_direction=desc/)
    await expect.poll(() => page.getByRole('columnheader', { name: t.categories.fields.name }).getAttribute('aria-sort')).toBe('descending')

    const matches = (names: string[]) => names.length > 0 && names.every((n) => n.toLowerCase().includes(c.search))
    await page.getByTestId('table-search').fill(c.search)
    await waitUrl(page, /search=/)
    await expect.poll(async () => matches(await rowNames(page))).toBe(true)
    await page.reload()
    await expect.poll(() => page.getByTestId('table-search').inputValue()).toBe(c.search)
    await expect.poll(async () => matches(await rowNames(page))).toBe(true)
    await page.goBack()
    await waitUrl(page, /sort_direction=desc$/)

    // a search that finds nothing says so and offers to clear it; the box's × and Escape clear it too
    const search = page.getByTestId('table-search')
    expect(await search.getAttribute('placeholder')).toBe(t.table.searchPlaceholder)
    await search.fill('zzqx-nothing')
    await page.getByText(t.table.emptyFiltered).waitFor()
    expect(await page.getByText(/0–0|0-0/).count()).toBe(0)
    await page.getByRole('button', { name: t.table.clearAll }).click()
    await expect.poll(() => search.inputValue()).toBe('')
    await expect.poll(async () => (await rowNames(page)).length).toBeGreaterThan(0)
    await search.fill(c.search)
    await page.getByRole('button', { name: t.table.clearSearch, exact: true }).click()
    await expect.poll(() => search.inputValue()).toBe('')
    await search.fill(c.search)
    await waitUrl(page, /search=/)
    await search.press('Escape')
    await expect.poll(() => search.inputValue()).toBe('')
    await expect.poll(() => page.url()).not.toMatch(/search=/)
    await context.close()
  })

  it('pages through the list by its buttons and page size; reload and Back keep the page', async () => {
    const { context, page, t } = await admin()
    // a shared link may carry any page size; the menu offers the standard ones
    await page.goto('/admin-panel/categories/list?pageSize=5&sort_column=id&sort_direction=asc')
    await expect.poll(async () => (await rowNames(page)).length).toBe(5)
    const first = await rowNames(page)
    await page.getByRole('button', { name: t.table.next }).click()
    await waitUrl(page, /page=2/)
    await expect.poll(async () => (await rowNames(page))[0] !== first[0]).toBe(true)
    const second = await rowNames(page)
    expect(second).toHaveLength(5)
    expect(second.some((n) => first.includes(n))).toBe(false)
    await page.reload()
    await expect.poll(() => rowNames(page)).toEqual(second)
    await page.goBack()
    await expect.poll(() => rowNames(page)).toEqual(first)
    await page.getByLabel(t.table.pageSize).selectOption('30')
    await waitUrl(page, /pageSize=30/)
    expect(page.url()).not.toMatch(/page=2/)
    await expect.poll(async () => (await rowNames(page)).length).toBeGreaterThan(10)
    await context.close()
  })

  it('creates with validation errors shown then fixed and an image, views, edits, toggles and deletes', async () => {
    const { context, page, t } = await admin()
    await page.goto('/admin-panel/categories/list')
    await page.getByRole('link', { name: t.categories.add }).click()
    await waitUrl(page, '**/admin-panel/categories/create')
    await page.getByRole('button', { name: t.actions.save }).click()
    await expect.poll(() => page.getByText(t.validation.required).count()).toBe(2)
    // the first field to fix has the focus
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name_ar')
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)
    await page.getByLabel(t.categories.fields.name_ar).fill(c.nameAr)
    await page.getByLabel(t.categories.fields.name_en).fill('W')
    await page.getByLabel(t.categories.fields.name_en).blur()
    await page.getByText(fill(t.validation.stringMin, { n: 2 })).waitFor()
    await page.getByLabel(t.categories.fields.name_en).fill(c.nameEn)

    // a gif is refused before anything is sent; a png is uploaded and previewed
    await chooseImage(page, 'image', 'anim.gif', 'image/gif', Buffer.from('GIF89a'))
    await page.getByText(t.validation.imageType).waitFor()
    await chooseImage(page, 'image', 'watch.png', 'image/png', PNG_1X1)
    const preview = page.getByRole('img', { name: t.image.preview })
    await preview.waitFor()
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/)
    await expect.poll(() => page.getByText(t.validation.imageType).count()).toBe(0)

    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/categories\/view\/\d+$/)
    await page.getByRole('heading', { name: c.shown }).waitFor()
    await page.getByText(t.messages.created).waitFor()
    expect(await page.getByRole('link', { name: t.actions.back }).getAttribute('href')).toBe('/admin-panel/categories/list')
    // the message stays clear of the header and goes with the next navigation
    const toastBox = await page.getByText(t.messages.created).boundingBox()
    const headerBox = await page.getByRole('banner').boundingBox()
    expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true)
    const picture = page.getByRole('img', { name: c.shown })
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: t.actions.edit }).click()
    await waitUrl(page, /\/admin-panel\/categories\/edit\/\d+$/)
    await expect.poll(() => page.getByText(t.messages.created).count()).toBe(0)
    await expect.poll(() => page.getByRole('img', { name: t.image.preview }).getAttribute('src')).toMatch(/\.png$/)
    await page.getByLabel(t.categories.fields.name_ar).fill(c.editAr)
    await page.getByLabel(t.categories.fields.name_en).fill(c.editEn)
    await page.getByRole('button', { name: t.actions.save }).click()
    await page.getByRole('heading', { name: c.edited }).waitFor()

    await page.goto(`/admin-panel/categories/list?search=${encodeURIComponent(c.editedSearch)}`)
    const row = page.locator('tbody tr', { hasText: c.edited })
    await row.waitFor()
    const toggle = row.getByRole('checkbox')
    await expect.poll(() => toggle.isChecked()).toBe(true)
    await row.locator('[data-part="control"]').click()
    await expect.poll(() => toggle.isChecked()).toBe(false)

    const deleteButton = row.getByRole('button', { name: t.actions.delete })
    // Delete says what it does in the danger colour (red 700), unlike View and Edit
    expect(await deleteButton.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(185, 28, 28)')
    expect(await row.getByRole('link', { name: t.actions.edit }).evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(185, 28, 28)')
    await deleteButton.click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText(t.table.confirmDelete).waitFor()
    // Escape closes the dialog and gives focus back to the button that opened it
    await page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'hidden' })
    await expect.poll(() => deleteButton.evaluate((el) => el === document.activeElement)).toBe(true)
    await deleteButton.click()
    await confirm.getByRole('button', { name: t.actions.no }).click()
    await confirm.waitFor({ state: 'hidden' })
    await row.getByRole('button', { name: t.actions.delete }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: t.actions.yes }).click()
    await page.getByText(t.table.emptyFiltered).waitFor()
    await page.getByText(t.messages.deleted).waitFor()
    await context.close()
  })

  it('adds a sub-category in a modal: Escape closes the top one, the question comes over it, focus returns', async () => {
    const { context, page, t } = await admin()
    await page.goto('/admin-panel/categories/list?search=' + encodeURIComponent(c.busy))
    await page.getByRole('link', { name: c.busy, exact: true }).click()
    await waitUrl(page, /\/admin-panel\/categories\/view\/\d+$/)
    const add = page.getByRole('button', { name: t.categories.addSub })
    const dialog = page.getByRole('dialog')
    const question = page.getByRole('alertdialog')

    // nothing typed: Escape closes it and focus is back on the button
    await add.click()
    await dialog.getByLabel(t.categories.fields.name_ar).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true)

    // something typed: Escape asks first; Escape again closes only the question
    await add.click()
    await dialog.getByLabel(t.categories.fields.name_ar).fill(c.nameAr + ' 2')
    await page.keyboard.press('Escape')
    await question.getByText(t.form.unsavedTitle).waitFor()
    const stay = question.getByRole('button', { name: t.actions.stay })
    await expect.poll(() => stay.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Escape')
    await question.waitFor({ state: 'hidden' })
    await expect.poll(() => dialog.getByLabel(t.categories.fields.name_ar).inputValue()).toBe(c.nameAr + ' 2')

    await dialog.getByRole('button', { name: t.actions.save }).click()
    await dialog.getByText(t.validation.required).waitFor()
    const [nameAr, nameEn] = lang === 'ar' ? ['ملحقات ذكية', 'Smart gadgets'] : ['منزل ذكي', 'Smart home']
    await dialog.getByLabel(t.categories.fields.name_ar).fill(nameAr)
    await dialog.getByLabel(t.categories.fields.name_en).fill(nameEn)
    await dialog.getByRole('button', { name: t.actions.save }).click()
    // the form closes and a toast says so, as every save does
    await page.getByText(t.messages.created).waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('link', { name: lang === 'ar' ? nameAr : nameEn, exact: true }).waitFor()
    await expect
      .poll(() => page.getByRole('button', { name: t.categories.addSub }).evaluate((el) => el === document.activeElement))
      .toBe(true)
    await context.close()
  })

  it('says why a category with sub-categories cannot be deleted before asking, and sends nothing', async () => {
    const { context, page, t } = await admin()
    await page.goto(`/admin-panel/categories/list?search=${encodeURIComponent(c.busy)}`)
    // the category itself, not one of its sub-categories (they name it as their parent)
    const row = page.locator('tbody tr').filter({ has: page.getByRole('link', { name: c.busy, exact: true }) })
    const deletes: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request.url())
    })
    await row.getByRole('button', { name: t.actions.delete }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText(new RegExp(fill(t.categories.errors.subCategoriesFirst, { count: '\\d+' }).replace(/[()]/g, '.'))).waitFor()
    expect(await dialog.getByRole('button', { name: t.actions.yes }).count()).toBe(0)
    await dialog.getByRole('button', { name: t.actions.ok }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(deletes).toEqual([])
    await context.close()
  })
})
