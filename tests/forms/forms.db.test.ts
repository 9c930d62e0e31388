/** The form tables on Postgres: written only by the forms function (service role), with their checks. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { isStorableText } from '../../src/core/storable-text';
import { CHECK_VIOLATION, failure, hidden, member, migratedDatabase, NOT_NULL_VIOLATION, owner, RLS_VIOLATION, rows, service, UNIQUE_VIOLATION, visitor } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
}, 60_000);

const idea = `insert into public.community_ideas (name, email, idea_message) values ($1, $2, $3)`;
const partnership = `insert into public.partnership_requests (name, email, message, partnership_type) values ($1, $2, $3, $4)`;
const earlyAccess = `insert into public.future_launch (email) values ($1)`;
const PARTNERSHIP_TYPES = [
  'wellness_practitioner',
  'corporate_wellness',
  'content_creator',
  'brand',
  'educational_institution',
  'mental_health_organization',
  'other',
];

describe('the three form tables', () => {
  it('are written by the forms function (service role): an idea, a partnership request and an early-access email', async () => {
    expect(await failure(db, service, idea, [null, 'vi@example.com', 'A gratitude circle every Sunday'])).toBeNull();
    expect(await failure(db, service, partnership, ['Vi', 'vi@example.com', 'We run breathwork retreats in Lisbon.', 'brand'])).toBeNull();
    expect(await failure(db, service, earlyAccess, ['vi@example.com'])).toBeNull();
    expect(await rows(db, owner, `select name, email from public.community_ideas where email = 'vi@example.com'`)).toEqual([{ name: null, email: 'vi@example.com' }]);
  });

  it('refuse a visitor’s or a member’s insert straight from the browser (42501), storing nothing', async () => {
    // The anon key is in every page: a script posting to the Data API must get nowhere.
    for (const who of [visitor, member('uid-a')]) {
      expect(await failure(db, who, idea, [null, 'bot@example.com', 'Buy cheap followers today'])).toBe(RLS_VIOLATION);
      expect(await failure(db, who, partnership, ['Bot', 'bot@example.com', 'Buy cheap followers today, best price', 'brand'])).toBe(RLS_VIOLATION);
      expect(await failure(db, who, earlyAccess, ['bot@example.com'])).toBe(RLS_VIOLATION);
    }
    for (const table of ['community_ideas', 'partnership_requests', 'future_launch']) {
      expect(await rows(db, owner, `select count(*)::int as n from public.${table} where email = 'bot@example.com'`)).toEqual([{ n: 0 }]);
    }
  });

  it('give nothing back to visitors or members', async () => {
    for (const who of [visitor, member('uid-a')]) {
      for (const table of ['community_ideas', 'partnership_requests', 'future_launch', 'monthly_newsletter']) {
        expect(await hidden(db, who, `select * from public.${table}`)).toBe(true);
      }
    }
    expect(await rows(db, owner, `select count(*)::int as n from public.future_launch`)).toEqual([{ n: 1 }]);
  });

  it('cannot be changed or emptied by visitors or members', async () => {
    for (const who of [visitor, member('uid-a')]) {
      for (const table of ['community_ideas', 'partnership_requests', 'future_launch']) {
        expect(await hidden(db, who, `update public.${table} set email = 'mallory@example.com'`)).toBe(true);
        expect(await hidden(db, who, `delete from public.${table}`)).toBe(true);
      }
    }
    expect(await rows(db, owner, `select count(*)::int as n from public.community_ideas`)).toEqual([{ n: 1 }]);
  });

  it('keep the table checks for the service role too: a short idea or message, an email without @', async () => {
    expect(await failure(db, service, idea, [null, 'vi@example.com', '  too short  '])).toBe(CHECK_VIOLATION);
    expect(await failure(db, service, partnership, ['Vi', 'vi@example.com', 'Too short to read.', 'brand'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, service, earlyAccess, ['not-an-email'])).toBe(CHECK_VIOLATION);
  });
});

describe('future_launch', () => {
  it('refuses a duplicate email with SQLSTATE 23505', async () => {
    // The forms function relies on this code to answer 409 (it has no read privilege to look first).
    expect(await failure(db, service, earlyAccess, ['twice@example.com'])).toBeNull();
    expect(await failure(db, service, earlyAccess, ['twice@example.com'])).toBe(UNIQUE_VIOLATION);
  });

  it('stores emails trimmed and lower-case, with an @', async () => {
    expect(await failure(db, owner, earlyAccess, ['Upper@Example.com'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, earlyAccess, [' padded@example.com'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, earlyAccess, ['no-at-sign'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, earlyAccess, [null])).toBe(NOT_NULL_VIOLATION);
  });

  it('counts tabs, line breaks and non-breaking spaces as untrimmed, as the site’s trim() does', async () => {
    // Otherwise "x@y.co\n" would pass the check and the unique key beside "x@y.co".
    for (const email of ['pasted@example.com\n', '\tpasted@example.com', 'pasted@example.com\r\n', '\u00a0pasted@example.com']) {
      expect(await failure(db, owner, earlyAccess, [email])).toBe(CHECK_VIOLATION);
    }
    expect(await failure(db, owner, earlyAccess, ['pasted@example.com'])).toBeNull();
  });
});

describe('community_ideas', () => {
  it('needs at least 10 characters of idea after trimming', async () => {
    expect(await failure(db, owner, idea, [null, 'idea@example.com', '   123456789   '])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, idea, [null, 'idea@example.com', '1234567890'])).toBeNull();
    expect(await failure(db, owner, idea, [null, 'idea@example.com', '\n\n\t123456789\n '])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, idea, ['\tAnn', 'idea@example.com', 'Silent retreats for parents'])).toBe(CHECK_VIOLATION);
  });

  it('stores an absent name as null, never as an empty string', async () => {
    expect(await failure(db, owner, idea, ['', 'idea@example.com', 'Silent retreats for parents'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, idea, ['  Ann ', 'idea@example.com', 'Silent retreats for parents'])).toBe(CHECK_VIOLATION);
  });

  it('stores emails trimmed and lower-case', async () => {
    expect(await failure(db, owner, idea, [null, 'Idea@Example.com', 'Silent retreats for parents'])).toBe(CHECK_VIOLATION);
  });
});

describe('partnership_requests', () => {
  it('needs at least 20 characters of message after trimming', async () => {
    expect(await failure(db, owner, partnership, ['Pat', 'pat@example.com', '  1234567890123456789  ', 'brand'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, partnership, ['Pat', 'pat@example.com', '12345678901234567890', 'brand'])).toBeNull();
    expect(await failure(db, owner, partnership, ['Pat', 'pat@example.com', `12345${'\t'.repeat(15)}`, 'brand'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, partnership, ['Pat\n', 'pat@example.com', 'A proposal of twenty characters or more', 'brand'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, partnership, ['Pat', 'pat@example.com\n', 'A proposal of twenty characters or more', 'brand'])).toBe(CHECK_VIOLATION);
  });

  it('accepts the seven partnership types and nothing else, defaulting to wellness_practitioner', async () => {
    for (const type of PARTNERSHIP_TYPES) {
      expect(await failure(db, owner, partnership, ['Pat', 'pat@example.com', 'A proposal of twenty characters or more', type])).toBeNull();
    }
    expect(await failure(db, owner, partnership, ['Pat', 'pat@example.com', 'A proposal of twenty characters or more', 'investor'])).toBe(CHECK_VIOLATION);
    await failure(db, owner, `insert into public.partnership_requests (name, email, message) values ('Dee', 'dee@example.com', 'No type chosen, so the default one')`);
    expect(await rows(db, owner, `select partnership_type from public.partnership_requests where email = 'dee@example.com'`)).toEqual([
      { partnership_type: 'wellness_practitioner' },
    ]);
  });

  it('needs a name', async () => {
    expect(await failure(db, owner, partnership, ['', 'pat@example.com', 'A proposal of twenty characters or more', 'brand'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, partnership, [null, 'pat@example.com', 'A proposal of twenty characters or more', 'brand'])).toBe(NOT_NULL_VIOLATION);
  });
});

describe('monthly_newsletter', () => {
  it('is written only by the service role, once an email', async () => {
    const subscribe = `insert into public.monthly_newsletter (email) values ($1)`;
    expect(await failure(db, visitor, subscribe, ['news@example.com'])).toBe(RLS_VIOLATION);
    expect(await failure(db, member('uid-a'), subscribe, ['news@example.com'])).toBe(RLS_VIOLATION);
    expect(await failure(db, service, subscribe, ['news@example.com'])).toBeNull();
    expect(await failure(db, service, subscribe, ['news@example.com'])).toBe(UNIQUE_VIOLATION);
    expect(await failure(db, service, subscribe, ['News@example.com'])).toBe(CHECK_VIOLATION);
  });
});

describe('text PostgreSQL cannot store', () => {
  // As PostgREST sends it: the JSON body read by json_populate_record.
  const viaJson = `insert into public.community_ideas (name, email, idea_message)
    select b.name, b.email, b.idea_message from json_populate_record(null::public.community_ideas, $1::json) b`;

  it('is refused by the database exactly where src/core/storable-text.ts refuses it, so the forms answer 400 before a 502', async () => {
    const texts = ['A gratitude circle\u0000 every Sunday', 'A gratitude circle every Sunday \uD83D', 'A gratitude \uDE0A circle every Sunday', 'A gratitude circle 😊 every Sunday', 'Café circles, Łódź style'];
    for (const text of texts) {
      const code = await failure(db, service, viaJson, [JSON.stringify({ name: null, email: 'nul@example.com', idea_message: text })]);
      expect(code === null, JSON.stringify(text)).toBe(isStorableText(text));
      if (code !== null) expect(code, JSON.stringify(text)).toMatch(/^22/);
    }
  });
});
