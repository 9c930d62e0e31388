/**
 * The owner's call: GET /api/owner-numbers (netlify/functions/owner-numbers.mts) with the owner's
 * ID token. Answers the function's JSON, or throws an Error with its message (and its HTTP status).
 */
import { callAsMember } from '../../core/member-api';
import type { OwnerNumbers } from './owner-rules';

const FAILED = 'The numbers could not be read just now. Please try again.';

export async function fetchOwnerNumbers(month: string, lessons: number): Promise<OwnerNumbers> {
  const query = new URLSearchParams({ month, lessons: String(lessons) });
  const res = await callAsMember(`/api/owner-numbers?${query}`, { method: 'GET' }, FAILED);
  return res.body as OwnerNumbers;
}
