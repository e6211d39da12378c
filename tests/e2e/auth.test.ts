import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { catalogues } from '../../src/i18n/catalogue'

const { ar, en } = catalogues
import { ADMIN, DEMO_PASSWORD, EXPIRED_TOKEN, INACTIVE_ADMIN, fieldLabel, newPage, signIn, waitUrl, serverAndBrowser } from './harness'

const env = serverAndBrowser()

const open = async (lang?: 'ar' | 'en') => newPage(env.browser, env.server.url, lang)
const dir = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])

describe('admin sign-in lifecycle in the browser', () => {
  it('sends a guest from /admin-panel to sign-in, in Arabic and right-to-left by default', async () => {
    const { context, page } = await open()
    await page.goto('/admin-panel')
    await waitUrl(page, '**/admin-panel/sign-in')
    await page.getByRole('heading', { name: ar.auth.signIn.title }).waitFor()
    await expect.poll(() => dir(page)).toEqual(['ar', 'rtl'])
    await context.close()
  })

  it('signs in in Arabic (rtl), keeps where the admin was going, and shows the welcome', async () => {
    const { context, page } = await open('ar')
    await page.goto('/admin-panel/profile')
    await waitUrl(page, /\/admin-panel\/sign-in\?redirect=/)
    await signIn(page, ADMIN.email, ADMIN.password, ar)
    await waitUrl(page, '**/admin-panel/profile')
    await page.getByRole('heading', { name: ar.actions.profile }).waitFor()
    await expect.poll(() => dir(page)).toEqual(['ar', 'rtl'])
    await expect.poll(() => page.evaluate(() => localStorage.getItem('id-token'))).toBeTruthy()
    await page.goto('/admin-panel')
    await waitUrl(page, '**/admin-panel/dashboard')
    await page.getByTestId('welcome').getByText(ADMIN.name).waitFor()
    // guest-only screens send a signed-in admin to the dashboard
    await page.goto('/admin-panel/sign-in')
    await waitUrl(page, '**/admin-panel/dashboard')
    await context.close()
  })

  it('signs in in English (ltr) for an admin whose language is English', async () => {
    const { context, page } = await open('en')
    await page.goto('/admin-panel/sign-in')
    await expect.poll(() => dir(page)).toEqual(['en', 'ltr'])
    await signIn(page, 'james.subadmin@example.com', DEMO_PASSWORD, en)
    await waitUrl(page, '**/admin-panel/dashboard')
    await page.getByText('Welcome, James Carter').waitFor()
    await expect.poll(() => dir(page)).toEqual(['en', 'ltr'])
    await context.close()
  })

  it("reloads into the admin's own language when it differs from the page's", async () => {
    const { context, page } = await open('en')
    await page.goto('/admin-panel/sign-in')
    await signIn(page, ADMIN.email, ADMIN.password, en)
    await waitUrl(page, '**/admin-panel/dashboard')
    await page.getByRole('heading', { name: ar.dashboard.title }).waitFor()
    await expect.poll(() => dir(page)).toEqual(['ar', 'rtl'])
    await context.close()
  })

  it('shows the server message for a wrong password, in both languages', async () => {
    for (const [lang, t] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const { context, page } = await open(lang)
      await page.goto('/admin-panel/sign-in')
      await signIn(page, ADMIN.email, 'Wrong#Pass1', t)
      const dialog = page.getByRole('alertdialog')
      await dialog.getByText(t.errors.invalidCredentials).waitFor()
      await dialog.getByRole('button', { name: t.actions.tryAgain }).click()
      await dialog.waitFor({ state: 'hidden' })
      expect(page.url()).toContain('/admin-panel/sign-in')
      await context.close()
    }
  })

  it('validates before the server: required and email format', async () => {
    const { context, page } = await open('en')
    await page.goto('/admin-panel/sign-in')
    await page.getByRole('button', { name: en.actions.signIn }).click()
    await page.getByText(en.validation.required).first().waitFor()
    await page.getByLabel(en.fields.email).fill('not-an-email')
    await page.getByLabel(en.fields.email).blur()
    await page.getByText(en.validation.email).waitFor()
    await context.close()
  })

  it('tells an inactive admin so, only after a correct password', async () => {
    const { context, page } = await open('en')
    await page.goto('/admin-panel/sign-in')
    await signIn(page, INACTIVE_ADMIN, DEMO_PASSWORD, en)
    await page.getByRole('alertdialog').getByText(en.errors.adminInactive).waitFor()
    await context.close()
  })

  it('resets a forgotten password through the mailed link, then signs in with the new one', async () => {
    const email = 'sara.subadmin@example.com'
    const { context, page } = await open('en')
    await page.goto('/admin-panel/sign-in')
    await page.getByRole('link', { name: en.auth.signIn.forgot }).click()
    await waitUrl(page, '**/admin-panel/forget-password')
    await page.getByLabel(en.fields.email).fill(email)
    await page.getByRole('button', { name: en.actions.send }).click()
    await page.getByRole('heading', { name: en.auth.forgot.sentTitle }).waitFor()

    // the mail leaves after the answer: wait for it to land in the outbox
    await expect.poll(async () => (await env.server.outbox()).some((m) => m.to.includes(email))).toBe(true)
    const mail = (await env.server.outbox()).find((m) => m.to.includes(email))
    const link = /https?:\/\/\S+\/admin-panel\/reset-password\?token=[\w-]+/.exec(mail!.text)?.[0]
    expect(link).toBeDefined()
    expect(link!.startsWith(env.server.url)).toBe(true)

    await page.goto(link!)
    await page.getByRole('heading', { name: en.auth.reset.title }).waitFor()
    await page.getByLabel(fieldLabel(en.fields.newPassword)).fill('weak')
    await expect.poll(() => page.getByRole('meter').getAttribute('aria-valuetext')).toBe(en.auth.strength.weak)
    await page.getByLabel(fieldLabel(en.fields.newPassword)).fill('Brand#New2026')
    await expect.poll(() => page.getByRole('meter').getAttribute('aria-valuetext')).toBe(en.auth.strength.strong)
    await page.getByLabel(fieldLabel(en.fields.password_confirmation)).fill('Brand#New2027')
    await page.getByRole('button', { name: en.actions.submit }).click()
    await page.getByText(en.validation.passwordsMatch).waitFor()
    await page.getByLabel(fieldLabel(en.fields.password_confirmation)).fill('Brand#New2026')
    await page.getByRole('button', { name: en.actions.submit }).click()
    const done = page.getByRole('dialog')
    await done.getByText(en.auth.reset.doneBody).waitFor()
    await done.getByRole('button', { name: en.actions.ok }).click()
    await waitUrl(page, '**/admin-panel/sign-in')

    // the used link cannot be used again
    await page.goto(link!)
    await page.getByRole('heading', { name: en.auth.reset.invalidTitle }).waitFor()
    await page.getByText(en.errors.tokenInvalid).waitFor()
    await page.getByRole('link', { name: en.actions.requestNewLink }).waitFor()

    await page.goto('/admin-panel/sign-in')
    await signIn(page, email, DEMO_PASSWORD, en)
    await page.getByRole('alertdialog').getByText(en.errors.invalidCredentials).waitFor()
    await page.getByRole('button', { name: en.actions.tryAgain }).click()
    await signIn(page, email, 'Brand#New2026', en)
    await waitUrl(page, '**/admin-panel/dashboard')
    await context.close()
  })

  it('says an expired link has expired and offers a new one', async () => {
    for (const [lang, t] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const { context, page } = await open(lang)
      await page.goto(`/admin-panel/reset-password?token=${EXPIRED_TOKEN}`)
      await page.getByText(t.errors.linkExpired).waitFor()
      await page.getByRole('link', { name: t.actions.requestNewLink }).click()
      await waitUrl(page, '**/admin-panel/forget-password')
      await context.close()
    }
  })

  it('logs out; Back then does not show admin pages', async () => {
    const { context, page } = await open('ar')
    await page.goto('/admin-panel/sign-in')
    await signIn(page, ADMIN.email, ADMIN.password, ar)
    await waitUrl(page, '**/admin-panel/dashboard')
    await page.getByTestId('account-menu').click()
    await page.getByRole('menuitem', { name: ar.actions.profile }).click()
    await waitUrl(page, '**/admin-panel/profile')
    await page.getByTestId('account-menu').click()
    await page.getByTestId('logout').click()
    await waitUrl(page, '**/admin-panel/sign-in**')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('id-token'))).toBeNull()
    await page.goBack()
    await waitUrl(page, '**/admin-panel/sign-in?redirect=%2Fadmin-panel%2Fdashboard')
    await page.getByRole('heading', { name: ar.auth.signIn.title }).waitFor()
    await expect.poll(() => page.getByTestId('welcome').count()).toBe(0)
    await page.goto('/admin-panel/dashboard')
    await waitUrl(page, '**/admin-panel/sign-in**')
    await context.close()
  })

  it('sends every unknown path to /404', async () => {
    const { context, page } = await open('en')
    await page.goto('/no/such/page')
    await waitUrl(page, '**/404')
    await page.getByRole('heading', { name: en.notFound.title }).waitFor()
    await context.close()
  })

  it('purges a session whose token the server no longer accepts', async () => {
    const { context, page } = await open('en')
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('planted')) {
        localStorage.setItem('id-token', 'not-a-real-token')
        localStorage.setItem('id-identity', 'admin')
        sessionStorage.setItem('planted', '1')
      }
    })
    await page.goto('/admin-panel/dashboard')
    await waitUrl(page, '**/admin-panel/sign-in**')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('id-token'))).toBeNull()
    await context.close()
  })
})
