import { Compass, Crown, Mountain } from 'lucide';
import type { PlanName } from '../../lib/subscription';
import LucideIcon from './LucideIcon';

/** The icon of each plan: Alchemist a crown, Adventurer a mountain, Explorer a compass. */
export const PLAN_ICONS = { Alchemist: Crown, Adventurer: Mountain, Explorer: Compass } as const;

const TONES: Record<PlanName, string> = {
  Explorer: 'bg-sage-100 text-sage-700',
  Adventurer: 'bg-sky-100 text-sky-700',
  Alchemist: 'bg-gold-100 text-gold-700',
};

/** The member's tier as a small pill: icon and name. */
export default function TierBadge({ tier }: { tier: PlanName }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${TONES[tier]}`} data-tier={tier}>
      <LucideIcon icon={PLAN_ICONS[tier]} size={16} />
      {tier}
      <span className="sr-only"> member</span>
    </span>
  );
}
