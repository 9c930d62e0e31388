/** The member's places in the waitlist (sessions not yet started), with where they stand; errors leave it empty. Loaded with the dashboard's waitlist lines. */
import { memberResource } from '../../core/session/member-store';
import { fetchMyPlaces, type MyPlace } from './waitlist-api';

export const $myPlaces = memberResource<MyPlace[]>(async () => {
  try {
    return (await fetchMyPlaces()).data ?? [];
  } catch {
    return [];
  }
});
