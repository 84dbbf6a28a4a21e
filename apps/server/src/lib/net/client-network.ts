import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail folded in). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The unit an anonymous client is counted by: its IPv4 address, or the /64 network of an IPv6
 * address. One subscriber is handed at least a /64 and may pick any address in it, so counting
 * single IPv6 addresses would let one client count as billions. IPv4-mapped IPv6 addresses
 * (`::ffff:203.0.113.5`, what a dual-stack socket reports) count as their IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = isIP(bare);
  if (family !== 6) return bare;
  const groups = ipv6Groups(bare.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
