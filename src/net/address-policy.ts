// Which addresses outbound calls (webhooks, pre-checkout hooks, tax endpoints) may reach: never
// loopback, private, link-local, CGNAT, multicast, metadata or otherwise reserved ranges, checked
// on the address actually connected to.
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  // Forms that embed an IPv4 address (IPv4-compatible, IPv4-translated, local NAT64, Teredo,
  // 6to4) could carry a private one; none is a legitimate endpoint.
  ['::', 96], ['::ffff:0:0:0', 96], ['64:ff9b:1::', 48], ['2001::', 32], ['2002::', 16],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return { address: m[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isPublicAddress(address: string): boolean {
  if (!isIP(address)) return false;
  const a = unmapped(address);
  return !blocked.check(a.address, a.family);
}
