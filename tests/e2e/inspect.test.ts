import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { catalogues } from '../../src/i18n/catalogue'
import { ADMIN, newPage, serverAndBrowser, signIn, waitUrl } from './harness'

const { ar } = catalogues
const env = serverAndBrowser()

type Message = { type?: string; name?: string; sessionId?: string; snapshot?: { value?: unknown }; event?: { type?: string } }
declare global {
  interface Window {
    inspectorMessages: Message[]
    inspectorOpened: string[]
  }
}

/** Stands in for the Stately inspector's window: what the app opens and posts to is kept on the page. */
async function withInspectorWindow(context: BrowserContext) {
  await context.addInitScript(() => {
    window.inspectorMessages = []
    window.inspectorOpened = []
    window.open = (url?: string | URL) => {
      window.inspectorOpened.push(String(url))
      return { closed: false, postMessage: (message: Message) => window.inspectorMessages.push(message) } as unknown as Window
    }
  })
}

const messages = (page: Page) => page.evaluate(() => window.inspectorMessages)
const sessionIdOf = async (page: Page) => (await messages(page)).find((m) => m.type === '@xstate.actor' && m.name === 'session')?.sessionId
const sessionStates = async (page: Page) => {
  const all = await messages(page)
  const id = all.find((m) => m.type === '@xstate.actor' && m.name === 'session')?.sessionId
  return all.filter((m) => m.type === '@xstate.snapshot' && m.sessionId === id).map((m) => JSON.stringify(m.snapshot?.value))
}

describe('the Stately inspector', () => {
  it('with ?inspect, receives the session actor, its events and its states', async () => {
    const { context, page } = await newPage(env.browser, env.server.url, 'ar')
    await withInspectorWindow(context)
    const scripts: string[] = []
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())))
    await page.goto('/admin-panel/sign-in?inspect')
    await page.getByRole('heading', { name: ar.auth.signIn.title }).waitFor()
    await expect.poll(() => page.evaluate(() => window.inspectorOpened)).toEqual(['https://stately.ai/inspect'])
    expect(scripts.filter((url) => url.includes('inspector'))).toHaveLength(1)
    // the inspector's window says it is ready, as Stately's does once loaded: what was kept is sent
    await page.evaluate(() => window.postMessage({ type: '@statelyai.connected' }, '*'))
    await expect.poll(() => sessionIdOf(page)).toBeTruthy()
    await expect.poll(() => sessionStates(page)).toContain('"signedOut"')

    await signIn(page, ADMIN.email, ADMIN.password, ar)
    await waitUrl(page, '**/admin-panel/dashboard')
    await expect.poll(() => sessionStates(page)).toContain('{"signedIn":"idle"}')
    const id = await sessionIdOf(page)
    const events = (await messages(page)).filter((m) => m.type === '@xstate.event' && m.sessionId === id).map((m) => m.event?.type)
    expect(events).toContain('session.signIn')
    expect(events).toContain('xstate.done.actor.adminLogin')
    // actors the screens start are watched too
    await page.goto('/admin-panel/categories/list?inspect')
    await page.evaluate(() => window.postMessage({ type: '@statelyai.connected' }, '*'))
    await expect.poll(async () => (await messages(page)).map((m) => m.name)).toContain('dataTable')
    await context.close()
  }, 180_000)

  it('stays off without ?inspect: no window, nothing sent', async () => {
    const { context, page } = await newPage(env.browser, env.server.url, 'ar')
    await withInspectorWindow(context)
    const scripts: string[] = []
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())))
    await page.goto('/admin-panel/sign-in')
    await page.getByRole('heading', { name: ar.auth.signIn.title }).waitFor()
    await page.evaluate(() => window.postMessage({ type: '@statelyai.connected' }, '*'))
    await signIn(page, ADMIN.email, ADMIN.password, ar)
    await waitUrl(page, '**/admin-panel/dashboard')
    expect(await page.evaluate(() => window.inspectorOpened)).toEqual([])
    expect(await messages(page)).toEqual([])
    expect(scripts.filter((url) => url.includes('inspector'))).toEqual([])
    await context.close()
  }, 180_000)
})
