import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, startServer, waitUrl, type RunningServer } from './harness'
import { axeViolations, signedInAdmin } from './admin'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('properties in the browser', () => {
  it('lists with the mapped badge, creates a choice property with values, views and edits it', async () => {
    const { context, page, t } = await signedInAdmin(browser, server.url, 'en')
    await page.getByRole('link', { name: t.nav.properties }).click()
    await waitUrl(page, '**/admin-panel/properties/list')
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    expect(await page.getByText(t.properties.notMapped).count()).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: t.properties.add }).click()
    await waitUrl(page, '**/admin-panel/properties/create')
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
    await page.getByRole('heading', { name: 'Pack size' }).waitFor()
    await page.getByText('Large').waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: t.actions.edit }).click()
    await waitUrl(page, /\/admin-panel\/properties\/edit\/\d+$/)
    await page.getByRole('button', { name: t.properties.removeValue.replace('{{n}}', '2') }).click()
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/properties\/view\/\d+$/)
    await page.getByText('Small').waitFor()
    expect(await page.getByText('Large').count()).toBe(0)
    await context.close()
  })
})
