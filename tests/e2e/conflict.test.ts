import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations, fitsWidth, signedInAdmin } from './admin'
import { fieldLabel, serverAndBrowser, waitUrl } from './harness'

const env = serverAndBrowser()

type Category = { id: number; version: number; translations: { locale: string; name: string; description: string | null }[] }

/** A call to the API as the signed-in admin (someone else at another desk, for the page). */
const api = (page: Page, method: string, path: string, body?: object) =>
  page.evaluate(
    async ([method, path, body]) => {
      const response = await fetch(`/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('id-token')}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      return { status: response.status, body: (await response.json()) as { result: { item: Category } } }
    },
    [method, path, body] as const,
  )

const fields = (names: { ar: string; en: string }, description_ar: string | null = null) => ({
  name_ar: names.ar,
  name_en: names.en,
  description_ar,
  description_en: null,
  parent_id: null,
  image: null,
  is_active: true,
  sort_order: 0,
})

describe.each(['ar', 'en'] as const)('a stale edit in the browser (%s)', (lang) => {
  it('shows the fields both sides changed side by side and saves the chosen values over the new version', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    const created = await api(page, 'POST', 'admin-panal/categories', fields({ ar: `مصابيح ${lang}`, en: `Lamps ${lang}` }))
    expect(created.status).toBe(201)
    const { id } = created.body.result.item

    await page.goto(`/admin-panel/categories/edit/${id}`)
    const nameEn = page.getByLabel(fieldLabel(t.categories.fields.name_en))
    await expect.poll(() => nameEn.inputValue()).toBe(`Lamps ${lang}`)
    await nameEn.fill(`Desk lamps ${lang}`)
    await page.getByLabel(fieldLabel(t.categories.fields.name_ar)).fill(`مصابيح مكتب ${lang}`)

    // meanwhile someone else saves the English name and the Arabic description
    const theirs = await api(page, 'PUT', `admin-panal/categories/${id}`, {
      ...fields({ ar: `مصابيح ${lang}`, en: `Lighting ${lang}` }, 'إضاءة للمنزل'),
      version: 1,
    })
    expect(theirs.status).toBe(200)

    await page.getByRole('button', { name: t.actions.save }).click()
    const dialog = page.getByRole('alertdialog', { name: t.form.conflictTitle })
    const english = dialog.getByRole('group', { name: t.categories.fields.name_en })
    await english.waitFor()
    // only the English name was changed on both sides; the Arabic name and description need no choice
    expect(await dialog.getByRole('group').count()).toBe(1)
    await expect.poll(() => english.getByRole('radio', { name: new RegExp(`Desk lamps ${lang}`) }).isChecked()).toBe(true)
    await english.getByRole('radio', { name: new RegExp(`Lighting ${lang}`) }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)

    // the saved English name is taken; the admin's Arabic name and the other side's description are kept
    await english.getByRole('radio', { name: new RegExp(`Lighting ${lang}`) }).check()
    await dialog.getByRole('button', { name: t.form.conflictSave }).click()
    await waitUrl(page, new RegExp(`/admin-panel/categories/view/${id}$`))
    const saved = (await api(page, 'GET', `admin-panal/categories/${id}`)).body.result.item
    const tr = (locale: string) => saved.translations.find((x) => x.locale === locale)
    expect(saved.version).toBe(3)
    expect(tr('en')?.name).toBe(`Lighting ${lang}`)
    expect(tr('ar')?.name).toBe(`مصابيح مكتب ${lang}`)
    expect(tr('ar')?.description).toBe('إضاءة للمنزل')
    await context.close()
  })
})
