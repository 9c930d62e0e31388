/** The member's badge as a pill (their tier's icon and name), and the icon of each plan. */
import { Compass, Crown, Gem, Mountain } from 'lucide';
import type { Badge } from './access';
import LucideIcon from '../ui/LucideIcon';

/** The icon of each plan: Alchemist a crown, Adventurer a mountain, Explorer a compass. */
export const PLAN_ICONS = { Alchemist: Crown, Adventurer: Mountain, Explorer: Compass } as const;
const BADGE_ICONS = { ...PLAN_ICONS, 'Founding Member': Gem } as const;

const TONES: Record<Badge, string> = {
  Explorer: 'bg-sage-100 text-sage-700',
  Adventurer: 'bg-sky-100 text-sky-700',
  Alchemist: 'bg-gold-100 text-gold-700',
  'Founding Member': 'bg-plum-100 text-plum-800',
};

/** The member's tier (or "Founding Member") as a small pill: icon and name. */
export default function TierBadge({ tier }: { tier: Badge }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${TONES[tier]}`} data-tier={tier}>
      <LucideIcon icon={BADGE_ICONS[tier]} size={16} />
      {tier}
      {tier === 'Founding Member' ? null : <span className="sr-only"> member</span>}
    </span>
  );
}
