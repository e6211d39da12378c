import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '../../src/ui/button'
import { ConfirmDialog, Modal } from '../../src/ui/modal'

function ModalHarness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Create</Button>
      <Modal
        open={open}
        onClose={() => {
          onClose()
          setOpen(false)
        }}
        title="New category"
        description="Fill in both languages"
        closeLabel="Close"
        footer={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <input aria-label="Name" />
      </Modal>
    </>
  )
}

describe('Modal', () => {
  it('is a named dialog with description, body and footer', async () => {
    render(<ModalHarness onClose={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'New category' })
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Fill in both languages')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
  })

  it('Escape calls onClose and focus returns to the opener', async () => {
    const onClose = vi.fn()
    render(<ModalHarness onClose={onClose} />)
    const opener = screen.getByRole('button', { name: 'Create' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('the close button calls onClose', async () => {
    const onClose = vi.fn()
    render(<ModalHarness onClose={onClose} />)
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
  })
})

describe('ConfirmDialog', () => {
  const props = { open: true, title: 'Are You Sure You Want To Delete?', yesLabel: 'Yes', noLabel: 'No' }

  it('is an alertdialog; Yes and No call their handlers', async () => {
    const onYes = vi.fn()
    const onNo = vi.fn()
    render(<ConfirmDialog {...props} onYes={onYes} onNo={onNo} />)
    expect(await screen.findByRole('alertdialog', { name: 'Are You Sure You Want To Delete?' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(onYes).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'No' }))
    expect(onNo).toHaveBeenCalledTimes(1)
  })

  it('Escape answers No', async () => {
    const onNo = vi.fn()
    render(<ConfirmDialog {...props} onYes={() => {}} onNo={onNo} />)
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' })
    await waitFor(() => expect(onNo).toHaveBeenCalledTimes(1))
  })

  it('while busy: Yes shows progress, both buttons and Escape are disabled, and the error shows', async () => {
    const onNo = vi.fn()
    const onYes = vi.fn()
    render(<ConfirmDialog {...props} busy busyLabel="Deleting…" error="Category has products" onYes={onYes} onNo={onNo} />)
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.getAttribute('aria-busy')).toBe('true')
    const yes = screen.getByRole('button', { name: /Deleting/ }) as HTMLButtonElement
    expect(yes.disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'No' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('alert').textContent).toBe('Category has products')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    fireEvent.click(yes)
    await new Promise((r) => setTimeout(r, 20))
    expect(onNo).not.toHaveBeenCalled()
    expect(onYes).not.toHaveBeenCalled()
  })
})
