/**
 * Whether an IP address is on the public internet, for the template importer's SSRF guard: loopback,
 * private, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, reserved and documentation
 * ranges are refused, in IPv4 and IPv6 alike, including IPv4 hidden inside IPv6 (mapped, NAT64, 6to4).
 */
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

const { IPv4, IPv6 } = ipaddr;
type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

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
].map((cidr) => IPv4.parseCIDR(cidr));

/** Only global unicast (2000::/3) is public, minus these. */
const GLOBAL_UNICAST_V6 = IPv6.parseCIDR('2000::/3');
const BLOCKED_V6 = [
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
].map((cidr) => IPv6.parseCIDR(cidr));
/** Ranges that carry an IPv4 address: it decides. `at` is the byte where the IPv4 starts. */
const EMBEDDED_V4 = [
  { range: IPv6.parseCIDR('::ffff:0:0/96'), at: 12 }, // IPv4-mapped
  { range: IPv6.parseCIDR('64:ff9b::/96'), at: 12 }, // NAT64
  { range: IPv6.parseCIDR('64:ff9b:1::/48'), at: 12 }, // local NAT64
  { range: IPv6.parseCIDR('2002::/16'), at: 2 }, // 6to4
];

// Node's strict parsers decide what is an address (ipaddr.js alone would take "127.1", octal and hex
// forms, which resolvers read differently); ipaddr.js then reads it and matches ranges.
const ipv4Of = (address: string): IPv4 | null => (isIPv4(address) ? IPv4.parse(address) : null);
const ipv6Of = (address: string): IPv6 | null =>
  isIPv6(address) && !address.includes('%') ? IPv6.parse(address) : null;

/** The IPv4 address as one number, or null. */
export function parseIPv4(address: string): number | null {
  return ipv4Of(address)?.octets.reduce((n, octet) => n * 256 + octet, 0) ?? null;
}

/** The IPv6 address as 128 bits, or null; accepts :: shortening and a trailing dotted IPv4. */
export function parseIPv6(address: string): bigint | null {
  return ipv6Of(address)?.parts.reduce((n, part) => (n << 16n) | BigInt(part), 0n) ?? null;
}

const isPublicV4 = (address: IPv4) => !BLOCKED_V4.some((range) => address.match(range));

function embeddedV4Of(address: IPv6): IPv4 | null {
  const embedding = EMBEDDED_V4.find(({ range }) => address.match(range));
  return embedding ? new IPv4(address.toByteArray().slice(embedding.at, embedding.at + 4)) : null;
}

/** True only for an address a public web server could have. Anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  const four = ipv4Of(address);
  if (four) return isPublicV4(four);
  const six = ipv6Of(address.replace(/^\[|\]$/g, ''));
  if (!six) return false;
  const embedded = embeddedV4Of(six);
  if (embedded) return isPublicV4(embedded);
  return six.match(GLOBAL_UNICAST_V6) && !BLOCKED_V6.some((range) => six.match(range));
}
