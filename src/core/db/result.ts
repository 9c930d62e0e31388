/**
 * What a database call answers in the browser, and what its failure means to the member: the one
 * result type of every feature's reads and writes (through ./client.ts), and the one mapping
 * from PostgREST's and Postgres's error codes to the kind of failure a member is told about.
 * Pure, so the rules are tested without a database.
 */

/** A failed call: PostgREST's or Postgres's code when there is one, and its message (never shown as is). */
export interface DbError {
  code: string | null;
  message: string;
}

/** Every database call's answer: the data, or the error; never a throw. */
export interface DbResult<T> {
  data: T | null;
  error: DbError | null;
}

/** The codes the site's rules read. */
export const DB_CODES = {
  /**
   * `.single()` found no row. The member's reads that may find none ask `.maybeSingle()` (none is
   * null, not an error), and still count this code as "none" (the spec's rule), never a failure.
   */
  noRows: 'PGRST116',
  /** A unique key refused a second row (a second seat, an early-access email listed already). */
  duplicate: '23505',
  /**
   * A rule that refuses a member's write, raised by the database with a message written for the
   * member and shown as it is: a cap on what one member may add (as many own statements as an
   * app keeps, a day still to come, a practice dated too far back), or a coaching signup's rule
   * (the session has begun, the address is not verified yet).
   */
  limit: 'IA429',
  /** The database is not configured in this build (PUBLIC_SUPABASE_URL / _ANON_KEY unset). */
  notConfigured: 'not-configured',
  /** The request never reached the database (offline, or the connection dropped). */
  network: 'network',
} as const;

export const DB_NOT_CONFIGURED: DbError = { code: DB_CODES.notConfigured, message: 'The database is not configured' };

/** What a failure means for the member, whichever feature made the call. */
export type DbFailureKind = 'offline' | 'signedOut' | 'tooLong' | 'duplicate' | 'limit' | 'failed';

/**
 * The kind of a failure: offline when the browser says so (or the request never left);
 * signedOut for a token the database refused (expired, or without the member's role); tooLong
 * for a value a check constraint or a column length refused; duplicate for a unique key; limit
 * for a cap on the member's rows (its message is the database's, written for the member);
 * failed for everything else.
 */
export function dbFailureKind(error: Pick<DbError, 'code'> | null, online = true): DbFailureKind {
  if (!online || error?.code === DB_CODES.network) return 'offline';
  switch (error?.code) {
    case '42501':
    case 'PGRST301':
    case 'PGRST303':
      return 'signedOut';
    case '23514':
    case '22001':
      return 'tooLong';
    case DB_CODES.duplicate:
      return 'duplicate';
    case DB_CODES.limit:
      return 'limit';
    default:
      return 'failed';
  }
}

/** True when the error only says "no row" (`.single()` on an empty answer). */
export const isNoRows = (error: Pick<DbError, 'code'> | null): boolean => error?.code === DB_CODES.noRows;

/** The browser's own view of the connection (true where it cannot tell). */
export const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;
