/** The kinds of partnership a visitor can propose, in the order the form lists them. */
export const PARTNERSHIP_TYPES = [
  'wellness_practitioner',
  'corporate_wellness',
  'content_creator',
  'brand',
  'educational_institution',
  'mental_health_organization',
  'other',
] as const;

export type PartnershipType = (typeof PARTNERSHIP_TYPES)[number];

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
