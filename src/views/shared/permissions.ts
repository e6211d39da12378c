import { useSelector } from '@xstate/react'
import { useRoot } from '../../app/root'

/** What the signed-in admin may do; the server decides, the screens only hide what it would refuse. */
export function usePermission(permission: string): boolean {
  const { session } = useRoot()
  return useSelector(session, (s) => {
    const granted = s.context.admin?.permissions ?? []
    return granted.includes('*') || granted.includes(permission)
  })
}
