import { describe, expect, it } from 'vitest'
import { signedInAdmin } from './admin'
import { waitUrl, serverAndBrowser } from './harness'

const env = serverAndBrowser()

describe.each(['ar', 'en'] as const)('unsaved changes (%s)', (lang) => {
  it('a link or Back away from a changed form asks first; Stay keeps the text, Leave goes on', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.goto('/admin-panel/categories/list')
    await page.getByRole('link', { name: t.categories.add }).click()
    await waitUrl(page, '**/admin-panel/categories/create')
    const name = page.getByLabel(t.categories.fields.name_ar)
    const question = page.getByRole('alertdialog')

    // nothing typed: Back just goes back
    await page.goBack()
    await waitUrl(page, '**/admin-panel/categories/list')
    await page.goForward()
    await waitUrl(page, '**/admin-panel/categories/create')

    await name.fill('تصنيف لم يُحفظ')
    await page.goBack()
    await question.getByText(t.form.unsavedTitle).waitFor()
    await question.getByRole('button', { name: t.actions.stay }).click()
    await question.waitFor({ state: 'hidden' })
    await waitUrl(page, '**/admin-panel/categories/create')
    await expect.poll(() => name.inputValue()).toBe('تصنيف لم يُحفظ')

    // the logo (a link to the dashboard) asks too; Leave goes where the link pointed
    await page.getByRole('link', { name: t.nav.dashboard }).first().click()
    await question.getByText(t.form.unsavedTitle).waitFor()
    await question.getByRole('button', { name: t.actions.leave }).click()
    await waitUrl(page, '**/admin-panel/dashboard')
    await context.close()
  })

  it('saving or Cancel → Leave navigate without a second question; closing the tab asks the browser', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.goto('/admin-panel/categories/create')
    await page.getByLabel(t.categories.fields.name_ar).fill(lang === 'ar' ? 'ألعاب' : 'ألعاب أطفال')
    await page.getByLabel(t.categories.fields.name_en).fill(lang === 'ar' ? 'Toys' : 'Kids toys')
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/categories\/view\/\d+$/)
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0)

    await page.getByRole('link', { name: t.actions.edit }).click()
    await waitUrl(page, /\/admin-panel\/categories\/edit\/\d+$/)
    await page.getByLabel(t.categories.fields.name_en).fill('Changed')
    await page.getByRole('button', { name: t.actions.cancel }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: t.actions.leave }).click()
    await waitUrl(page, '**/admin-panel/categories/list')
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0)

    await page.goto('/admin-panel/categories/create')
    await page.getByLabel(t.categories.fields.name_ar).fill('مسودة')
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type())
        void dialog.accept()
      }),
    )
    await page.close({ runBeforeUnload: true })
    expect(await asked).toBe('beforeunload')
    await context.close()
  })
})
