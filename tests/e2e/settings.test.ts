import { describe, expect, it } from 'vitest'
import { serverAndBrowser } from './harness'
import { axeViolations, fitsWidth, signedInAdmin } from './admin'

const env = serverAndBrowser()

describe.each(['ar', 'en'] as const)('the platform settings in the browser (%s)', (lang) => {
  it("opens the tab of a field to fix; once saved, the site's name changes in the header without a reload", async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.goto('/admin-panel/setting')
    const nameField = t.settings.fields[lang === 'ar' ? 'site_name_ar' : 'site_name_en']
    const name = page.getByRole('textbox', { name: nameField })
    await name.waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)

    // a bad link on the social tab, then a new name on the general tab
    await page.getByRole('tab', { name: t.settings.tabs.social }).click()
    await page.waitForURL('**/admin-panel/setting?tab=social')
    const x = page.getByRole('textbox', { name: t.settings.fields.social.x })
    await x.fill('javascript:alert(1)')
    await page.getByRole('tab', { name: t.settings.tabs.general }).click()
    const renamed = lang === 'ar' ? 'سوق التجار' : 'Traders Market'
    await name.fill(renamed)
    await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true))
    await page.getByRole('button', { name: t.actions.save }).click()
    // refused before the server: the social tab opens on its field, marked
    await expect.poll(() => page.getByRole('tab', { name: new RegExp(t.settings.tabs.social) }).getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => x.getAttribute('aria-invalid')).toBe('true')

    await x.fill('https://x.com/traders')
    await page.getByRole('button', { name: t.actions.save }).click()
    await page.getByText(t.messages.updated).waitFor()
    await expect.poll(() => page.locator('header').first().innerText()).toContain(renamed)
    expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true)
    // and after a reload, from the server
    await page.reload()
    await expect.poll(() => page.locator('header').first().innerText()).toContain(renamed)
    await context.close()
  })
})
