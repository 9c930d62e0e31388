/**
 * The products the content gate serves, combined from the features that own them (the course's
 * and the Lounge's gated-products.json), with their items compiled by
 * scripts/compile-gated-content.mjs into ../_generated/gated-content.json, and what a feature
 * records when the gate serves one of its paid items (the course: a member opened a lesson).
 */
import course from '../../../src/features/course/server/gated-products.json';
import lounge from '../../../src/features/lounge/shared/server/gated-products.json';
import generated from '../_generated/gated-content.json';
import { countCourseOpening } from '../../../src/features/course/server/openings';
import { gateRegistry, type GatedItem, type ItemServed, type RegistryEntry } from '../../../src/features/commerce/server/content-gate/registry';

/** Every gated product, by its slug (the path's <product>). */
export const GATED_PRODUCTS = { ...course, ...lounge };

export const gate = gateRegistry(GATED_PRODUCTS as Record<string, RegistryEntry>, generated as unknown as Record<string, Record<string, GatedItem> | undefined>);

/** What each product's feature records when the gate serves a member one of its paid items. */
export const GATE_SERVED: Readonly<Record<string, ItemServed>> = { course: countCourseOpening };
