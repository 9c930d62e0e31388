/** The member's badge (their tier, or "Founding Member") once their subscription and purchases are read, else null. */
import { useStore } from '@nanostores/react';
import { standing, type Badge } from '../../core/access/access';
import { $memberAccess, BUILT_IN_CATALOGUE, memberAccessOnServer } from '../../core/access/store';

export function useMemberBadge(): Badge | null {
  const state = useStore($memberAccess, { ssr: memberAccessOnServer });
  return state.status === 'ready' ? standing({ ...state.value, catalogue: BUILT_IN_CATALOGUE }).badge : null;
}
