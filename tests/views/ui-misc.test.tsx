import { LocaleProvider } from '@ark-ui/react/locale'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Badge } from '../../src/ui/badge'
import { Switch } from '../../src/ui/switch'
import { Tabs } from '../../src/ui/tabs'
import { createToaster, Toaster } from '../../src/ui/toast'
import { createLazyToaster } from '../../src/ui/lazy-toaster'

describe('Badge', () => {
  it('renders each tone with its own class and data-tone', () => {
    const tones = ['success', 'warning', 'danger', 'neutral', 'info'] as const
    render(
      <>
        {tones.map((tone) => (
          <Badge key={tone} tone={tone}>
            {tone}
          </Badge>
        ))}
      </>,
    )
    const classes = new Set<string>()
    for (const tone of tones) {
      const el = screen.getByText(tone)
      expect(el.getAttribute('data-tone')).toBe(tone)
      classes.add(el.className)
    }
    expect(classes.size).toBe(tones.length)
  })

  it('defaults to neutral', () => {
    render(<Badge>Inactive</Badge>)
    expect(screen.getByText('Inactive').getAttribute('data-tone')).toBe('neutral')
  })
})

describe('Switch', () => {
  function Harness() {
    const [on, setOn] = useState(false)
    return (
      <>
        <Switch label="Active" checked={on} onCheckedChange={setOn} />
        <output>{on ? 'on' : 'off'}</output>
      </>
    )
  }

  it('toggles by click and reports the new state', async () => {
    render(<Harness />)
    const box = screen.getByRole('checkbox', { name: 'Active' }) as HTMLInputElement
    expect(box.checked).toBe(false)
    fireEvent.click(box)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('on'))
    expect(box.checked).toBe(true)
    fireEvent.click(box)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('off'))
  })

  it('keeps an accessible name when the label is visually hidden', () => {
    render(<Switch label="Active: Phones" hideLabel checked onCheckedChange={() => {}} />)
    expect((screen.getByRole('checkbox', { name: 'Active: Phones' }) as HTMLInputElement).checked).toBe(true)
  })
})

describe('Tabs', () => {
  const items = [
    { value: 'ar', label: 'Arabic', content: <p>Arabic body</p> },
    { value: 'en', label: 'English', content: <p>English body</p> },
  ]

  it('shows the selected panel and switches by click and by arrow key', async () => {
    render(<Tabs label="Language" items={items} />)
    expect(screen.getByRole('tablist', { name: 'Language' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Arabic' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel').textContent).toBe('Arabic body')
    fireEvent.click(screen.getByRole('tab', { name: 'English' }))
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toBe('English body'))
    const english = screen.getByRole('tab', { name: 'English' })
    english.focus()
    fireEvent.keyDown(english, { key: 'ArrowLeft' })
    // Ark moves focus with the arrow; its automatic selection runs in an animation frame that jsdom
    // orders differently from browsers, so only the focus move is checked here.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Arabic' })))
  })

  it('mirrors arrow keys in RTL', async () => {
    render(
      <LocaleProvider locale="ar-SA">
        <Tabs label="اللغة" items={items} />
      </LocaleProvider>,
    )
    const arabic = screen.getByRole('tab', { name: 'Arabic' })
    arabic.focus()
    fireEvent.keyDown(arabic, { key: 'ArrowLeft' })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'English' })))
  })
})

describe('Toaster', () => {
  it('shows success and error toasts with a named close button', async () => {
    const toaster = createToaster()
    render(<Toaster toaster={toaster} closeLabel="Dismiss" />)
    act(() => {
      toaster.success({ title: 'Saved', description: 'The category was saved' })
      toaster.error({ title: 'Failed', description: 'Try again' })
    })
    expect(await screen.findByText('Saved')).toBeTruthy()
    expect(await screen.findByText('Failed')).toBeTruthy()
    const saved = screen.getByText('Saved').closest('[data-part=root]')
    const failed = screen.getByText('Failed').closest('[data-part=root]')
    expect(saved?.getAttribute('data-type')).toBe('success')
    expect(failed?.getAttribute('data-type')).toBe('error')
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2)
  })
})

describe('the lazy toaster', () => {
  it('loads the toast code with the first toast only, and shows what was asked before it loaded', async () => {
    let loads = 0
    const { toaster, ToastOutlet } = createLazyToaster(() => {
      loads += 1
      return import('../../src/ui/toast')
    })
    render(<ToastOutlet closeLabel="Dismiss" />)
    // nothing asked for yet: nothing loaded, nothing drawn
    await act(async () => {})
    expect(loads).toBe(0)
    expect(toaster.visibleIds()).toEqual([])
    act(() => {
      toaster.success({ title: 'Saved' })
      toaster.info({ title: 'Already done' })
    })
    // the toast code loads on first use: a busy machine may take seconds (a ceiling, not a pause)
    expect(await screen.findByText('Saved', {}, { timeout: 10_000 })).toBeTruthy()
    expect(await screen.findByText('Already done', {}, { timeout: 10_000 })).toBeTruthy()
    expect(loads).toBe(1)
    await waitFor(() => expect(toaster.visibleIds()).toHaveLength(2))
    act(() => toaster.dismiss())
    // a dismissed toast leaves after its exit delay, counted in animation frames (slow in jsdom)
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull(), { timeout: 20_000 })
  })
})
