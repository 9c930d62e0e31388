import { describe, expect, it } from 'vitest';
import { recordHoldsRole, tokenClaims } from '../../src/core/session/role-hint';

/** A token shaped as Firebase's (header.payload.signature, base64url); the signature is not read. */
const token = (claims: Record<string, unknown>): string =>
  ['{"alg":"RS256"}', JSON.stringify(claims)].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.c2lnbmF0dXJl';
const record = (claims: Record<string, unknown>) => JSON.stringify({ v: 1, uid: 'm1', idToken: token(claims) });

describe('the role hint', () => {
  it('reads a claim from the token the session record keeps', () => {
    expect(recordHoldsRole(record({ sub: 'm1', owner: true }), 'owner')).toBe(true);
    expect(recordHoldsRole(record({ sub: 'm1', owner: true }), 'coach')).toBe(false);
    expect(recordHoldsRole(record({ sub: 'm1', coach: true, owner: true }), 'coach')).toBe(true);
  });

  it('holds a role only for a claim that is exactly true', () => {
    for (const value of ['true', 1, {}, null, false]) expect(recordHoldsRole(record({ owner: value }), 'owner')).toBe(false);
  });

  it('decodes base64url payloads whose padding is left off (names with characters outside ASCII)', () => {
    const claims = { name: 'Zoë Ørsted ✓?>', owner: true };
    expect(tokenClaims(token(claims))).toEqual(expect.objectContaining({ owner: true }));
  });

  it('says no for anything that is not a record with a token', () => {
    for (const text of [null, '', 'not json', '{}', '{"idToken":42}', JSON.stringify({ idToken: 'one-part' }), JSON.stringify({ idToken: 'a.%%%.c' })]) {
      expect(recordHoldsRole(text, 'owner')).toBe(false);
    }
  });
});
