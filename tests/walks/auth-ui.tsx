import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Locale } from '../../src/contract/common'
import { LANGUAGE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../../src/contract/common'
import { catalogues } from '../../src/i18n/catalogue'
import { IDENTITY_STORAGE_KEY } from '../../src/machines/session'
import type { App } from './app'

/**
 * What the session, navigation and locale walks share: how a user signs in, opens the account
 * menu, switches the language, and what the app shows and stores (read in the page's language).
 */

// Zag's popper (the account menu) measures with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

/** The catalogue of the language the page is shown in now (`<html lang>`). */
export const shown = () => catalogues[(document.documentElement.lang === 'ar' ? 'ar' : 'en') satisfies Locale]

export const stored = () => ({
  token: localStorage.getItem(TOKEN_STORAGE_KEY),
  identity: localStorage.getItem(IDENTITY_STORAGE_KEY),
  lang: localStorage.getItem(LANGUAGE_STORAGE_KEY),
})

const isLabel = (text: string) => (content: string) => content.replace(/\*$/, '').trim() === text

export const pathname = (app: App) => app.router.state.location.pathname

/** The sign-in screen's heading (also behind a dialog, which hides the page from the accessibility tree). */
export const signInForm = () => screen.queryByRole('heading', { name: shown().auth.signIn.title, hidden: true })

/** The account menu's trigger (admin screens only). */
export const accountMenu = () => screen.queryByTestId('account-menu')

/** The full-area loading state (start-up check, sign-out). */
export const loadingScreen = () => screen.queryByText(shown().common.loading)

/** Types the credentials and presses "Sign in". */
export async function submitSignIn(email: string, password: string) {
  const t = shown()
  await screen.findByRole('heading', { name: t.auth.signIn.title })
  fireEvent.change(screen.getByLabelText(isLabel(t.fields.email)), { target: { value: email } })
  fireEvent.change(screen.getByLabelText(isLabel(t.fields.password)), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: t.actions.signIn }))
}

/** Opens the account menu and chooses an item, as a pointer does (press, then click). */
export async function chooseInAccountMenu(item: 'profile' | 'logout') {
  const t = shown()
  fireEvent.click(await screen.findByTestId('account-menu'))
  const entry = await screen.findByRole('menuitem', { name: item === 'profile' ? t.actions.profile : t.actions.signOut })
  fireEvent.pointerDown(entry, { pointerType: 'mouse' })
  // the menu highlights the pressed item on the next render; the click then selects it
  await waitFor(() => {
    if (entry.getAttribute('data-highlighted') === null) throw new Error('the menu item is not highlighted yet')
  })
  fireEvent.click(entry)
}

/** Presses the language switch (in the header of every layout). */
export const switchLanguage = async () => fireEvent.click(await screen.findByTestId('language-switch'))

/** The error dialog's message, or null when none is open. */
export const failureDialog = () => {
  const dialog = screen.queryByRole('alertdialog')
  return dialog ? dialog.textContent : null
}

export const closeFailureDialog = async () =>
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: shown().actions.tryAgain }))

/** Back or Forward in the browser's history. */
export const go = (app: App, delta: number) => act(() => app.router.navigate(delta))
