/** The partnership form's kinds of partnership: the values the database allows, in the form's order. */
import { PARTNERSHIP_TYPES, type PartnershipType } from '../../core/db/values';

export { PARTNERSHIP_TYPES, type PartnershipType };

export const DEFAULT_PARTNERSHIP_TYPE: PartnershipType = 'wellness_practitioner';

/** What the form's select shows for each type. */
export const PARTNERSHIP_TYPE_LABELS: Record<PartnershipType, string> = {
  wellness_practitioner: 'Wellness Practitioner/Coach',
  corporate_wellness: 'Corporate Wellness Program',
  content_creator: 'Content Creator/Influencer',
  brand: 'Brand Partnership',
  educational_institution: 'Educational Institution',
  mental_health_organization: 'Mental Health Organization',
  other: 'Other',
};

export function isPartnershipType(value: string): value is PartnershipType {
  return (PARTNERSHIP_TYPES as readonly string[]).includes(value);
}
