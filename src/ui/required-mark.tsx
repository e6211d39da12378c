import { Field } from '@ark-ui/react/field'
import { fieldStyles } from './field'

/** The asterisk after the label of a required field (inside a `Field.Root`; hidden from assistive technology, which reads `required`). */
export function RequiredMark() {
  return <Field.RequiredIndicator className={fieldStyles.required}>*</Field.RequiredIndicator>
}
