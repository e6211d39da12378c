import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/client'
import { SignInScreen } from '../../src/views/auth/sign-in'
import { DashboardScreen } from '../../src/views/dashboard/dashboard'
import { admin, label, renderScreen } from './render'

describe('sign-in screen', () => {
  it('validates before sending: required fields and email format', async () => {
    let calls = 0
    renderScreen(<SignInScreen />, { login: async () => (calls++, { token: 't', admin }) })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findAllByText('Required Field')).toHaveLength(2)
    fireEvent.change(screen.getByLabelText(label('Email')), { target: { value: 'nope' } })
    fireEvent.blur(screen.getByLabelText(label('Email')))
    expect(await screen.findByText('must be a valid email')).toBeTruthy()
    expect(calls).toBe(0)
  })

  it("shows the server's message in an error dialog with Try again!", async () => {
    const { root } = renderScreen(<SignInScreen />, {
      login: async () => {
        throw new ApiError(422, 'Invalid credentials', { email: ['Invalid credentials'] })
      },
    })
    fireEvent.change(screen.getByLabelText(label('Email')), { target: { value: 'sara@example.com' } })
    fireEvent.change(screen.getByLabelText(label('Password')), { target: { value: 'wrong-password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('Invalid credentials')
    fireEvent.click(screen.getByRole('button', { name: 'Try again!' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(root.session.getSnapshot().value).toBe('signedOut')
  })

  it('sends the credentials to the session chart, with the language only when the visitor chose one', async () => {
    const seen: unknown[] = []
    const { root } = renderScreen(<SignInScreen />, { lang: 'ar', login: async (input) => (seen.push(input), { token: 't', admin }) })
    fireEvent.change(screen.getByLabelText(label('البريد الإلكتروني')), { target: { value: 'Sara@Example.com' } })
    fireEvent.change(screen.getByLabelText(label('كلمة المرور')), { target: { value: 'secret-pass' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' })))
    await waitFor(() => expect(root.session.getSnapshot().matches('signedIn')).toBe(true))
    expect(seen).toEqual([{ email: 'Sara@Example.com', password: 'secret-pass' }])
  })
})

describe('dashboard', () => {
  it("welcomes the admin by name with the last sign-in, in the page's language", async () => {
    renderScreen(<DashboardScreen />, { lang: 'ar', signedIn: true })
    expect(await screen.findByText(`مرحبًا، ${admin.name}`)).toBeTruthy()
    expect(screen.getByTestId('last-sign-in').textContent).toContain('2026')
  })
})
