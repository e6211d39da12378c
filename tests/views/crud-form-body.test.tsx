import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { categoriesResource } from '../../src/contract/categories'
import { FormTextField } from '../../src/forms/fields'
import { crudFormMachine, type FormResource, type FormValues } from '../../src/machines/crud-form'
import { CrudFormBody, useServerError } from '../../src/views/shared/resource-form'
import { useChart } from '../../src/views/shared/runtime'
import { renderScreen } from './render'

/**
 * A save the server refuses (422) on a field the form does not show: spec section 8's "{field} is
 * required" dialog names it (the fields the form shows carry their own message instead).
 */

const refusal = {
  status: 422,
  message: 'Some fields need your attention.',
  errors: { name_en: ['This name is taken.'], parent_id: ['Required Field'], sort_order: ['must be less than 1000'] },
}

function NameForm() {
  const form = useChart(
    crudFormMachine.provide({
      actors: {
        saveRecord: fromPromise(
          ({
            input,
          }: {
            input: { resource: FormResource; id: number | null; values: FormValues }
          }): Promise<{ message: string; result: unknown }> => Promise.reject({ ...refusal, sent: input.values }),
        ),
      },
    }),
    { resource: categoriesResource },
  )
  const serverError = useServerError(form)
  const labels: Record<string, string> = { parent_id: 'Parent category', sort_order: 'Display order' }
  return (
    <CrudFormBody
      form={form}
      initialValues={{ name_en: 'Watches' }}
      validate={() => ({})}
      payloadOf={(values) => values}
      labelOf={(field) => labels[field] ?? field}
    >
      <FormTextField name="name_en" label="Name (English)" serverError={serverError('name_en')} />
    </CrudFormBody>
  )
}

describe('a refused save with errors on fields the form does not show', () => {
  it('names each of them in the error dialog; the shown field carries its own message; closing keeps the form', async () => {
    renderScreen(<NameForm />)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(within(dialog).getByText(/Parent category is required/)).toBeTruthy()
    expect(within(dialog).getByText(/Display order: must be less than 1000/)).toBeTruthy()
    expect(within(dialog).queryByText(/This name is taken/)).toBeNull()
    expect(screen.getByText('This name is taken.')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again!' }))
    expect(await screen.findByText('This name is taken.')).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect((screen.getByLabelText('Name (English)') as HTMLInputElement).value).toBe('Watches')
  })
})
