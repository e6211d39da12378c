import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { dataTableMachine, queryFromUrl, urlOfQuery, type TableResource } from '../../machines/data-table'
import { useChart, useToaster } from './runtime'

/**
 * A dataTable chart for a resource, its query mirrored in the address: reload, Back and shared
 * links keep page, sort, filters and search. A delete is confirmed by a toast with the server's message.
 */
export function useResourceTable(resource: TableResource) {
  const location = useLocation()
  const navigate = useNavigate()
  const written = useRef(location.search)
  const toaster = useToaster()
  const actor = useChart(
    dataTableMachine.provide({
      actions: {
        syncUrl: (_, { query }) => {
          const search = `?${urlOfQuery(query).toString()}`
          written.current = search
          navigate({ search }, { replace: false })
        },
        onDeleted: (_, { message }) => {
          if (message) toaster.success({ title: message })
        },
      },
    }),
    { resource, query: queryFromUrl(new URLSearchParams(location.search)) },
  )
  useEffect(() => {
    // Back/forward (or a link) changed the address: the chart adopts the query it holds.
    if (location.search === written.current) return
    written.current = location.search
    actor.send({ type: 'table.urlChanged', query: queryFromUrl(new URLSearchParams(location.search)) })
  }, [actor, location.search])
  return actor
}

export type ResourceTableActor = ReturnType<typeof useResourceTable>
