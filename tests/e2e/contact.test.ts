import { describe, expect, it } from 'vitest'
import { waitUrl, serverAndBrowser } from './harness'
import { axeViolations, fitsWidth, signedInAdmin } from './admin'

const env = serverAndBrowser()

describe.each(['ar', 'en'] as const)('contact requests in the browser (%s)', (lang) => {
  it('filters unread messages; opening one marks it read', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.goto('/admin-panel/contact/list')
    await page.locator('tbody tr').first().waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')

    await page.goto('/admin-panel/contact/list?is_read=0')
    const first = page.locator('tbody tr:not([data-skeleton])').first()
    await first.getByText(t.contact.unread).waitFor()
    const before = await page.locator('tbody tr:not([data-skeleton])').count()
    const subject = await first.locator('td').nth(2).innerText()
    await first.getByRole('link', { name: t.actions.view }).click()
    await waitUrl(page, /\/admin-panel\/contact\/view\/\d+$/)
    await page.getByRole('heading', { name: subject }).waitFor()
    await page.getByText(t.contact.read, { exact: true }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: t.actions.back }).click()
    await waitUrl(page, '**/admin-panel/contact/list')
    await page.goto('/admin-panel/contact/list?is_read=0')
    await expect.poll(() => page.locator('tbody tr:not([data-skeleton])').count()).toBe(before - 1)

    // days: "until" cannot be before "from"; the filter stays in the address
    await page.goto('/admin-panel/contact/list')
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    const from = page.getByRole('textbox', { name: t.contact.fields.received_from })
    // typed as an admin types it: the picker lets only digits and its own separator in
    await from.pressSequentially('2099-01-01')
    await from.press('Enter')
    await waitUrl(page, /received_from=2099-01-01/)
    await page.getByText(t.table.emptyFiltered).waitFor()
    const until = page.getByRole('textbox', { name: t.contact.fields.received_to })
    await until.pressSequentially('2098/12/01')
    await until.press('Enter')
    // a day before "from" cannot be chosen: it becomes the first day allowed
    await waitUrl(page, /received_to=2099-01-01/)
    expect(page.url()).not.toMatch(/2098-12-01/)
    await page.reload()
    await expect.poll(() => page.getByRole('textbox', { name: t.contact.fields.received_from }).inputValue()).toBe('2099-01-01')
    await page.getByText(t.table.emptyFiltered).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.goto('/admin-panel/contact/list')
    await page.getByTestId('table-search').fill('Partnership')
    await waitUrl(page, /search=Partnership/)
    await expect.poll(() => page.locator('tbody tr:not([data-skeleton])').allInnerTexts()).toEqual([expect.stringContaining('Partnership')])
    await context.close()
  })
})
