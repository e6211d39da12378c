import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { catalogues } from '../../src/i18n/catalogue'
import arCharts from '../../src/i18n/charts/ar.json'
import enCharts from '../../src/i18n/charts/en.json'
import { ADMIN, newPage, serverAndBrowser, signIn, waitUrl } from './harness'

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
    await page.getByTestId('path-player').getByRole('combobox').selectOption('conflict.fetching')
    await page.getByText(/Step 1 of \d+/).waitFor()
    expect(await page.getByText(t.flows.noLive).isVisible()).toBe(true)
    if (shots) await page.screenshot({ path: `${shots}/flows-crudform-en.png`, fullPage: true })
    await context.close()
  }, 180_000)
})
