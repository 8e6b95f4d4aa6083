import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is counted and denied under (abuse-limits.ts, address-gate.ts, the HTTP
 * limits): an IPv6 address by its /64 network, which a single subscriber or server is given whole
 * and can pick new addresses in at will (keyed by address, every limit was one fresh address away);
 * an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, a dual-stack socket's IPv4 peer) as plain IPv4;
 * anything else as it is.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  const bare = address.split('%')[0] ?? address; // a zone (`fe80::1%eth0`) is not part of the network
  if (!isIPv6(bare)) return address;
  return `${firstGroups(bare, 4).join(':')}::/64`;
}

/** The first `n` 16-bit groups of a valid IPv6 address, `::` expanded, in lowercase hex without leading zeros. */
function firstGroups(ip: string, n: number): string[] {
  const [left = '', right] = ip.split('::');
  const split = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const head = split(left);
  const tail = right === undefined ? [] : split(right);
  // an embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) stands for two groups
  const tailGroups = tail.reduce((k, g) => k + (g.includes('.') ? 2 : 1), 0);
  const zeros = right === undefined ? [] : Array.from({ length: 8 - head.length - tailGroups }, () => '0');
  return [...head, ...zeros, ...tail].slice(0, n).map((g) => (g.includes('.') ? g : parseInt(g, 16).toString(16)));
}
