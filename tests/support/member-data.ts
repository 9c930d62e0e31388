/** The member export's expected shapes, from the one list of member tables the export and deletion read. */
import { MEMBER_TABLES } from '../../src/features/account/server/member-data';

/** What "Download my data" gives for a member with no rows: every member table's key, empty (null where the export gives one row). */
export function emptyExport(): Record<string, null | never[]> {
  return Object.fromEntries(MEMBER_TABLES.map((t) => [t.export.key, t.export.one ? null : []]));
}
