import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import type { registrationMachine } from '../../machines/registration'

export type WizardActor = ActorRefFrom<typeof registrationMachine>

export const wizardStyles = {
  page: css({ display: 'flex', flexDir: 'column', gap: { base: '5', md: '6' }, py: { base: '2', md: '4' }, minW: '0' }),
  center: css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '4', py: '10', textAlign: 'center' }),
  card: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'xl',
    p: { base: '4', md: '6' },
    display: 'flex',
    flexDir: 'column',
    gap: '5',
    minW: '0',
  }),
  stepTitle: css({ fontSize: 'lg', fontWeight: '700' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4', minW: '0' }),
  actions: css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap', pt: '2' }),
  note: css({ fontSize: 'sm', color: 'fg.muted' }),
  ok: css({ fontSize: 'sm', color: 'success.fg', fontWeight: '600' }),
  error: css({ fontSize: 'sm', color: 'danger.fg' }),
}
