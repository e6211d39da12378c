import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ComboboxField, MultiComboboxField } from '../../src/ui/combobox-field'
import { categoryTreeOptions } from '../../src/views/shared/category-tree-options'
import { DateField, parseTypedDate } from '../../src/ui/date-field'
import { ImageUpload, isAllowedImage } from '../../src/ui/image-upload'
import { TextField } from '../../src/ui/field'
import { SelectField } from '../../src/ui/select-field'

const options = [
  { value: 'cairo', label: 'Cairo' },
  { value: 'riyadh', label: 'Riyadh' },
  { value: 'dubai', label: 'Dubai' },
]

beforeAll(() => {
  // jsdom lacks these browser APIs that Zag's popups use.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Element.prototype.scrollTo ??= function scrollTo() {}
  Element.prototype.scrollIntoView ??= function scrollIntoView() {}
  globalThis.CSS ??= {} as typeof CSS
  CSS.escape ??= (v: string) => v.replace(/[^\w-]/g, (c) => `\\${c}`)
  // jsdom has no object URLs; the preview only needs a string.
  if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview'
  if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {}
})

describe('SelectField', () => {
  function Harness({ onChange }: { onChange: (v: string) => void }) {
    const [value, setValue] = useState('')
    return (
      <SelectField
        label="City"
        placeholder="Choose"
        options={options}
        value={value}
        onValueChange={(v) => {
          setValue(v)
          onChange(v)
        }}
      />
    )
  }

  it('opens with ArrowDown and picks with the keyboard', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const trigger = screen.getByRole('combobox', { name: 'City' })
    trigger.focus()
    fireEvent.keyDown(trigger, { key: 'ArrowDown' })
    const listbox = await screen.findByRole('listbox')
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'))
    const content = listbox
    fireEvent.keyDown(content, { key: 'ArrowDown' })
    fireEvent.keyDown(content, { key: 'Enter' })
    await waitFor(() => expect(onChange).toHaveBeenCalled())
    expect(options.map((o) => o.value)).toContain(onChange.mock.calls.at(-1)?.[0])
    await waitFor(() => expect(trigger.textContent).toContain(options.find((o) => o.value === onChange.mock.calls.at(-1)?.[0])!.label))
  })

  it('shows its error text and marks the trigger invalid', () => {
    render(<SelectField label="City" options={options} value="" onValueChange={() => {}} error="Required Field" />)
    expect(screen.getByText('Required Field')).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'City' }).getAttribute('aria-invalid')).toBe('true')
  })
})

describe('MultiComboboxField', () => {
  function Harness({ onChange }: { onChange: (v: string[]) => void }) {
    const [value, setValue] = useState<string[]>(['cairo'])
    return (
      <MultiComboboxField
        label="Cities"
        options={options}
        value={value}
        onValueChange={(v) => {
          setValue(v)
          onChange(v)
        }}
        emptyText="No match"
        removeLabel={(l) => `Remove ${l}`}
        openLabel="Show cities"
      />
    )
  }

  it('filters by typing and adds the highlighted option with Enter', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const input = screen.getByRole('combobox', { name: 'Cities' })
    input.focus()
    fireEvent.change(input, { target: { value: 'riy' } })
    const listbox = await screen.findByRole('listbox')
    await waitFor(() => expect(within(listbox).queryByText('Dubai')).toBeNull())
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['cairo', 'riyadh']))
    expect(screen.getByRole('button', { name: 'Remove Riyadh' })).toBeTruthy()
  })

  it('removes a chosen option with its chip button', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cairo' }))
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([]))
  })
})

describe('a tree of categories in a ComboboxField', () => {
  const items = [
    { id: 1, name: 'Electronics', parent_id: null },
    { id: 4, name: 'Home', parent_id: null },
    { id: 2, name: 'Phones', parent_id: 1 },
    { id: 3, name: 'Smartphones', parent_id: 2 },
    { id: 5, name: 'Kitchen', parent_id: 4 },
    // its parent is not offered (an admin limited to some categories): at the top
    { id: 7, name: 'Tablets', parent_id: 6 },
  ]

  it('orders each category after its parent with its level and its parents; chosen ones disabled; a loop ends', () => {
    const options = categoryTreeOptions(items, [5])
    expect(options.map((o) => [o.label, o.level, o.context ?? '', Boolean(o.disabled)])).toEqual([
      ['Electronics', 1, '', false],
      ['Phones', 2, 'Electronics', false],
      ['Smartphones', 3, 'Electronics › Phones', false],
      ['Home', 1, '', false],
      ['Kitchen', 2, 'Home', true],
      ['Tablets', 1, '', false],
    ])
    const looped = categoryTreeOptions(
      [
        { id: 1, name: 'A', parent_id: 2 },
        { id: 2, name: 'B', parent_id: 1 },
      ],
      [],
    )
    // neither is under a category outside the loop: neither is offered at the top, and nothing hangs
    expect(looped).toEqual([])
  })

  it('shows the tree indented; a search shows the matches flat, each with its parents, and Enter picks one', async () => {
    const onChange = vi.fn()
    render(
      <ComboboxField
        label="Category"
        options={categoryTreeOptions(items, [])}
        value=""
        pickOnly
        onValueChange={onChange}
        emptyText="No match"
        openLabel="Show categories"
      />,
    )
    const input = screen.getByRole('combobox', { name: 'Category' })
    fireEvent.click(screen.getByRole('button', { name: 'Show categories' }))
    const listbox = await screen.findByRole('listbox')
    const smartphones = await within(listbox).findByRole('option', { name: 'Smartphones' })
    expect(smartphones.style.paddingInlineStart).toBe('2.75rem')
    expect(within(listbox).getByRole('option', { name: 'Electronics' }).style.paddingInlineStart).toBe('')
    expect(within(listbox).queryByText('Electronics › Phones')).toBeNull()
    input.focus()
    fireEvent.change(input, { target: { value: 'phone' } })
    await waitFor(() => expect(within(listbox).queryByRole('option', { name: /^Home/ })).toBeNull())
    const match = within(listbox).getByRole('option', { name: /^Smartphones/ })
    expect(match.style.paddingInlineStart).toBe('')
    expect(within(match).getByText('Electronics › Phones')).toBeTruthy()
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2'))
  })
})

describe('ImageUpload', () => {
  function Harness({ onFile }: { onFile: (f: File | null) => void }) {
    const [file, setFile] = useState<File | null>(null)
    return (
      <ImageUpload
        label="Image"
        name="image"
        file={file}
        onFileChange={(f) => {
          setFile(f)
          onFile(f)
        }}
        previewAlt="Preview"
        dropzoneText="Drop an image here"
        triggerLabel="Choose image"
        removeLabel="Remove image"
        typeError="Allowed: png, jpg, jpeg, webp"
        progress={40}
        progressLabel="Uploading"
      />
    )
  }
  const pick = async (file: File) => {
    const input = screen.getByTestId('image-file')
    await act(async () => {
      fireEvent.input(input, { target: { files: [file] } })
    })
  }

  it('checks extension and type together', () => {
    expect(isAllowedImage({ name: 'a.PNG', type: 'image/png' })).toBe(true)
    expect(isAllowedImage({ name: 'a.jpeg', type: 'image/jpeg' })).toBe(true)
    expect(isAllowedImage({ name: 'a.webp', type: 'image/webp' })).toBe(true)
    expect(isAllowedImage({ name: 'a.gif', type: 'image/gif' })).toBe(false)
    expect(isAllowedImage({ name: 'a.png', type: 'text/plain' })).toBe(false)
    expect(isAllowedImage({ name: 'a.png', type: 'image/jpeg' })).toBe(false)
    expect(isAllowedImage({ name: 'png', type: 'image/png' })).toBe(false)
  })

  it('refuses a .gif before upload and says which types are allowed', async () => {
    const onFile = vi.fn()
    render(<Harness onFile={onFile} />)
    await pick(new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }))
    expect(await screen.findByText('Allowed: png, jpg, jpeg, webp')).toBeTruthy()
    expect(onFile).not.toHaveBeenCalled()
  })

  it('refuses a text file renamed .png (type check)', async () => {
    const onFile = vi.fn()
    render(<Harness onFile={onFile} />)
    await pick(new File(['hello'], 'notes.png', { type: 'text/plain' }))
    expect(await screen.findByText('Allowed: png, jpg, jpeg, webp')).toBeTruthy()
    expect(onFile).not.toHaveBeenCalled()
  })

  it('accepts a png, previews it, and shows the progress bar', async () => {
    const onFile = vi.fn()
    render(<Harness onFile={onFile} />)
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })
    await pick(png)
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(png))
    expect(screen.queryByText('Allowed: png, jpg, jpeg, webp')).toBeNull()
    expect(await screen.findByRole('img', { name: 'Preview' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove image' })).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Uploading' }).getAttribute('aria-valuenow')).toBe('40')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove image' }))
    })
    expect(onFile).toHaveBeenLastCalledWith(null)
    expect(screen.queryByRole('img', { name: 'Preview' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull()
  })
})

describe('DateField', () => {
  function Harness({ onChange, minDate }: { onChange: (v: string) => void; minDate: string }) {
    const [value, setValue] = useState('')
    return (
      <DateField
        label="Start date"
        value={value}
        minDate={minDate}
        onValueChange={(v) => {
          setValue(v)
          onChange(v)
        }}
        openLabel="Open calendar"
        prevLabel="Previous month"
        nextLabel="Next month"
      />
    )
  }

  it('disables days before minDate and ignores clicks on them', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} minDate="2030-06-15" />)
    fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }))
    await screen.findByRole('grid')
    // Walk forward to June 2030 from today's month.
    for (let i = 0; i < 120 && !document.querySelector('[data-value="2030-06-15"]'); i++) {
      fireEvent.click(screen.getByRole('button', { name: 'Next month' }))
      await act(async () => {})
    }
    const earlier = document.querySelector<HTMLElement>('[data-part=table-cell-trigger][data-value="2030-06-10"]')
    const allowed = document.querySelector<HTMLElement>('[data-part=table-cell-trigger][data-value="2030-06-20"]')
    expect(earlier).toBeTruthy()
    expect(earlier!.hasAttribute('data-disabled')).toBe(true)
    fireEvent.click(earlier!)
    await act(async () => {})
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.click(allowed!)
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2030-06-20'))
  })

  it('refuses a typed date earlier than minDate and accepts a later one', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} minDate="2030-06-15" />)
    const input = screen.getByRole('textbox', { name: 'Start date' })
    fireEvent.change(input, { target: { value: '2030-06-01' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    fireEvent.blur(input)
    await act(async () => {})
    expect(onChange.mock.calls.map((c) => c[0])).not.toContain('2030-06-01')
    fireEvent.change(input, { target: { value: '2030-07-01' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2030-07-01'))
  })
})

describe('typed dates', () => {
  it('reads year, month and day with -, / or nothing between, in Latin or Arabic-Indic digits', () => {
    for (const text of ['2030-06-15', '2030/06/15', '20300615', '2030/6/15', ' ٢٠٣٠/٠٦/١٥ ', '2030\u200f/06\u200f/15']) {
      expect(parseTypedDate(text)?.toString(), text).toBe('2030-06-15')
    }
    for (const text of ['2030-02-30', '15/06/2030', 'yesterday', '2030-13-01', '']) {
      expect(parseTypedDate(text), text).toBeUndefined()
    }
  })
})

describe('required fields', () => {
  it('mark their label with an asterisk hidden from assistive technology; optional ones carry none', () => {
    render(
      <>
        <TextField label="Title" required />
        <TextField label="Subtitle" />
        <SelectField label="City" options={options} value="" onValueChange={() => {}} required />
      </>,
    )
    const title = screen.getByRole('textbox', { name: 'Title' })
    expect(title.hasAttribute('required')).toBe(true)
    const marks = document.querySelectorAll('[data-part="required-indicator"]')
    expect(marks).toHaveLength(2)
    marks.forEach((mark) => {
      expect(mark.textContent).toBe('*')
      expect(mark.getAttribute('aria-hidden')).toBe('true')
    })
    expect(
      screen.getByRole('textbox', { name: 'Subtitle' }).closest('[data-part="root"]')?.querySelector('[data-part="required-indicator"]'),
    ).toBeNull()
  })
})
