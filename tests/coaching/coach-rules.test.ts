/** What the coach may type, the message for each mistake, and the registrants as CSV. */
import { describe, expect, it } from 'vitest';
import { checkJoinUrl, checkNewSession, checkSeats, COACH_MESSAGES, registrantsCsv, registrantsFileName, seatsBelowTaken } from '../../src/features/coaching/coach/coach-rules';

describe('checkJoinUrl', () => {
  it('takes an https meeting link, trimmed, and an empty one as "no link"', () => {
    expect(checkJoinUrl(' https://meet.example.com/abc-defg-hij ')).toEqual({ ok: true, value: 'https://meet.example.com/abc-defg-hij' });
    expect(checkJoinUrl('')).toEqual({ ok: true, value: null });
    expect(checkJoinUrl('   ')).toEqual({ ok: true, value: null });
  });

  it('refuses a link that is not https, and anything that is not a link, with a clear message', () => {
    expect(checkJoinUrl('http://meet.example.com/x')).toEqual({ ok: false, error: COACH_MESSAGES.linkNotHttps });
    expect(checkJoinUrl('ftp://meet.example.com/x')).toEqual({ ok: false, error: COACH_MESSAGES.linkNotHttps });
    expect(checkJoinUrl('javascript:alert(1)')).toEqual({ ok: false, error: COACH_MESSAGES.linkNotHttps });
    for (const bad of ['meet.example.com/x', 'https://', 'https://localhost/x', 'https://user:pw@meet.example.com', 'https://meet.example.com/a b', 42]) {
      expect(checkJoinUrl(bad), String(bad)).toEqual({ ok: false, error: COACH_MESSAGES.linkInvalid });
    }
  });
});

describe('checkSeats', () => {
  it('takes a whole number from 1 to 500, typed or not', () => {
    expect(checkSeats('20')).toEqual({ ok: true, value: 20 });
    expect(checkSeats(1)).toEqual({ ok: true, value: 1 });
  });

  it('refuses seats below zero, below one, below those taken, too many, or not a number', () => {
    expect(checkSeats(-3)).toEqual({ ok: false, error: COACH_MESSAGES.seatsBelowOne });
    expect(checkSeats('-3')).toEqual({ ok: false, error: COACH_MESSAGES.seatsBelowOne });
    expect(checkSeats(0)).toEqual({ ok: false, error: COACH_MESSAGES.seatsBelowOne });
    expect(checkSeats(4, 5)).toEqual({ ok: false, error: '5 seats are already taken, so the session needs at least 5 seats.' });
    expect(seatsBelowTaken(1)).toBe('1 seat is already taken, so the session needs at least 1 seat.');
    expect(checkSeats(501)).toEqual({ ok: false, error: COACH_MESSAGES.seatsTooMany });
    for (const bad of ['twenty', '2.5', 2.5, '', null]) expect(checkSeats(bad), String(bad)).toEqual({ ok: false, error: COACH_MESSAGES.seatsNotNumber });
  });
});

describe('checkNewSession', () => {
  const now = new Date('2027-03-01T09:00:00Z');
  const check = (input: Record<string, unknown>) => checkNewSession(input, now, 'Europe/Berlin', 20);

  it('places a one-off session on the coach’s clock, summer time included', () => {
    expect(check({ date: '2027-04-08', start: '19:30' })).toEqual({
      ok: true,
      value: { starts_at: '2027-04-08T17:30:00.000Z', ends_at: '2027-04-08T18:30:00.000Z', time_zone: 'Europe/Berlin', max_spots: 20 },
    });
    expect(check({ date: '2027-03-10', start: '07:00', minutes: '90', seats: '8' })).toEqual({
      ok: true,
      value: { starts_at: '2027-03-10T06:00:00.000Z', ends_at: '2027-03-10T07:30:00.000Z', time_zone: 'Europe/Berlin', max_spots: 8 },
    });
  });

  it('refuses a date that is not a date, a time that is not a time, a session in the past, and bad seats', () => {
    expect(check({ date: '2027-02-30', start: '18:00' })).toEqual({ ok: false, error: COACH_MESSAGES.dateInvalid });
    expect(check({ date: 'next Thursday', start: '18:00' })).toEqual({ ok: false, error: COACH_MESSAGES.dateInvalid });
    expect(check({ start: '18:00' })).toEqual({ ok: false, error: COACH_MESSAGES.dateInvalid });
    expect(check({ date: '2027-04-08', start: '25:00' })).toEqual({ ok: false, error: COACH_MESSAGES.timeInvalid });
    // 02:30 does not exist in Berlin the night the clocks go forward.
    expect(check({ date: '2027-03-28', start: '02:30' })).toEqual({ ok: false, error: COACH_MESSAGES.timeInvalid });
    expect(check({ date: '2027-03-01', start: '09:00' })).toEqual({ ok: false, error: COACH_MESSAGES.inPast });
    expect(check({ date: '2026-12-24', start: '18:00' })).toEqual({ ok: false, error: COACH_MESSAGES.inPast });
    expect(check({ date: '2027-04-08', start: '18:00', minutes: 5 })).toEqual({ ok: false, error: COACH_MESSAGES.minutesInvalid });
    expect(check({ date: '2027-04-08', start: '18:00', seats: -1 })).toEqual({ ok: false, error: COACH_MESSAGES.seatsBelowOne });
  });
});

describe('registrantsCsv', () => {
  it('lists name, email, when they signed up on the coach’s clock and whether they came, earliest first, quoted as RFC 4180 asks', () => {
    const csv = registrantsCsv(
      [
        { name: 'Bea "B" Brown', email: 'bea@example.com', signed_up_at: '2027-03-20T13:05:00Z', joined_at: null, attendance: null },
        { name: 'Ada, Lovelace', email: 'ada@example.com', signed_up_at: '2027-03-02T08:00:00Z', joined_at: '2027-03-25T16:55:00Z', attendance: null },
        { name: 'Cy', email: 'cy@example.com', signed_up_at: '2027-03-21T08:00:00Z', joined_at: null, attendance: 'joined' },
        { name: 'Di', email: 'di@example.com', signed_up_at: '2027-03-22T08:00:00Z', joined_at: '2027-03-25T16:58:00Z', attendance: 'absent' },
      ],
      'Europe/Berlin',
      true,
    );
    expect(csv).toBe(
      'Name,Email,Signed up (Europe/Berlin),Came\r\n"Ada, Lovelace",ada@example.com,2027-03-02 09:00,Joined\r\n"Bea ""B"" Brown",bea@example.com,2027-03-20 14:05,Did not come\r\n' +
        'Cy,cy@example.com,2027-03-21 09:00,Joined\r\nDi,di@example.com,2027-03-22 09:00,Did not come\r\n',
    );
  });

  it('says nothing of who came before the session has started', () => {
    const csv = registrantsCsv([{ name: 'Ada', email: 'ada@example.com', signed_up_at: '2027-03-02T08:00:00Z', joined_at: null, attendance: null }], 'UTC', false);
    expect(csv).toBe('Name,Email,Signed up (UTC),Came\r\nAda,ada@example.com,2027-03-02 08:00,\r\n');
  });

  it('never lets a spreadsheet read a cell as a formula', () => {
    const csv = registrantsCsv([{ name: '=HYPERLINK("http://evil.example")', email: '+1@example.com', signed_up_at: '2027-03-02T08:00:00Z', joined_at: null, attendance: null }], 'UTC', false);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil.example"")",'+1@example.com,2027-03-02 08:00,`);
    expect(registrantsFileName({ date: '2027-03-25' })).toBe('rapid-fire-coaching-2027-03-25-registrants.csv');
  });
});
