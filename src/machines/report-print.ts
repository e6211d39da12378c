import { setup, type SnapshotFrom } from 'xstate'

/** The spec's print window delay: the dialog opens 1 s after the page is ready to print. */
const PRINT_DELAY_MS = 1000

/**
 * Printing a report on A4: "Print" lays the page out for paper, and 1 s later the browser's print
 * dialog opens (the app provides `print`); the page then returns to the screen.
 */
export const reportPrintMachine = setup({
  types: { events: {} as { type: 'print.start' } },
  actions: { print: () => {} },
  delays: { printDelay: PRINT_DELAY_MS },
}).createMachine({
  id: 'reportPrint',
  description: 'Printing a report on an A4 page: the print dialog opens 1 s after "Print".',
  initial: 'idle',
  states: {
    idle: {
      description: '"Print" is offered.',
      on: { 'print.start': { target: 'preparing', description: 'The admin asks to print the report.' } },
    },
    preparing: {
      description: 'The page is laid out for paper; "Print" waits.',
      after: { printDelay: { target: 'idle', actions: 'print', description: 'After 1 s the print dialog opens.' } },
    },
  },
})

export type ReportPrintSnapshot = SnapshotFrom<typeof reportPrintMachine>
