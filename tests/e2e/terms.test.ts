import { describe, expect, it } from 'vitest'
import { serverAndBrowser } from './harness'
import { axeViolations, fitsWidth, signedInAdmin, typeRich } from './admin'

const env = serverAndBrowser()

describe.each(['ar', 'en'] as const)('terms and conditions in the browser (%s)', (lang) => {
  it('edits and saves both texts; the saved text comes back after a reload', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.goto('/admin-panel/terms-conditions')
    const english = page.getByRole('textbox', { name: t.terms.fields.terms_en, exact: true })
    await english.waitFor()
    await expect.poll(() => english.getAttribute('dir')).toBe('ltr')
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
    await typeRich(page, t.terms.fields.terms_en, ' Updated clause.')
    await page.getByRole('button', { name: t.actions.save }).click()
    // confirmed as every save is, by a toast with the server's message
    await page.getByText(t.messages.updated).waitFor()
    await page.reload()
    await expect.poll(() => english.innerText()).toContain('Updated clause.')
    await context.close()
  })
})
