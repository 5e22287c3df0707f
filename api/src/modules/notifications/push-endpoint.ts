import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { Agent } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { notificationMessages } from '@yardly/shared/rules';
import { AppError } from '../../errors';

/**
 * Addresses a push endpoint may never reach (issue 34: SSRF through Web Push): this machine,
 * private networks, link-local (the cloud metadata service at 169.254.169.254), carrier NAT,
 * documentation, benchmarking, multicast and reserved ranges, in IPv4 and IPv6.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 one. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether a push may go to this address: a public one, or loopback when `allowLoopback` (development, tests). */
export function mayPushTo(address: string, allowLoopback: boolean): boolean {
  const { address: ip, family } = unmapped(address);
  if (allowLoopback && LOOPBACK.check(ip, family)) return true;
  return !NOT_PUBLIC.check(ip, family);
}

const refused = () => AppError.badRequest(notificationMessages.endpointNotPublic, 'fcm_token');

/**
 * Checks a subscription's endpoint before it is saved: https, no user name or password, and a
 * host that resolves only to public addresses. 400 otherwise.
 */
export async function assertPublicPushEndpoint(endpoint: string, allowLoopback: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refused();
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw refused();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw refused();
  }
  if (addresses.length === 0 || !addresses.every((address) => mayPushTo(address, allowLoopback))) throw refused();
}

/**
 * The HTTPS agent pushes go out with: it resolves the endpoint's host itself and refuses to
 * connect to an address that is not public (a name that resolved to a public address at saving
 * and to 127.0.0.1 now, DNS rebinding, is caught here). web-push follows no redirects.
 */
export function publicOnlyAgent(allowLoopback: boolean): Agent {
  return new Agent({
    keepAlive: true,
    lookup(hostname, options, callback) {
      dnsLookup(hostname, { ...options, all: true }, (error, found) => {
        if (error) return callback(error, '', 4);
        const all = found as unknown as LookupAddress[];
        const bad = all.find((a) => !mayPushTo(a.address, allowLoopback));
        if (bad || all.length === 0) {
          return callback(
            Object.assign(new Error(`push endpoint ${hostname} resolves to a non-public address`), {
              code: 'ENOTPUBLIC',
            }),
            '',
            4,
          );
        }
        if ((options as { all?: boolean }).all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, all);
        const first = all[0] as LookupAddress;
        return callback(null, first.address, first.family);
      });
    },
  });
}
