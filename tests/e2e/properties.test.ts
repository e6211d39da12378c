import { describe, expect, it } from 'vitest'
import { waitUrl, serverAndBrowser } from './harness'
import { axeViolations, fill, fitsWidth, signedInAdmin } from './admin'

const env = serverAndBrowser()

describe.each(['ar', 'en'] as const)('properties in the browser (%s)', (lang) => {
  const shown = lang === 'ar' ? { name: 'الحجم', small: 'صغير', large: 'كبير' } : { name: 'Pack size', small: 'Small', large: 'Large' }
  it('lists without a "Not mapped" badge on every row, creates a choice property with values, views and edits it', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.goto('/admin-panel/properties/list')
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    // whether a property is mapped waits for the mapping module: the list neither shows nor filters it
    expect(await page.getByText(lang === 'ar' ? 'غير مربوطة' : 'Not mapped').count()).toBe(0)
    expect(await page.getByRole('columnheader', { name: lang === 'ar' ? 'الربط' : 'Mapping' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')

    await page.getByRole('link', { name: t.properties.add }).click()
    await waitUrl(page, '**/admin-panel/properties/create')
    await page.getByRole('button', { name: t.actions.save }).click()
    await expect.poll(() => page.getByText(t.validation.required).count()).toBeGreaterThan(1)
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel(t.properties.fields.name_ar).fill('الحجم')
    await page.getByLabel(t.properties.fields.name_en).fill('Pack size')
    await page.getByRole('combobox', { name: t.properties.fields.attribute_type }).click()
    await page.getByRole('option', { name: t.lists.attribute_types.SELECT }).click()
    await page.getByRole('button', { name: t.properties.addValue }).click()
    await page.getByRole('button', { name: t.properties.addValue }).click()
    await page.getByLabel(t.properties.fields.value_ar.replace('{{n}}', '1')).fill('صغير')
    await page.getByLabel(t.properties.fields.value_en.replace('{{n}}', '1')).fill('Small')
    await page.getByLabel(t.properties.fields.value_ar.replace('{{n}}', '2')).fill('كبير')
    await page.getByLabel(t.properties.fields.value_en.replace('{{n}}', '2')).fill('Large')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/properties\/view\/\d+$/)
    await page.getByRole('heading', { name: shown.name }).waitFor()
    await page.getByText(shown.large).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: t.actions.edit }).click()
    await waitUrl(page, /\/admin-panel\/properties\/edit\/\d+$/)
    await page.getByRole('button', { name: t.properties.removeValue.replace('{{n}}', '2') }).click()
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/properties\/view\/\d+$/)
    await page.getByText(shown.small).waitFor()
    await expect.poll(() => page.getByText(shown.large).count()).toBe(0)

    // several types at once: chosen from the list, kept in the address, removed by their chips
    await page.goto('/admin-panel/properties/list')
    // a type without values says so with "-", a choice type counts its values
    const listed = page.locator('tbody tr:not([data-skeleton])')
    await listed.first().waitFor()
    const counts = await listed.evaluateAll((rows) =>
      rows.map((row) => [row.querySelector('td:nth-child(2)')?.textContent ?? '', row.querySelector('td:nth-child(3)')?.textContent ?? '']),
    )
    const choices = [t.lists.attribute_types.SELECT, t.lists.attribute_types.MULTI_SELECT]
    for (const [type, values] of counts) expect(values).toMatch(choices.includes(type!) ? /^\d+$/ : /^-$/)
    expect(counts.some(([type]) => !choices.includes(type!))).toBe(true)
    const types = page.getByRole('combobox', { name: t.properties.fields.attribute_type })
    await types.click()
    await page.getByRole('option', { name: t.lists.attribute_types.SELECT, exact: true }).click()
    await waitUrl(page, /attribute_type=SELECT(&|$)/)
    await types.click()
    await page.getByRole('option', { name: t.lists.attribute_types.COLOR, exact: true }).click()
    await waitUrl(page, /attribute_type=SELECT%2CCOLOR/)
    await page.keyboard.press('Escape')
    const typeCells = page.locator('tbody tr:not([data-skeleton]) td:nth-child(2)')
    await expect
      .poll(async () => {
        const cells = await typeCells.allInnerTexts()
        return cells.length > 0 && cells.every((c) => c === t.lists.attribute_types.SELECT || c === t.lists.attribute_types.COLOR)
      })
      .toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await page.reload()
    await page.getByRole('button', { name: fill(t.table.removeChoice, { name: t.lists.attribute_types.COLOR }) }).click()
    await waitUrl(page, /attribute_type=SELECT(&|$)/)

    // found by search, switched off, then deleted after the question
    await page.goto('/admin-panel/properties/list?attribute_type=SELECT')
    await page.getByTestId('table-search').fill(shown.name)
    await waitUrl(page, /search=/)
    const row = page.locator('tbody tr', { hasText: shown.name })
    await row.waitFor()
    const toggle = row.getByRole('checkbox')
    await row.locator('[data-part="control"]').click()
    await expect.poll(() => toggle.isChecked()).toBe(false)
    await page.reload()
    await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(false)
    await row.getByRole('button', { name: t.actions.delete }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: t.actions.yes }).click()
    await page.getByText(t.table.emptyFiltered).waitFor()
    await context.close()
  })
})
