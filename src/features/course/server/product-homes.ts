/**
 * Where the bought course opens, by its price id: the course's page. Commerce's emails say it;
 * netlify/functions/_registry/product-homes.ts combines every feature's homes and gives them to
 * commerce, which imports no course code.
 */
import { COURSE_PATH, COURSE_PRICE_ID } from '../outline';

export const COURSE_HOMES: Readonly<Record<string, string>> = { [COURSE_PRICE_ID]: COURSE_PATH };
