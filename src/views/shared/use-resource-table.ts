import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useRoot } from '../../app/root'
import { dataTableMachine, queryFromUrl, urlOfQuery, type TableResource } from '../../machines/data-table'

/**
 * A dataTable chart for a resource, its query mirrored in the address: reload, Back and shared
 * links keep page, sort, filters and search. A delete is confirmed by a toast with the server's message.
 */
export function useResourceTable(resource: TableResource) {
  const location = useLocation()
  const navigate = useNavigate()
  const written = useRef(location.search)
  const { toaster } = useRoot()
  const actor = useActorRef(
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
    { input: { resource, query: queryFromUrl(new URLSearchParams(location.search)) } },
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

export const useTableSelector = <T,>(actor: ResourceTableActor, selector: (s: ReturnType<ResourceTableActor['getSnapshot']>) => T) =>
  useSelector(actor, selector)
