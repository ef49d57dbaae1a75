/**
 * Whether an IP address is on the public internet, for the template importer's SSRF guard: loopback,
 * private, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, reserved and documentation
 * ranges are refused, in IPv4 and IPv6 alike, including IPv4 hidden inside IPv6 (mapped, NAT64, 6to4).
 */
import { isIPv4, isIPv6 } from 'node:net';

type Range = { base: bigint; bits: number };

const v4 = (cidr: string): Range => {
  const [address, bits] = cidr.split('/');
  return { base: BigInt(parseIPv4(address)!), bits: Number(bits) };
};
const v6 = (cidr: string): Range => {
  const [address, bits] = cidr.split('/');
  return { base: parseIPv6(address)!, bits: Number(bits) };
};

/** RFC 6890 and the IANA special-purpose registry: nothing here is a public web server. */
const BLOCKED_V4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and broadcast
].map(v4);

/** Only global unicast (2000::/3) is public, minus these. */
const GLOBAL_UNICAST_V6 = v6('2000::/3');
const BLOCKED_V6 = [
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
].map(v6);
/** Ranges that carry an IPv4 address: it decides. `at` is the bit offset of the IPv4 from the right. */
const EMBEDDED_V4 = [
  { range: v6('::ffff:0:0/96'), at: 0 }, // IPv4-mapped
  { range: v6('64:ff9b::/96'), at: 0 }, // NAT64
  { range: v6('64:ff9b:1::/48'), at: 0 }, // local NAT64
  { range: v6('2002::/16'), at: 80 }, // 6to4
];

const inRange = (value: bigint, width: number, { base, bits }: Range) =>
  value >> BigInt(width - bits) === base >> BigInt(width - bits);

export function parseIPv4(address: string): number | null {
  if (!isIPv4(address)) return null;
  return address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

/** 128 bits, or null; accepts :: shortening and a trailing dotted IPv4. */
export function parseIPv6(address: string): bigint | null {
  if (!isIPv6(address) || address.includes('%')) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = parseIPv4(dotted[1])!;
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, group) => (n << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

const isPublicV4 = (n: number) => !BLOCKED_V4.some((range) => inRange(BigInt(n), 32, range));

/** True only for an address a public web server could have. Anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  const four = parseIPv4(address);
  if (four !== null) return isPublicV4(four);
  const six = parseIPv6(address.replace(/^\[|\]$/g, ''));
  if (six === null) return false;
  for (const { range, at } of EMBEDDED_V4) {
    if (inRange(six, 128, range)) return isPublicV4(Number((six >> BigInt(at)) & 0xffffffffn));
  }
  return inRange(six, 128, GLOBAL_UNICAST_V6) && !BLOCKED_V6.some((range) => inRange(six, 128, range));
}
