import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { catalogues } from '../../src/i18n/catalogue'
import arCharts from '../../src/i18n/charts/ar.json'
import enCharts from '../../src/i18n/charts/en.json'
import { ADMIN, fieldLabel, newPage, serverAndBrowser, signIn, waitUrl } from './harness'

const { ar, en } = catalogues
const env = serverAndBrowser()
const shots = process.env.FLOWS_SHOTS

const state = (page: Page, key: string) => page.locator(`[data-testid="diagram"] [data-state-key="${key}"]`)
const liveStates = (page: Page) => page.getByTestId('live-state').allTextContents()
const liveEvents = (page: Page) => page.getByTestId('live-events').first().locator('li').allTextContents()

async function openFlows(lang: 'ar' | 'en') {
  const { context, page } = await newPage(env.browser, env.server.url, 'ar')
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/admin-panel/sign-in')
  await signIn(page, ADMIN.email, ADMIN.password, ar)
  await waitUrl(page, '**/admin-panel/dashboard')
  // signing in may reload the page into the admin's own language: the choice is stored once it has settled
  await expect.poll(() => page.evaluate((l) => (localStorage.setItem('lang', l), true), lang).catch(() => false)).toBe(true)
  await page.goto('/admin-panel/flows')
  const t = lang === 'en' ? en : ar
  await page.getByRole('navigation', { name: t.flows.charts }).waitFor()
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang)
  return { context, page, t }
}

const pick = async (page: Page, t: typeof ar, id: string) => {
  await page.getByRole('navigation', { name: t.flows.charts }).getByRole('button', { name: id, exact: true }).click()
  await expect.poll(() => page.getByTestId('chart-title').textContent()).toBe(id)
}

describe('the Flows screen', () => {
  it('shows the session chart with the live session in signedIn, its descriptions in Arabic, a path played step by step, and the language chart following a switch live', async () => {
    const { context, page, t } = await openFlows('ar')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await pick(page, t, 'session')
    await expect.poll(() => liveStates(page)).toEqual(['{"signedIn":"idle"}'])
    await expect.poll(() => state(page, 'signedIn').getAttribute('data-live')).toBe('true')
    await expect.poll(() => state(page, 'signedIn.idle').getAttribute('data-live')).toBe('true')
    expect(await state(page, 'signedOut').getAttribute('data-live')).toBe('false')

    // keyboard: a state takes focus and Enter shows what it means, in Arabic
    await state(page, 'signedOut').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('focused-state').getByText(arCharts.session.signedOut).waitFor()
    await page.getByTestId('focused-state').getByText(arCharts.session['signedOut session.signIn']).waitFor()

    // the path player: the shortest way to signingOut, one step at a time
    await page.getByTestId('path-player').getByRole('combobox').selectOption('signingOut')
    await page.getByText(t.flows.step.replace('{{n}}', '1').replace('{{total}}', '3')).waitFor()
    await page.getByRole('button', { name: t.flows.next }).click()
    await expect.poll(() => state(page, 'signedIn.idle').getAttribute('data-step')).toBe('true')
    await page.getByRole('button', { name: t.flows.next }).click()
    await expect.poll(() => state(page, 'signingOut').getAttribute('data-step')).toBe('true')
    expect(await page.getByRole('button', { name: t.flows.next }).isDisabled()).toBe(true)
    if (shots) await page.screenshot({ path: `${shots}/flows-session-ar.png`, fullPage: true })

    // the language chart, live: switching the language shows its events and its state as they come
    await pick(page, t, 'locale')
    await expect.poll(() => liveStates(page)).toEqual(['"idle"'])
    await page.getByTestId('language-switch').click()
    await expect.poll(() => liveEvents(page)).toEqual(['xstate.done.actor.changeLanguage', 'locale.change'])
    await expect.poll(() => state(page, 'idle').getAttribute('data-live')).toBe('true')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr')

    // signing out through the menu ends the session: the screen is left for sign-in
    await page.getByRole('button', { name: ADMIN.name }).first().click()
    await page.getByTestId('logout').click()
    await waitUrl(page, /\/admin-panel\/sign-in/)
    await context.close()
  }, 180_000)

  it('lays out the largest chart (crudForm) in English, with its descriptions and a path to the stale-save question', async () => {
    const { context, page, t } = await openFlows('en')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr')
    await pick(page, t, 'crudForm')
    await expect.poll(() => page.locator('[data-testid="diagram"] [data-state-key]').count()).toBe(13)
    await state(page, 'conflict').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('focused-state').getByText(enCharts.crudForm.conflict).waitFor()
    // the focused state's own arrows stand out, the others fade
    const own = page.locator('[data-testid="diagram"] [data-own="true"]')
    await expect.poll(() => own.count()).toBe(3)
    expect(await own.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-edge-from')))).toEqual(['conflict', 'conflict', 'conflict'])
    expect(await page.locator('[data-testid="diagram"] [data-own="false"][opacity="0.3"]').count()).toBeGreaterThan(20)
    await page.getByTestId('path-player').getByRole('combobox').selectOption('conflict.fetching')
    await page.getByText(/Step 1 of \d+/).waitFor()
    expect(await page.getByText(t.flows.noLive).isVisible()).toBe(true)
    if (shots) await page.screenshot({ path: `${shots}/flows-crudform-en.png`, fullPage: true })
    await context.close()
  }, 180_000)
})

/** The API as the signed-in admin (someone else at another desk, for the page). */
const api = (page: Page, method: string, path: string, body?: object) =>
  page.evaluate(
    async ([method, path, body]) => {
      const response = await fetch(`/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('id-token')}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      return { status: response.status, body: (await response.json()) as { result: { item: { id: number } } } }
    },
    [method, path, body] as const,
  )

const category = (en: string) => ({
  name_ar: 'مصابيح',
  name_en: en,
  description_ar: null,
  description_en: null,
  parent_id: null,
  image: null,
  is_active: true,
  sort_order: 0,
})

/** The account menu's "Flows panel" entry, pressed; the entry says whether the panel is docked. */
async function toggleFlowsPanel(page: Page, t: typeof ar, ticked: boolean) {
  await page.getByTestId('account-menu').click()
  const entry = page.getByRole('menuitemcheckbox', { name: t.flows.panel })
  await expect.poll(() => entry.getAttribute('aria-checked')).toBe(String(ticked))
  await entry.click()
}

describe('the Flows panel docked under a screen', () => {
  it('follows a form being edited live: typing, saving, and a save refused as stale (409), in English', async () => {
    const { context, page, t } = await openFlows('en')
    const created = await api(page, 'POST', 'admin-panal/categories', category('Lamps'))
    expect(created.status).toBe(201)
    const { id } = created.body.result.item
    await page.goto(`/admin-panel/categories/edit/${id}`)
    const nameEn = page.getByLabel(fieldLabel(t.categories.fields.name_en))
    await expect.poll(() => nameEn.inputValue()).toBe('Lamps')

    await toggleFlowsPanel(page, t, false)
    await page.getByRole('region', { name: t.flows.panel }).waitFor()
    // (found by its test id: under the conflict dialog below, the page around the dialog is inert)
    const dock = page.getByTestId('tool-dock')
    await dock.getByRole('navigation', { name: t.flows.charts }).getByRole('button', { name: 'crudForm', exact: true }).click()
    await expect.poll(() => dock.getByTestId('chart-title').textContent()).toBe('crudForm')
    const live = () => dock.getByTestId('live-state').allTextContents()
    const events = () => dock.getByTestId('live-events').first().locator('li').allTextContents()
    const at = (key: string) => dock.locator(`[data-testid="diagram"] [data-state-key="${key}"]`).getAttribute('data-live')
    await expect.poll(live).toEqual(['"editing"'])
    await expect.poll(() => at('editing')).toBe('true')

    // typing: the form's chart hears it
    await nameEn.fill('Desk lamps')
    await expect.poll(async () => (await events())[0]).toBe('form.changed')

    // a save that goes through: submitting, then saved (the form is left for the record)
    // meanwhile someone else saves the record: the next save is refused as stale
    const theirs = await api(page, 'PUT', `admin-panal/categories/${id}`, { ...category('Lighting'), version: 1 })
    expect(theirs.status).toBe(200)
    await page.getByRole('button', { name: t.actions.save, exact: true }).click()
    await expect.poll(live).toEqual(['{"conflict":"comparing"}'])
    await expect.poll(() => at('conflict.comparing')).toBe('true')
    expect(await at('editing')).toBe('false')
    const seen = await events()
    expect(seen.slice(0, 3)).toEqual(['xstate.done.actor.loadLatest', 'xstate.error.actor.saveRecord', 'form.submit'])
    if (shots) await page.screenshot({ path: `${shots}/flows-dock-conflict-en.png` })

    // the conflict resolved with the admin's values: the save goes out over the new version
    const actorIds = () => dock.getByTestId('live-actor').evaluateAll((list) => list.map((a) => a.querySelector('span')?.textContent))
    const [editing] = await actorIds()
    expect(editing).toMatch(/^x:\d+$/)
    await page.getByRole('alertdialog', { name: t.form.conflictTitle }).getByRole('button', { name: t.form.conflictSave }).click()
    // saved over the new version: the form is left for the record, and its actor stops (the panel drops
    // it; the record's page runs its own, for a sub-category)
    await waitUrl(page, new RegExp(`/admin-panel/categories/view/${id}$`))
    await expect.poll(async () => (await actorIds()).includes(editing)).toBe(false)

    // the panel stays across screens, and the menu's tick puts it away
    await page.getByRole('banner').getByRole('link', { name: t.nav.dashboard, exact: true }).click()
    await waitUrl(page, /\/admin-panel\/dashboard$/)
    await dock.waitFor()
    await toggleFlowsPanel(page, t, true)
    await expect.poll(() => dock.count()).toBe(0)
    await context.close()
  }, 180_000)

  it('follows the session through a sign-out from the menu: the highlight moves to signedOut, in Arabic', async () => {
    const { context, page, t } = await openFlows('ar')
    await page.goto('/admin-panel/dashboard')
    await toggleFlowsPanel(page, t, false)
    const dock = page.getByRole('region', { name: t.flows.panel })
    await dock.getByRole('navigation', { name: t.flows.charts }).getByRole('button', { name: 'session', exact: true }).click()
    const at = (key: string) => dock.locator(`[data-testid="diagram"] [data-state-key="${key}"]`).getAttribute('data-live')
    await expect.poll(() => at('signedIn.idle')).toBe('true')
    expect(await at('signedOut')).toBe('false')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    if (shots) await page.screenshot({ path: `${shots}/flows-dock-session-ar.png` })

    await page.getByTestId('account-menu').click()
    await page.getByTestId('logout').click()
    await waitUrl(page, /\/admin-panel\/sign-in/)
    await expect.poll(() => at('signedOut')).toBe('true')
    expect(await at('signedIn')).toBe('false')
    const events = await dock.getByTestId('live-events').first().locator('li').allTextContents()
    // newest first: the sign-out asked, then answered (the sign-in screen's own check may follow)
    expect(events.indexOf('xstate.done.actor.logout')).toBeGreaterThan(-1)
    expect(events.indexOf('session.logout')).toBeGreaterThan(events.indexOf('xstate.done.actor.logout'))
    await dock.getByRole('button', { name: t.actions.close }).click()
    await expect.poll(() => dock.count()).toBe(0)
    await context.close()
  }, 180_000)
})
