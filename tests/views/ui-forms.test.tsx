import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Form, FormSpy } from 'react-final-form'
import { describe, expect, it, vi } from 'vitest'
import {
  FormBilingualFields,
  FormNumberField,
  FormPhoneField,
  FormRichTextEditor,
  FormSelectField,
  FormTextareaField,
} from '../../src/forms/ark-fields'
import { normalizeHtml, RichTextEditor } from '../../src/ui/rich-text-editor'
import { FormTextField } from '../../src/forms/fields'

const required = (values: Record<string, unknown>) => {
  const errors: Record<string, string> = {}
  for (const key of ['bio', 'phone', 'order', 'city', 'body'])
    if (values[key] === undefined || values[key] === '') errors[key] = 'Required Field'
  return errors
}

function FormHarness({
  children,
  onSubmit = () => {},
  initialValues,
}: {
  children: ReactNode
  onSubmit?: (v: Record<string, unknown>) => void
  initialValues?: Record<string, unknown>
}) {
  return (
    <Form onSubmit={onSubmit} validate={required} initialValues={initialValues}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate>
          {children}
          <button type="submit">Save</button>
        </form>
      )}
    </Form>
  )
}

const labels = { toolbar: 'Formatting', bold: 'Bold', italic: 'Italic', list: 'Bulleted list', link: 'Link', linkPrompt: 'Link address' }

describe('final-form bindings', () => {
  it('show no error before interaction and all of them after a failed submit', async () => {
    render(
      <FormHarness>
        <FormTextareaField name="bio" label="Bio" />
        <FormPhoneField name="phone" label="Phone" />
        <FormNumberField name="order" label="Order" incrementLabel="Increase" decrementLabel="Decrease" />
        <FormSelectField name="city" label="City" options={[{ value: 'cairo', label: 'Cairo' }]} />
        <FormRichTextEditor name="body" label="Body" labels={labels} />
      </FormHarness>,
    )
    expect(screen.queryByText('Required Field')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findAllByText('Required Field')).toHaveLength(5)
  })

  it('a textarea shows its error after typing and leaving, and the server error until edited', async () => {
    render(
      <FormHarness initialValues={{ bio: 'x' }}>
        <FormTextareaField name="bio" label="Bio" serverError="Too short on the server" />
      </FormHarness>,
    )
    const bio = screen.getByLabelText('Bio')
    expect(screen.getByText('Too short on the server')).toBeTruthy()
    fireEvent.focus(bio)
    fireEvent.change(bio, { target: { value: '' } })
    fireEvent.blur(bio)
    expect(await screen.findByText('Required Field')).toBeTruthy()
  })

  it('the phone input is type tel and left-to-right', () => {
    render(
      <FormHarness>
        <FormPhoneField name="phone" label="Phone" />
      </FormHarness>,
    )
    const phone = screen.getByLabelText('Phone')
    expect(phone.getAttribute('type')).toBe('tel')
    expect(phone.getAttribute('dir')).toBe('ltr')
  })

  it('the number field stores a number and steps with ArrowUp', async () => {
    const onSubmit = vi.fn()
    render(
      <FormHarness onSubmit={onSubmit} initialValues={{ bio: 'b', phone: '1', city: 'c', body: '<p>x</p>' }}>
        <FormNumberField name="order" label="Order" incrementLabel="Increase" decrementLabel="Decrease" min={0} />
      </FormHarness>,
    )
    const input = screen.getByRole('spinbutton', { name: 'Order' })
    input.focus()
    fireEvent.input(input, { target: { value: '4' } })
    // the picker has taken the typed value (not only the DOM) before it steps from it
    await waitFor(() => expect(input.getAttribute('aria-valuenow')).toBe('4'))
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('5'))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0]![0].order).toBe(5)
  })
})

describe('NumberField', () => {
  it('shows named +/- buttons only when both labels are given', () => {
    render(
      <FormHarness>
        <FormNumberField name="order" label="Order" />
        <FormNumberField name="price" label="Price" incrementLabel="Increase price" decrementLabel="Decrease price" />
      </FormHarness>,
    )
    expect(screen.getByRole('spinbutton', { name: 'Order' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: /Increase|Decrease/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Decrease price',
      'Increase price',
    ])
  })
})

describe('RichTextEditor', () => {
  it('is a labelled multi-line textbox that reports its HTML', () => {
    const onChange = vi.fn()
    render(<RichTextEditor label="Body" value="" onChange={onChange} labels={labels} error="Required Field" />)
    const box = screen.getByRole('textbox', { name: 'Body' })
    expect(box.getAttribute('aria-multiline')).toBe('true')
    expect(box.getAttribute('contenteditable')).toBe('true')
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('Required Field').id)
    box.innerHTML = '<p>Hello <b>world</b></p>'
    fireEvent.input(box)
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello <b>world</b></p>')
  })

  it('renders the controlled value and treats empty markup as empty', () => {
    render(<RichTextEditor label="Body" value="<p>Saved</p>" onChange={() => {}} labels={labels} />)
    expect(screen.getByRole('textbox', { name: 'Body' }).innerHTML).toBe('<p>Saved</p>')
    expect(normalizeHtml('<br>')).toBe('')
    expect(normalizeHtml('<p></p>')).toBe('')
    expect(normalizeHtml('<p>x</p>')).toBe('<p>x</p>')
  })

  it('has a toolbar with one tab stop and arrow keys that follow the direction', () => {
    render(
      <div dir="rtl">
        <RichTextEditor label="Body" value="" onChange={() => {}} labels={labels} />
      </div>,
    )
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' })
    const bold = screen.getByRole('button', { name: 'Bold' })
    const italic = screen.getByRole('button', { name: 'Italic' })
    expect(bold.tabIndex).toBe(0)
    expect(italic.tabIndex).toBe(-1)
    bold.focus()
    fireEvent.keyDown(toolbar, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(italic)
    fireEvent.keyDown(toolbar, { key: 'End' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Link' }))
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false')
  })

  it('refuses javascript: links', async () => {
    const exec = vi.fn(() => true)
    const original = document.execCommand
    document.execCommand = exec
    try {
      render(<RichTextEditor label="Body" value="<p>x</p>" onChange={() => {}} labels={labels} promptLink={() => 'javascript:alert(1)'} />)
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link' })))
      expect(exec).not.toHaveBeenCalled()
      cleanupEditor()
      render(
        <RichTextEditor label="Body 2" value="<p>x</p>" onChange={() => {}} labels={labels} promptLink={() => 'https://example.com'} />,
      )
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link' })))
      expect(exec).toHaveBeenCalledWith('createLink', false, 'https://example.com')
    } finally {
      document.execCommand = original
    }
  })
})

describe('an emptied field', () => {
  it('is the same as one that started empty: typing and clearing again leaves the form untouched', () => {
    const dirty: boolean[] = []
    render(
      <FormHarness initialValues={{ title: '', bio: '' }}>
        <FormSpy subscription={{ dirty: true }} onChange={(s) => dirty.push(Boolean(s.dirty))} />
        <FormTextField name="title" label="Title" />
        <FormTextareaField name="bio" label="Bio" />
      </FormHarness>,
    )
    for (const label of ['Title', 'Bio']) {
      const box = screen.getByLabelText(label)
      fireEvent.change(box, { target: { value: 'x' } })
      expect(dirty.at(-1)).toBe(true)
      fireEvent.change(box, { target: { value: '' } })
      expect(dirty.at(-1)).toBe(false)
    }
  })
})

describe('a translated value', () => {
  it.each([
    ['ar', 'rtl'],
    ['en', 'ltr'],
  ] as const)('in a page written %s: each input is typed in its language, the labels and errors follow the page', async (page, pageDir) => {
    document.documentElement.dir = pageDir
    render(
      <FormHarness>
        <FormBilingualFields name="name" labels={{ ar: 'Name (Arabic)', en: 'Name (English)' }} rows={2} serverError={() => undefined} />
        <FormBilingualFields name="city" labels={{ ar: 'City (Arabic)', en: 'City (English)' }} required serverError={() => 'Taken'} />
      </FormHarness>,
    )
    for (const [label, lang, dir] of [
      ['Name (Arabic)', 'ar', 'rtl'],
      ['Name (English)', 'en', 'ltr'],
      ['City (Arabic)', 'ar', 'rtl'],
      ['City (English)', 'en', 'ltr'],
    ] as const) {
      const input = screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))
      expect(input.getAttribute('dir')).toBe(dir)
      expect(input.getAttribute('lang')).toBe(lang)
      // nothing between the input and the page turns the label or the error: they follow the page
      const label_ = screen.getByText(label)
      expect(label_.closest('[dir]')).toBe(document.documentElement)
    }
    for (const error of screen.getAllByText('Taken')) expect(error.closest('[dir]')).toBe(document.documentElement)
    document.documentElement.removeAttribute('dir')
  })
})

function cleanupEditor() {
  document.body.innerHTML = ''
}
