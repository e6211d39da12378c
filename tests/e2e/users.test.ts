import { describe, expect, it } from 'vitest'
import { fieldLabel, newPage, serverAndBrowser, signIn, waitUrl } from './harness'
import { axeViolations, fill, fitsWidth, signedInAdmin } from './admin'

const env = serverAndBrowser()
const STRONG = 'Team-Secret-42'
const NEWER = 'Team-Newer-43'

describe.each(['ar', 'en'] as const)('admin users and roles in the browser (%s)', (lang) => {
  it('a role made in the matrix and a sub user holding it: the sub user sees only what the role allows, and changing its password ends its other session, and the sign-in screen says why', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    const roleName = `${lang}-coupon-keeper`
    const email = `keeper-${lang}@example.com`

    // the role: coupons:view only, chosen from the keyboard in the matrix
    await page.goto('/admin-panel/roles/create')
    await page.getByLabel(fieldLabel(t.roles.fields.name_ar)).fill(`${roleName} ع`)
    await page.getByLabel(fieldLabel(t.roles.fields.name_en)).fill(roleName)
    const viewColumn = page.getByRole('checkbox', { name: fill(t.roles.matrix.allOfAction, { action: t.roles.actions.view }) })
    await viewColumn.check()
    await expect
      .poll(() => page.getByRole('checkbox', { name: `${t.roles.modules.vendors}: ${t.roles.actions.view}` }).isChecked())
      .toBe(true)
    await viewColumn.uncheck()
    const couponsView = page.getByRole('checkbox', { name: `${t.roles.modules.coupons}: ${t.roles.actions.view}` })
    await couponsView.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => couponsView.isChecked()).toBe(true)
    await page.getByText(fill(t.roles.matrix.granted, { n: 1 })).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, '**/admin-panel/roles/list')
    await page.locator('tbody tr', { hasText: lang === 'ar' ? `${roleName} ع` : roleName }).waitFor()

    // the sub user holding it
    await page.goto('/admin-panel/users/create')
    await page.getByLabel(fieldLabel(t.users.fields.name)).fill(`Keeper ${lang}`)
    await page.getByLabel(fieldLabel(t.users.fields.email)).fill(email)
    await page.getByLabel(fieldLabel(t.users.fields.password)).fill(STRONG)
    await page.getByLabel(fieldLabel(t.users.fields.password_confirmation)).fill(STRONG)
    await page.getByRole('combobox', { name: fieldLabel(t.users.fields.roles) }).click()
    await page.getByRole('option', { name: lang === 'ar' ? `${roleName} ع` : roleName }).click()
    await page.keyboard.press('Escape')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, '**/admin-panel/users/list')
    await page.locator('tbody tr', { hasText: email }).waitFor()

    // the sub user signs in in two other browsers
    const signedInSub = async () => {
      const second = await newPage(env.browser, env.server.url, lang)
      await second.page.goto('/admin-panel/sign-in')
      await signIn(second.page, email, STRONG, t)
      await waitUrl(second.page, '**/admin-panel/dashboard')
      // a new admin speaks Arabic: an English page switches to English after signing in, as the owner's does
      if (lang === 'en') {
        await second.page.evaluate(() => localStorage.setItem('lang', 'en'))
        await second.page.reload()
        await second.page.getByRole('heading', { name: t.dashboard.title }).waitFor()
      }
      return second
    }
    const sub = await signedInSub()
    const other = await signedInSub()
    await sub.page.goto('/admin-panel/coupons/list')
    await sub.page.getByRole('table', { name: t.coupons.caption }).waitFor()
    // nothing to add, edit or delete: the role only views
    expect(await sub.page.getByRole('link', { name: t.coupons.add }).count()).toBe(0)
    await sub.page.goto('/admin-panel/users/list')
    await sub.page.getByText(t.errors.forbiddenBody).waitFor()
    await sub.page.goto('/admin-panel/venders/list')
    await sub.page.getByText(t.errors.forbiddenBody).waitFor()
    expect(await sub.page.getByRole('button', { name: t.users.group }).count()).toBe(0)

    // it changes its password from its profile: the other browser's session ends, this one stays
    await sub.page.goto('/admin-panel/profile')
    await sub.page.getByLabel(fieldLabel(t.profile.currentPassword)).fill('Wrong-Secret-1')
    await sub.page.getByLabel(fieldLabel(t.fields.newPassword)).fill(NEWER)
    await sub.page.getByLabel(fieldLabel(t.fields.password_confirmation)).fill(NEWER)
    await sub.page.getByRole('button', { name: t.profile.changePassword }).click()
    await sub.page.getByText(t.errors.passwordNotCorrect).first().waitFor()
    await sub.page.getByLabel(fieldLabel(t.profile.currentPassword)).fill(STRONG)
    await sub.page.getByRole('button', { name: t.profile.changePassword }).click()
    await sub.page.getByText(fill(t.users.profile.passwordChanged, { n: 1 })).waitFor()
    expect(await axeViolations(sub.page)).toEqual([])
    expect(await fitsWidth(sub.page)).toBe(true)
    await other.page.goto('/admin-panel/coupons/list')
    await waitUrl(other.page, /\/admin-panel\/sign-in/)
    // the sign-in screen says why
    await other.page.getByRole('status').filter({ hasText: t.auth.sessionEnded.password_changed }).waitFor()
    await sub.page.goto('/admin-panel/coupons/list')
    await sub.page.getByRole('table', { name: t.coupons.caption }).waitFor()

    // the primary user deactivates it: its session ends at once
    const row = page.locator('tbody tr', { hasText: email })
    const active = row.getByRole('checkbox', { name: fill(t.table.toggleActive, { name: `Keeper ${lang}` }) })
    await active.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => active.isChecked()).toBe(false)
    await sub.page.goto('/admin-panel/dashboard')
    await waitUrl(sub.page, /\/admin-panel\/sign-in/)
    await sub.page.getByRole('status').filter({ hasText: t.auth.sessionEnded.deactivated }).waitFor()
    expect(await axeViolations(sub.page)).toEqual([])
    await Promise.all([sub.context.close(), other.context.close(), context.close()])
  })
})
