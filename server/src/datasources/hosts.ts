import dns from 'node:dns';
import net from 'node:net';
import { badRequest } from '../http/errors.ts';
import type { SourceConfig } from './engines.ts';

/**
 * What SOURCES_DENY_PRIVATE refuses (docs/configuration.md): loopback, link-local, private and unspecified
 * addresses. node's BlockList also matches the IPv4-mapped IPv6 form (::ffff:127.0.0.1) against the IPv4 ranges.
 */
const PRIVATE_RANGES = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['fc00::', 7],
] as const)
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (IPv6 with or without a zone) is loopback, link-local, private or unspecified. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 0) return false;
  return PRIVATE_RANGES.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

/** At save time, without DNS: a SQLite file, or a host written as a private address, is refused at once. */
export function refusePrivateLiteral(sqlType: number, host: string): void {
  if (sqlType === 5) throw badRequest('sourceSqliteDenied');
  if (isPrivateAddress(host.trim())) throw badRequest('sourceHostDenied', { host: host.trim().slice(0, 200), address: host.trim().slice(0, 200) });
}

/**
 * The source with its host replaced by a checked address: every address the name resolves to must be public
 * (DNS at connect time; one private answer refuses the host), and the driver connects to the first of them, so a
 * second lookup by the driver cannot be answered differently. A SQLite file is on this server: refused too.
 */
export async function publicTarget(config: SourceConfig): Promise<SourceConfig> {
  if (config.engine === 'sqlite') throw badRequest('sourceSqliteDenied');
  const literal = net.isIP(config.host.replace(/%.*$/, '')) !== 0;
  const addresses = literal ? [config.host] : (await dns.promises.lookup(config.host, { all: true, verbatim: true })).map((a) => a.address);
  const refused = addresses.find(isPrivateAddress);
  if (refused !== undefined || addresses.length === 0) throw badRequest('sourceHostDenied', { host: config.host.slice(0, 200), address: refused ?? '' });
  return { ...config, host: addresses[0]! };
}
