import { describe, expect, it } from 'vitest'
import { businessDayOf } from '../../src/domain/money'
import { fieldLabel, serverAndBrowser, waitUrl } from './harness'
import { axeViolations, fitsWidth, signedInAdmin } from './admin'

const env = serverAndBrowser()

describe.each(['ar', 'en'] as const)('packages and coupons in the browser (%s)', (lang) => {
  const title = lang === 'ar' ? 'باقة المتصفح' : 'Browser package'
  const coupon = lang === 'ar' ? 'كوبون المتصفح' : 'Browser coupon'

  it('creates a package, a coupon for it, sees the coupon listed as active; saves the general settings', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    const p = t['subscription-packages']
    const c = t.coupons

    // the demo packages of every type are listed, with unlimited limits said so
    await page.goto('/admin-panel/subscription-packages/list')
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    await expect.poll(() => page.locator('main').getByText(p.unlimited).count()).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')

    await page.getByRole('link', { name: p.add }).click()
    await waitUrl(page, '**/admin-panel/subscription-packages/create')
    await page.getByLabel(fieldLabel(p.fields.title_ar)).fill(`${title} ع`)
    await page.getByLabel(fieldLabel(p.fields.title_en)).fill(`${title} E`)
    await page.getByLabel(fieldLabel(p.fields.short_description_ar)).fill('وصف مختصر')
    await page.getByLabel(fieldLabel(p.fields.short_description_en)).fill('A short description')
    await page.getByLabel(fieldLabel(p.fields.price)).fill('149.5')
    await page.getByLabel(fieldLabel(p.fields.product_count)).fill('250')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, '**/admin-panel/subscription-packages/list')
    const packageRow = page.locator('tbody tr', { hasText: `${title} ${lang === 'ar' ? 'ع' : 'E'}` })
    await packageRow.waitFor()
    await expect.poll(() => packageRow.innerText()).toContain('149.50')

    // the new package moved to the top with the keyboard: the list follows
    await page.getByRole('button', { name: p.reorder.title }).click()
    const newTitle = `${title} ${lang === 'ar' ? 'ع' : 'E'}`
    const handle = page.getByRole('button', { name: p.reorder.handle.replace('{{name}}', newTitle) })
    await handle.focus()
    await page.keyboard.press('Home')
    await page.getByText(p.reorder.moved.replace('{{name}}', newTitle).replace('{{position}}', '1')).waitFor()
    await expect.poll(() => page.getByTestId('order-row').first().innerText()).toContain(newTitle)
    await expect.poll(() => page.locator('tbody tr:not([data-skeleton])').first().innerText()).toContain(newTitle)
    expect(await axeViolations(page)).toEqual([])

    // a coupon for it, code generated, from today
    await page.goto('/admin-panel/coupons/create')
    await page.getByLabel(fieldLabel(c.fields.name_ar)).fill(`${coupon} ع`)
    await page.getByLabel(fieldLabel(c.fields.name_en)).fill(`${coupon} E`)
    await page.getByRole('button', { name: c.generateLabel }).click()
    const code = page.getByLabel(fieldLabel(c.fields.code))
    await expect.poll(() => code.inputValue()).toMatch(/^[A-Z2-9]{8}$/)
    const generated = await code.inputValue()
    await page.getByLabel(fieldLabel(c.fields.value_percent)).fill('20')
    await page.getByLabel(fieldLabel(c.fields.user_count)).fill('5')
    const today = businessDayOf(new Date())
    const later = businessDayOf(new Date(Date.now() + 30 * 86_400_000))
    for (const [label, day] of [
      [c.fields.from, today],
      [c.fields.to, later],
    ] as const) {
      const box = page.getByRole('textbox', { name: fieldLabel(label) })
      await box.fill(day)
      await box.press('Enter')
      await expect.poll(() => box.inputValue()).toBe(day)
    }
    // no package yet: the form says one must be chosen
    await page.getByRole('button', { name: t.actions.save }).click()
    await page.getByText(t.validation.packagesRequired).waitFor()
    const packagesBox = page.getByRole('combobox', { name: fieldLabel(c.fields.package_ids) })
    await packagesBox.click()
    await page.getByRole('option', { name: new RegExp(`${title} ${lang === 'ar' ? 'ع' : 'E'}`) }).click()
    await page.keyboard.press('Escape')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, '**/admin-panel/coupons/list')
    const couponRow = page.locator('tbody tr', { hasText: generated })
    await couponRow.waitFor()
    await expect.poll(() => couponRow.locator('[data-status]').getAttribute('data-status')).toBe('active')
    await expect.poll(() => couponRow.innerText()).toContain(c.status.active)
    await expect.poll(() => couponRow.innerText()).toContain(`${title} ${lang === 'ar' ? 'ع' : 'E'}`)
    // the demo coupons show every status; the status filter keeps the address
    await page.goto('/admin-panel/coupons/list?status=used_up')
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    await expect
      .poll(async () => (await page.locator('tbody [data-status]').evaluateAll((b) => b.map((x) => x.getAttribute('data-status')))).join())
      .toMatch(/^(used_up,?)+$/)
    expect(await axeViolations(page)).toEqual([])

    // the general settings: saved, and shown again as saved
    await page.goto('/admin-panel/subscription-packages/general')
    const trialDays = page.getByLabel(fieldLabel(p.fields.free_trial_days))
    await trialDays.waitFor()
    const days = lang === 'ar' ? '21' : '30'
    await trialDays.fill(days)
    await page.getByLabel(fieldLabel(p.fields.invoice_prefix)).fill(`INV${lang.toUpperCase()}`)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.actions.save }).click()
    await page.getByText(t.messages.updated).first().waitFor()
    await page.reload()
    // an Arabic page shows the number in Arabic-Indic digits
    const latin = (text: string) => text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    await expect.poll(async () => latin(await page.getByLabel(fieldLabel(p.fields.free_trial_days)).inputValue())).toBe(days)
    await expect.poll(() => page.getByLabel(fieldLabel(p.fields.invoice_prefix)).inputValue()).toBe(`INV${lang.toUpperCase()}`)

    // a phone: the list and the form fit the width
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/admin-panel/coupons/create')
    await page.getByLabel(fieldLabel(c.fields.name_ar)).waitFor()
    expect(await fitsWidth(page)).toBe(true)
    await context.close()
  })
})
