/** The member's badge (their tier, or "Founding Member") once their subscription and purchases are read, else null. */
import { useStore } from '../../core/ui/useStore';
import { standing, type Badge } from '../../core/access/access';
import { $memberAccess, BUILT_IN_CATALOGUE } from '../../core/access/store';
import { loadingOnServer } from '../../core/session/loading';

export function useMemberBadge(): Badge | null {
  const state = useStore($memberAccess, { ssr: loadingOnServer });
  return state.status === 'ready' ? standing({ ...state.value, catalogue: BUILT_IN_CATALOGUE }).badge : null;
}
