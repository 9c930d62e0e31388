/** The rules a Firebase ID token's header and payload must meet. */
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_SECONDS, idTokenHeaderProblem, idTokenPayloadProblem } from '../../netlify/functions/_shared/firebase-id-token';

const PROJECT = 'demo-inner-alchemy';
const NOW = 1_800_000_000;
const valid = { iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, sub: 'uid-1', iat: NOW - 10, exp: NOW + 3590, auth_time: NOW - 10 };

describe('Firebase ID token header', () => {
  it('takes RS256 with a kid', () => {
    expect(idTokenHeaderProblem({ alg: 'RS256', kid: 'abc' })).toBeNull();
  });

  it.each([
    [{ alg: 'none', kid: 'abc' }, 'alg must be RS256, not "none"'],
    [{ alg: 'HS256', kid: 'abc' }, 'alg must be RS256, not "HS256"'],
    [{ alg: 'RS512', kid: 'abc' }, 'alg must be RS256, not "RS512"'],
    [{ kid: 'abc' }, 'alg must be RS256, not null'],
    [{ alg: 'RS256' }, 'no kid'],
    [{ alg: 'RS256', kid: '' }, 'no kid'],
    [{ alg: 'RS256', kid: 7 }, 'no kid'],
  ])('refuses %j', (header, problem) => {
    expect(idTokenHeaderProblem(header)).toBe(problem);
  });
});

describe('Firebase ID token payload', () => {
  it('takes a fresh token of the project', () => {
    expect(idTokenPayloadProblem(valid, PROJECT, NOW)).toBeNull();
  });

  it.each([
    [{ aud: 'other' }, 'aud is not the project id'],
    [{ aud: [PROJECT] }, 'aud is not the project id'],
    [{ iss: 'https://securetoken.google.com/other' }, 'iss is not the project issuer'],
    [{ iss: `http://securetoken.google.com/${PROJECT}` }, 'iss is not the project issuer'],
    [{ sub: '' }, 'no sub'],
    [{ sub: 42 }, 'no sub'],
    [{ sub: 'x'.repeat(129) }, 'sub is longer than 128 characters'],
    [{ exp: undefined }, 'no exp'],
    [{ exp: NOW }, 'expired'],
    [{ exp: NOW - 1 }, 'expired'],
    [{ exp: String(NOW + 100) }, 'no exp'],
    [{ iat: undefined }, 'no iat'],
    [{ iat: NOW + CLOCK_SKEW_SECONDS + 1 }, 'iat is in the future'],
    [{ auth_time: undefined }, 'no auth_time'],
    [{ auth_time: NOW + CLOCK_SKEW_SECONDS + 1 }, 'auth_time is in the future'],
  ])('refuses %j', (change, problem) => {
    expect(idTokenPayloadProblem({ ...valid, ...change }, PROJECT, NOW)).toBe(problem);
  });

  it('takes a sub of exactly 128 characters, and iat and auth_time within the clock skew', () => {
    expect(idTokenPayloadProblem({ ...valid, sub: 'x'.repeat(128) }, PROJECT, NOW)).toBeNull();
    expect(idTokenPayloadProblem({ ...valid, iat: NOW + CLOCK_SKEW_SECONDS, auth_time: NOW + CLOCK_SKEW_SECONDS }, PROJECT, NOW)).toBeNull();
    expect(CLOCK_SKEW_SECONDS).toBeLessThanOrEqual(5);
  });
});
