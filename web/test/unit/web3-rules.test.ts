/**
 * Pure rules of the admin console, donations, payment results and contact (issue 12), and the
 * completeness of their texts in both hand-written languages.
 */
import { paymentResultOf } from '../../src/features/payment-result/result';
import { createAnswerOf } from '../../src/features/donations/payment-answer';
import { parseAmount, tierOfText } from '../../src/features/donations/amount';
import { adminErrorText } from '../../src/features/admin/errors';
import { searchTermOf } from '../../src/features/admin/list-controls';
import { barPercent, statGroups } from '../../src/features/admin/pages/StatsPage';
import { contactErrorDetail } from '../../src/features/contact/ContactPage';

jest.mock('../../src/features/admin/admin.css', () => ({}), { virtual: true });

describe('payment result of a return URL or a stored payment', () => {
  test.each([
    [{ status: 'success' }, 'success', null],
    [{ status: 'success', free: '1' }, 'free', null],
    [{ status: 'error', code: 'D05' }, 'error', 'D05'],
    [{ status: 'cancelled' }, 'cancelled', null],
    [{ status: 'invalid' }, 'invalid', null],
    [{ status: 'unavailable' }, 'unavailable', null],
    [{ status: 'unknown', code: 'E42' }, 'unknown', 'E42'],
    [{ status: 'unknown' }, 'unknown', 'UNKNOWN'],
    [{ status: 'weird' }, 'unknown', 'weird'],
    [{ status: null, stored: 'created' }, 'processing', null],
    [{ status: null, stored: 'succeeded' }, 'success', null],
    [{ status: null, stored: 'failed' }, 'error', null],
    [{ status: null, stored: 'cancelled' }, 'cancelled', null],
    [{ status: 'error', stored: 'succeeded' }, 'error', null],
  ] as const)('%j shows %s with code %s', (input, kind, code) => {
    expect(paymentResultOf(input)).toEqual({
      kind,
      code: input.status === 'error' ? ('code' in input && input.code) || null : code,
    });
  });
});

describe('the text answer of POST /payment/create', () => {
  test('a checkout URL is followed', () => {
    expect(createAnswerOf(200, 'http://127.0.0.1:8080/api/payment/checkout/abc', null)).toEqual({
      url: 'http://127.0.0.1:8080/api/payment/checkout/abc',
    });
  });
  test.each([
    [
      400,
      'invalid payment parameters',
      'PAYMENT.INVALID_PARAMETERS',
      { status: 'invalid', code: 'PAYMENT.INVALID_PARAMETERS' },
    ],
    [503, 'payment URL not available', null, { status: 'unavailable', code: null }],
    [
      502,
      'unknown payment error (code GW-17)',
      'PAYMENT.UNKNOWN_ERROR',
      { status: 'unknown', code: 'GW-17' },
    ],
    [500, '', null, { status: 'unknown', code: '500' }],
    [200, 'not a url', null, { status: 'unknown', code: '200' }],
    ['FETCH_ERROR', null, null, { status: 'unknown', code: 'FETCH_ERROR' }],
  ] as const)('%s %j is %j', (status, text, header, expected) => {
    expect(createAnswerOf(status, text, header)).toEqual(expected);
  });
});

describe('donation amounts as people type them', () => {
  test.each([
    ['1500', 1500],
    ['1.500', 1500],
    ['12.000', 12000],
    ['1.500,50', 1500.5],
    ['1500,5', 1500.5],
    ['1500.50', 1500.5],
    [' 2 000 RSD', 2000],
    ['', null],
  ])('%j reads as %p', (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
  });
  test('unreadable text is not a number', () => {
    expect(parseAmount('pet hiljada')).toBeNaN();
  });
  test('a bound belongs to the lower tier (spec §9: up to 5.000; 5.000–10.000; over 10.000)', () => {
    expect(tierOfText('5.000')).toBe('small');
    expect(tierOfText('5.000,01')).toBe('medium');
    expect(tierOfText('10.000')).toBe('medium');
    expect(tierOfText('10.001')).toBe('large');
    expect(tierOfText('')).toBeNull();
  });
});

const failure = (status: number, body: unknown) => ({ status, data: body });

describe('admin error texts (spec §8)', () => {
  test('accepting a full vacancy says why', () => {
    expect(
      adminErrorText(
        'accept',
        failure(409, { error: { code: 'APPLICATION.NO_FREE_POSITIONS', message: 'x' } }),
      ),
    ).toEqual({
      key: 'errors.accept',
      reasonKey: 'reasons.noFreePositions',
    });
  });
  test("a guest accepted twice answers the literal 'already applied', recognised separately", () => {
    expect(
      adminErrorText('guestAccept', {
        status: 'PARSING_ERROR',
        originalStatus: 409,
        data: 'already applied',
      }),
    ).toEqual({ key: 'errors.alreadyApplied', reasonKey: null });
    expect(adminErrorText('guestAccept', failure(409, 'already applied'))).toEqual({
      key: 'errors.alreadyApplied',
      reasonKey: null,
    });
  });
  test('ban, reactivate and statistics failures have their own texts', () => {
    expect(adminErrorText('ban', failure(409, { error: { code: 'AUTH.ALREADY_BANNED' } }))).toEqual({
      key: 'errors.ban',
      reasonKey: 'reasons.alreadyBanned',
    });
    expect(adminErrorText('reactivate', failure(409, { error: { code: 'AUTH.NOT_BANNED' } }))).toEqual({
      key: 'errors.reactivate',
      reasonKey: 'reasons.notBanned',
    });
    expect(adminErrorText('stats', failure(500, { error: { code: 'INTERNAL' } }))).toEqual({
      key: 'errors.stats',
      reasonKey: null,
    });
    expect(adminErrorText('reject', { status: 'FETCH_ERROR', error: 'x' })).toEqual({
      key: 'errors.reject',
      reasonKey: 'reasons.network',
    });
  });
});

describe('admin users and statistics', () => {
  test('a search shorter than 3 characters is not sent', () => {
    expect(searchTermOf('')).toBeUndefined();
    expect(searchTermOf(' ab ')).toBeUndefined();
    expect(searchTermOf(' abc ')).toBe('abc');
  });
  test('the chart shows all eight figures of spec §3 and the accepted heads, each once', () => {
    const figures = statGroups.flatMap((g) => g.figures).sort();
    expect(figures).toEqual(
      [
        'acceptedHeads',
        'estates',
        'guests',
        'openApplications',
        'openVacancies',
        'pendingApplications',
        'totalApplications',
        'totalVacancies',
        'workers',
      ].sort(),
    );
  });
  test('bars are in percent of the largest figure of their group', () => {
    expect(barPercent(5, 10)).toBe(50);
    expect(barPercent(0, 0)).toBe(0);
    expect(barPercent(7, 7)).toBe(100);
  });
});

describe('contact send errors', () => {
  test("the server's own text is passed on; the generic one and validation are not repeated", () => {
    expect(
      contactErrorDetail(
        failure(502, { error: { code: 'NOTIFICATION.CONTACT_SEND_ERROR', message: 'contact send error' } }),
      ),
    ).toBeNull();
    expect(contactErrorDetail(failure(503, 'mail relay is down'))).toBe('mail relay is down');
    expect(
      contactErrorDetail(failure(400, { error: { code: 'VALIDATION', message: 'invalid email' } })),
    ).toBeNull();
  });
});

describe('texts of both hand-written languages', () => {
  const namespaces = ['admin', 'donations', 'payment', 'contact'];
  type Tree = { [key: string]: string | Tree };
  const keysOf = (tree: Tree, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string'
        ? [`${prefix}${k}`.replace(/_(one|few|other)$/, '')]
        : keysOf(v, `${prefix}${k}.`),
    );
  test.each(namespaces)('%s has the same keys in Serbian Latin and English', (ns) => {
    const sr = require(`../../src/locales/sr-Latn/${ns}.json`) as Tree;
    const en = require(`../../src/locales/en/${ns}.json`) as Tree;
    expect([...new Set(keysOf(en))].sort()).toEqual([...new Set(keysOf(sr))].sort());
  });
});
