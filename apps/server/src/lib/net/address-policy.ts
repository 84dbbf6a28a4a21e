import { BlockList, isIP } from 'node:net';

/**
 * Addresses a server-side request must never reach when the target comes from configuration an
 * attacker could influence: loopback, private, link-local (cloud metadata lives at 169.254.169.254),
 * CGNAT, "this network", multicast and reserved ranges, and their IPv6 counterparts.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible addresses (deprecated, never routed): `[::127.0.0.1]` is parsed as `::7f00:1`
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address embedded in an IPv4-mapped or -compatible IPv6 address (`::ffff:127.0.0.1`), if any. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}(?:ffff:)?((?:\d{1,3}\.){3}\d{1,3})$/i.exec(address);
  if (match) return match[1]!;
  const hex = /^(?:0{0,4}:){0,5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when an IP literal is in a non-public range (see above). Anything that is not an IP is treated as unsafe. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return (v4 !== null && blocked.check(v4, 'ipv4')) || blocked.check(bare, 'ipv6');
  }
  return true;
}

/** Host names that resolve locally whatever DNS says. */
export function isLocalHostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal');
}
