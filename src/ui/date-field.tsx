import { DatePicker, parseDate, type DateValue } from '@ark-ui/react/date-picker'
import { Field } from '@ark-ui/react/field'
import { useLocaleContext } from '@ark-ui/react/locale'
import { Portal } from '@ark-ui/react/portal'
import { useMemo, type ReactNode } from 'react'
import { css, cx, sva } from 'styled-system/css'
import { fieldStyles } from './field'
import { RequiredMark } from './required-mark'
import { CalendarIcon, ChevronEndIcon, ChevronStartIcon } from './icons'

/** `yyyy-mm-dd` to a calendar date, or undefined when it is not one. */
function parseIsoDate(value: string | null | undefined): DateValue | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  try {
    const date = parseDate(value)
    return date.toString() === value ? date : undefined
  } catch {
    return undefined
  }
}

/**
 * What an admin types: year, month and day in that order, in Latin or Arabic-Indic digits, with
 * `-`, `/` or nothing between them (the picker only lets the locale's separator and digits in).
 */
export function parseTypedDate(text: string): DateValue | undefined {
  const latin = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
  const parts = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})$/.exec(latin.replace(/[\s\u200e\u200f\u061c]/g, ''))
  if (!parts) return undefined
  const [, y, m, d] = parts
  return parseIsoDate(`${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`)
}

export type DateFieldProps = {
  label: ReactNode
  error?: string | undefined
  helper?: ReactNode
  /** ISO `yyyy-mm-dd`, '' for none. */
  value: string
  onValueChange: (value: string) => void
  onBlur?: () => void
  /** Earliest ISO date that can be chosen; earlier days are disabled and typed ones refused. */
  minDate?: string
  maxDate?: string
  name?: string
  required?: boolean
  disabled?: boolean
  placeholder?: string
  openLabel: string
  prevLabel: string
  nextLabel: string
  /** Name of a day button; defaults to the localized date alone, so no English word reaches an Arabic page. */
  dayLabel?: (day: { text: string; selected: boolean; unavailable: boolean }) => string
  /** Name of the calendar popup; defaults to `openLabel`. */
  calendarLabel?: string
}

const datePickerRecipe = sva({
  slots: ['content', 'header', 'nav', 'table', 'headerCell', 'cellTrigger'],
  base: {
    content: {
      bg: 'bg.surface',
      borderRadius: 'xl',
      boxShadow: 'lg',
      borderWidth: '1px',
      borderColor: 'border.default',
      p: '3',
      zIndex: 1500,
      outline: 'none',
    },
    header: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      mb: '2',
      fontWeight: '600',
      fontSize: 'sm',
    },
    nav: {
      w: '8',
      h: '8',
      display: 'grid',
      placeItems: 'center',
      borderRadius: 'md',
      cursor: 'pointer',
      color: 'fg.muted',
      _hover: { bg: 'bg.muted' },
    },
    table: { borderCollapse: 'collapse' },
    headerCell: { w: '9', h: '8', fontSize: 'xs', fontWeight: '500', color: 'fg.muted', textAlign: 'center' },
    cellTrigger: {
      w: '9',
      h: '9',
      display: 'grid',
      placeItems: 'center',
      borderRadius: 'md',
      fontSize: 'sm',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
      '&[data-today]': { fontWeight: '700', color: 'accent.default' },
      _selected: { bg: 'primary.600', color: 'white', _hover: { bg: 'primary.700' } },
      '&[data-outside-range]': { visibility: 'hidden' },
      '&[data-disabled], &[data-unavailable]': {
        opacity: 0.35,
        cursor: 'not-allowed',
        textDecoration: 'line-through',
        _hover: { bg: 'transparent' },
      },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary.500' },
    },
  },
})

const mirrored = css({ _rtl: { transform: 'scaleX(-1)' } })
const control = css({ position: 'relative', display: 'flex', alignItems: 'center' })
/** The text is always left-to-right; the calendar button sits at the page's end (left in Arabic). */
const dateInput = css({ pe: '11', _rtl: { pe: '3', ps: '11' } })
const trigger = css({
  position: 'absolute',
  insetEnd: '1',
  h: '9',
  w: '9',
  display: 'grid',
  placeItems: 'center',
  color: 'fg.muted',
  cursor: 'pointer',
  borderRadius: 'md',
  _hover: { bg: 'bg.muted' },
})

/**
 * A date input with a calendar popup (Ark DatePicker). The typed form is ISO `yyyy-mm-dd` in every
 * language; the calendar is Gregorian with the page's locale for names.
 */
export function DateField({
  label,
  error,
  helper,
  value,
  onValueChange,
  onBlur,
  minDate,
  maxDate,
  name,
  required,
  disabled,
  placeholder,
  openLabel,
  prevLabel,
  nextLabel,
  dayLabel,
  calendarLabel,
}: DateFieldProps) {
  const { locale } = useLocaleContext()
  const calendarLocale = locale.includes('-u-') ? locale : `${locale}-u-ca-gregory`
  const min = useMemo(() => parseIsoDate(minDate), [minDate])
  const max = useMemo(() => parseIsoDate(maxDate), [maxDate])
  // one array per value: a new one on every render would read to the picker as a new value
  const selected = useMemo(() => {
    const date = parseIsoDate(value)
    return date ? [date] : []
  }, [value])
  const s = datePickerRecipe()
  return (
    <Field.Root className={fieldStyles.root} invalid={Boolean(error)} required={required} disabled={disabled}>
      <DatePicker.Root
        className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
        locale={calendarLocale}
        // the calendar is in the page only while open (a list page may hold several pickers)
        lazyMount
        unmountOnExit
        value={selected}
        min={min}
        max={max}
        name={name}
        placeholder={placeholder ?? 'yyyy-mm-dd'}
        format={(date) => date.toString()}
        parse={parseTypedDate}
        onValueChange={(d) => {
          const next = d.value[0]
          if (!next) return onValueChange('')
          if ((min && next.compare(min) < 0) || (max && next.compare(max) > 0)) return
          onValueChange(next.toString())
        }}
        onOpenChange={(d) => (d.open ? undefined : onBlur?.())}
        translations={{
          prevTrigger: () => prevLabel,
          nextTrigger: () => nextLabel,
          trigger: () => openLabel,
          content: calendarLabel ?? openLabel,
          dayCell: (day) =>
            dayLabel
              ? dayLabel({ text: day.valueText, selected: day.selected, unavailable: day.unavailable || day.disabled })
              : day.valueText,
        }}
      >
        <DatePicker.Label className={fieldStyles.label}>
          {label}
          <RequiredMark />
        </DatePicker.Label>
        <DatePicker.Control className={control}>
          <DatePicker.Input className={cx(fieldStyles.input, dateInput)} dir="ltr" onBlur={onBlur} />
          <DatePicker.Trigger className={trigger} aria-label={openLabel}>
            <CalendarIcon width={18} height={18} />
          </DatePicker.Trigger>
        </DatePicker.Control>
        <Portal>
          <DatePicker.Positioner>
            <DatePicker.Content className={s.content}>
              <DatePicker.View view="day">
                <DatePicker.Context>
                  {(api) => (
                    <>
                      <DatePicker.ViewControl className={s.header}>
                        <DatePicker.PrevTrigger className={s.nav}>
                          <ChevronStartIcon width={16} height={16} className={mirrored} />
                        </DatePicker.PrevTrigger>
                        <DatePicker.RangeText />
                        <DatePicker.NextTrigger className={s.nav}>
                          <ChevronEndIcon width={16} height={16} className={mirrored} />
                        </DatePicker.NextTrigger>
                      </DatePicker.ViewControl>
                      <DatePicker.Table className={s.table}>
                        <DatePicker.TableHead>
                          <DatePicker.TableRow>
                            {api.weekDays.map((weekDay, id) => (
                              <DatePicker.TableHeader key={id} className={s.headerCell} abbr={weekDay.long}>
                                {weekDay.narrow}
                              </DatePicker.TableHeader>
                            ))}
                          </DatePicker.TableRow>
                        </DatePicker.TableHead>
                        <DatePicker.TableBody>
                          {api.weeks.map((week, id) => (
                            <DatePicker.TableRow key={id}>
                              {week.map((day, i) => (
                                <DatePicker.TableCell key={i} value={day}>
                                  <DatePicker.TableCellTrigger className={s.cellTrigger}>{day.day}</DatePicker.TableCellTrigger>
                                </DatePicker.TableCell>
                              ))}
                            </DatePicker.TableRow>
                          ))}
                        </DatePicker.TableBody>
                      </DatePicker.Table>
                    </>
                  )}
                </DatePicker.Context>
              </DatePicker.View>
            </DatePicker.Content>
          </DatePicker.Positioner>
        </Portal>
      </DatePicker.Root>
      {helper && !error ? <Field.HelperText className={fieldStyles.helper}>{helper}</Field.HelperText> : null}
      <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
    </Field.Root>
  )
}
