import { css } from 'styled-system/css'
import type { Locale } from '../../contract/common'
import { formatDateTimeShort } from './format'

const part = css({ whiteSpace: 'nowrap' })

/**
 * A moment in a table cell: its date and its time, each kept whole, on one line where the table
 * has room and the time under the date where it has not (a wide list fits a desktop without
 * scrolling sideways).
 */
export function DateTimeCell({ iso, lang }: { iso: string; lang: Locale }) {
  const [date, time] = formatDateTimeShort(iso, lang)
  return (
    <time dateTime={iso}>
      <span className={part}>{date}</span> <span className={part}>{time}</span>
    </time>
  )
}
