/**
 * Where each bought product opens, by price id, combined from the features that own the products
 * (the course's page, each Lounge app's room); commerce's emails are given it (./emails.ts), as
 * the content gate is given ./gated-content.ts. A price no feature lists opens in the library.
 */
import { COURSE_HOMES } from '../../../src/features/course/server/product-homes';
import { LOUNGE_HOMES } from '../../../src/features/lounge/shared/server/product-homes';
import type { ProductHomes } from '../../../src/features/commerce/server/email/products';

export const PRODUCT_HOMES: ProductHomes = { ...COURSE_HOMES, ...LOUNGE_HOMES };
