import type { IncomingMessage } from 'node:http';
import { CLIENT_ADDRESS_HEADER, clientAddressOf, clientKey, normaliseAddress } from '../src';

describe('clientKey: what a limit counts a client under', () => {
  test.each([
    ['an IPv4 address is itself', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address is plain IPv4', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 address is its /64', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['a compressed IPv6 address is its /64', '2001:db8::1', '2001:db8:0:0::/64'],
    ['leading zeros and case do not matter', '2001:0DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['a zone id is dropped', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['a dotted IPv4 tail is read', '64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
    ['a bracketed address with a port', '[2001:db8:1:2::5]:443', '2001:db8:1:2::/64'],
    ['loopback', '::1', '0:0:0:0::/64'],
  ])('%s', (_label, address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  test('two addresses of one /64 share a key; the next /64 has its own', () => {
    expect(clientKey('2001:db8:1:2::a')).toBe(clientKey('2001:db8:1:2:ffff::b'));
    expect(clientKey('2001:db8:1:3::a')).not.toBe(clientKey('2001:db8:1:2::a'));
  });

  test('normaliseAddress drops an IPv4 port', () => {
    expect(normaliseAddress('1.2.3.4:5555')).toBe('1.2.3.4');
  });
});

describe('clientAddressOf: the address the gateway decided', () => {
  const request = (peer: string, headers: Record<string, string | string[]> = {}) =>
    ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

  test('the gateway header, never X-Forwarded-For', () => {
    const req = request('127.0.0.1', {
      [CLIENT_ADDRESS_HEADER]: '198.51.100.4',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(clientAddressOf(req)).toBe('198.51.100.4');
  });

  test.each([
    ['no header', {}],
    ['a header that is no address', { [CLIENT_ADDRESS_HEADER]: 'victim' }],
    ['a header sent twice', { [CLIENT_ADDRESS_HEADER]: ['1.1.1.1', '2.2.2.2'] }],
    ['only X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
  ])('%s: the socket peer', (_label, headers) => {
    expect(clientAddressOf(request('::ffff:10.1.2.3', headers))).toBe('10.1.2.3');
  });
});
