import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@gmao/domain/webhooks/webhook-schemas';

/**
 * The SSRF guard of outgoing webhooks (issue 35): the host is resolved, and every address it resolves to is checked
 * against the ranges a webhook must not reach — loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local
 * (169.254/16 with the cloud metadata address, fe80::/10), unspecified, multicast, reserved, CGNAT, NAT64 and known
 * metadata addresses — unless the address is in WEBHOOK_ALLOWED_ADDRESSES. The caller then connects to the address
 * checked here (pinned lookup), never resolving the name again: a DNS answer that changes between the check and the
 * connection (rebinding) reaches nothing new. A plain http:// URL is refused unless its addresses are all allowed.
 */

const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
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
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
FORBIDDEN.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');

/** An allow-list parsed from `WEBHOOK_ALLOWED_ADDRESSES` ("127.0.0.1, 10.0.0.0/8, ::1"). */
export interface AllowedAddresses {
  list: BlockList;
  entries: string[];
}

/** A comma-separated entry that is neither an address nor a CIDR range, or null when all are. */
export function invalidAllowEntry(text: string | undefined): string | null {
  for (const entry of splitEntries(text)) if (!parseEntry(entry)) return entry;
  return null;
}

const splitEntries = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function parseEntry(entry: string): { address: string; prefix: number; type: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText] = entry.split('/');
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? '0') || !Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { address, prefix, type: version === 4 ? 'ipv4' : 'ipv6' };
}

export function parseAllowedAddresses(text: string | undefined): AllowedAddresses {
  const list = new BlockList();
  const entries = splitEntries(text);
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`WEBHOOK_ALLOWED_ADDRESSES: not an address or CIDR range: ${entry}`);
    list.addSubnet(parsed.address, parsed.prefix, parsed.type);
  }
  return { list, entries };
}

export const NO_ALLOWED_ADDRESSES: AllowedAddresses = { list: new BlockList(), entries: [] };

/** `::ffff:10.0.0.1` is 10.0.0.1. */
function normalise(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return { address: mapped[1]!, type: 'ipv4' };
  return { address, type: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

const isAllowed = (address: string, allowed: AllowedAddresses) => {
  const a = normalise(address);
  return allowed.list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4') || allowed.list.check(a.address, a.type);
};

/** True when a webhook may reach `address` (an IP literal). */
export function addressPermitted(address: string, allowed: AllowedAddresses): boolean {
  if (isAllowed(address, allowed)) return true;
  const a = normalise(address);
  return !FORBIDDEN.check(a.address, a.type);
}

/** A refusal of the guard: its message is French, for the administrator (API 400, delivery log). */
export class WebhookTargetError extends Error {}

export interface WebhookTarget {
  url: URL;
  /** The address checked, the one to connect to. */
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** Resolves and checks the URL's host; throws WebhookTargetError with the French reason when refused. */
export async function resolveWebhookTarget(
  rawUrl: string,
  allowed: AllowedAddresses,
  resolve: Resolver = systemResolver,
): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebhookTargetError(WEBHOOK_MESSAGES.urlInvalid);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw new WebhookTargetError(WEBHOOK_MESSAGES.urlInvalid);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new WebhookTargetError(WEBHOOK_MESSAGES.hostNotFound(host));
  }
  // Every address must pass: a name that resolves to a public and a private address is refused.
  const refused = addresses.find((a) => !addressPermitted(a.address, allowed));
  if (refused) throw new WebhookTargetError(WEBHOOK_MESSAGES.addressRefused(refused.address));
  if (url.protocol === 'http:' && !addresses.every((a) => isAllowed(a.address, allowed))) {
    throw new WebhookTargetError(WEBHOOK_MESSAGES.httpsRequired);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
