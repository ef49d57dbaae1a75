import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseIPv4, parseIPv6 } from './public-address';

const octet = fc.integer({ min: 0, max: 255 });
const v4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));
/** An address inside a CIDR block, e.g. inside('10.0.0.0', 8). */
const inside = (base: string, bits: number) =>
  fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((offset) => {
    const n = parseIPv4(base)! + offset;
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  });
const hex16 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const mapped = (address: string) => {
  const n = parseIPv4(address)!;
  return `::ffff:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
};

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

describe('isPublicAddress', () => {
  it('refuses the addresses an attacker aims at', () => {
    for (const address of [
      '127.0.0.1',
      '169.254.169.254', // cloud metadata
      '10.1.2.3',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1', // CGNAT
      '0.0.0.0',
      '224.0.0.251', // multicast
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      'fd00:ec2::254', // AWS metadata over IPv6 (unique local)
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      'fc00::1',
      '2001:db8::1',
      '2001::1', // Teredo
      '[::1]',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses every address of every blocked IPv4 block, and its IPv4-mapped IPv6 form', () => {
    for (const [base, bits] of BLOCKED_V4) {
      fc.assert(
        fc.property(inside(base, bits), (address) => {
          expect(isPublicAddress(address)).toBe(false);
          expect(isPublicAddress(mapped(address))).toBe(false);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('classifies an IPv4 address and its mapped and NAT64 forms alike', () => {
    fc.assert(
      fc.property(v4, (address) => {
        const n = parseIPv4(address)!;
        const tail = `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
        expect(isPublicAddress(mapped(address))).toBe(isPublicAddress(address));
        expect(isPublicAddress(`64:ff9b::${tail}`)).toBe(isPublicAddress(address));
        expect(isPublicAddress(`::ffff:${address}`)).toBe(isPublicAddress(address));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every IPv6 address outside global unicast (link-local, unique local, multicast...)', () => {
    const outside = fc
      .tuple(fc.integer({ min: 0, max: 0xffff }), fc.array(hex16, { minLength: 7, maxLength: 7 }))
      .filter(([first]) => first < 0x2000 || first >= 0x4000)
      .map(([first, rest]) => [first.toString(16), ...rest].join(':'))
      .filter((address) => !address.startsWith('0:0:0:0:0:ffff:') && !address.startsWith('64:ff9b:'));
    fc.assert(
      fc.property(outside, (address) => {
        expect(isPublicAddress(address)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses anything that is not an IP address', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (parseIPv4(text) === null && parseIPv6(text.replace(/^\[|\]$/g, '')) === null)
          expect(isPublicAddress(text)).toBe(false);
      }),
    );
    for (const text of ['localhost', '127.1', '0x7f.0.0.1', '2130706433', '', '1.2.3.4.5']) {
      expect(isPublicAddress(text), text).toBe(false);
    }
  });

  it('parses IPv6 shortening and embedded IPv4 to the same number', () => {
    expect(parseIPv6('::ffff:127.0.0.1')).toBe(parseIPv6('0:0:0:0:0:ffff:7f00:1'));
    expect(parseIPv6('2001:db8::')).toBe(0x20010db8n << 96n);
    expect(parseIPv6('::1')).toBe(1n);
  });
});
