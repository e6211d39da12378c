import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { axeViolations, signedInAdmin } from './admin'
import { launchBrowser, startServer, waitUrl, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const admin = (lang: 'ar' | 'en') => signedInAdmin(browser, server.url, lang)

const rowNames = (page: Page) => page.locator('tbody tr:not([data-skeleton]) td:first-child').allInnerTexts()

describe('categories in the browser', () => {
  it('lists, sorts, searches and filters, keeping it all in the address', async () => {
    const { context, page, t } = await admin('ar')
    await page.getByRole('link', { name: t.nav.categories }).click()
    await waitUrl(page, '**/admin-panel/categories/list')
    await page.getByRole('link', { name: 'إلكترونيات', exact: true }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    await page.getByRole('button', { name: t.categories.fields.name }).click()
    await waitUrl(page, /sort_column=name&sort_direction=asc/)
    await page.getByRole('button', { name: t.categories.fields.name }).click()
    await waitUrl(page, /sort_direction=desc/)
    expect(await page.getByRole('columnheader', { name: t.categories.fields.name }).getAttribute('aria-sort')).toBe('descending')

    await page.getByTestId('table-search').fill('جوال')
    await waitUrl(page, /search=/)
    await expect.poll(async () => (await rowNames(page)).every((n) => n.includes('جوال'))).toBe(true)
    await page.reload()
    await expect.poll(() => page.getByTestId('table-search').inputValue()).toBe('جوال')
    await expect.poll(async () => (await rowNames(page)).length).toBeGreaterThan(0)
    expect((await rowNames(page)).every((n) => n.includes('جوال'))).toBe(true)
    await page.goBack()
    await waitUrl(page, /sort_direction=desc$/)
    await context.close()
  })

  it('creates with validation errors shown then fixed, views, edits, toggles and deletes', async () => {
    const { context, page, t } = await admin('en')
    await page.goto('/admin-panel/categories/list')
    await page.getByRole('link', { name: t.categories.add }).click()
    await waitUrl(page, '**/admin-panel/categories/create')
    await page.getByRole('button', { name: t.actions.save }).click()
    expect(await page.getByText(t.validation.required).count()).toBe(2)
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel(t.categories.fields.name_ar).fill('ساعات')
    await page.getByLabel(t.categories.fields.name_en).fill('W')
    await page.getByLabel(t.categories.fields.name_en).blur()
    await page.getByText('must be at least 2 characters').waitFor()
    await page.getByLabel(t.categories.fields.name_en).fill('Watches')
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/categories\/view\/\d+$/)
    await page.getByRole('heading', { name: 'Watches' }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: t.actions.edit }).click()
    await waitUrl(page, /\/admin-panel\/categories\/edit\/\d+$/)
    await page.getByLabel(t.categories.fields.name_en).fill('Zeta watches')
    await page.getByRole('button', { name: t.actions.save }).click()
    await page.getByRole('heading', { name: 'Zeta watches' }).waitFor()

    await page.goto('/admin-panel/categories/list?search=Zeta')
    const row = page.locator('tbody tr', { hasText: 'Zeta watches' })
    await row.waitFor()
    const toggle = row.getByRole('checkbox')
    expect(await toggle.isChecked()).toBe(true)
    await row.locator('[data-part="control"]').click()
    await expect.poll(() => toggle.isChecked()).toBe(false)

    const deleteButton = row.getByRole('button', { name: t.actions.delete })
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
    await context.close()
  })

  it("shows the server's reason when a category with sub-categories cannot be deleted", async () => {
    const { context, page, t } = await admin('en')
    await page.goto('/admin-panel/categories/list?search=Electronics')
    const row = page.locator('tbody tr', { hasText: 'Electronics' }).first()
    await row.getByRole('button', { name: t.actions.delete }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: t.actions.yes }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByRole('button', { name: t.actions.tryAgain }).waitFor()
    expect((await dialog.innerText()).length).toBeGreaterThan(10)
    await context.close()
  })
})
