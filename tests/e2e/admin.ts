import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { catalogues } from '../../src/i18n/catalogue'

const { ar, en } = catalogues
import { ADMIN, newPage, signIn, waitUrl } from './harness'

/**
 * Signs the owner in and lands on the dashboard in the given language. The owner's own language is
 * Arabic, so signing in from an English page would reload the page into Arabic: sign in in Arabic,
 * then switch the page to English.
 */
export async function signedInAdmin(browser: Browser, url: string, lang: 'ar' | 'en') {
  const t = lang === 'ar' ? ar : en
  const { context, page } = await newPage(browser, url, 'ar')
  await page.goto('/admin-panel/sign-in')
  await signIn(page, ADMIN.email, ADMIN.password, ar)
  await waitUrl(page, '**/admin-panel/dashboard')
  await page.getByTestId('welcome').waitFor()
  if (lang === 'en') {
    await page.evaluate(() => localStorage.setItem('lang', 'en'))
    await page.reload()
    await page.getByRole('heading', { name: en.dashboard.title }).waitFor()
  }
  return { context, page, t }
}

/** Serious and critical accessibility violations of the page as it is now. */
export async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Types into a rich text editor (a contentEditable textbox named by its label). */
export async function typeRich(page: Page, label: string, text: string) {
  const box = page.getByRole('textbox', { name: label, exact: true })
  await box.click()
  await page.keyboard.type(text)
}

/** A valid 1x1 png (the server checks the content, the browser decodes it). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/** Chooses a file in an image field (its hidden input is marked `<name>-file`). */
export async function chooseImage(page: Page, field: string, name: string, mimeType: string, buffer: Buffer) {
  await page.getByTestId(`${field}-file`).setInputFiles({ name, mimeType, buffer })
}

/** True when no element is wider than the window (no horizontal scroll). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** `{{n}}`-style interpolation of a catalogue message, for asserting on what the screen says. */
export const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]))
