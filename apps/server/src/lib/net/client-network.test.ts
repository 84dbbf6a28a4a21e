import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('the network an anonymous client is counted by', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::FFFF:cb00:7105', '203.0.113.5'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['[2001:db8:1:2::7]', '2001:db8:1:2::/64'],
  ])('counts %s as %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  it('keeps something that is not an IP address as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
