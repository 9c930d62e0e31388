/**
 * The three pillars of the programme, each three modules: a module of its own, free of zod, so
 * the islands that name a pillar do not carry the content schemas.
 */
export const PILLARS = ['explorer', 'adventurer', 'alchemist'] as const;
