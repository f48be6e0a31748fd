import { lookup } from 'node:dns';
import { isIP } from 'node:net';
import { LOOP_API_MESSAGES, LOOP_MESSAGES } from '@quotebook/domain';

/*
 * Where a webhook may be sent. An agency types the URL, and the quoting service sends from inside the
 * deployment's network: a URL naming a private, loopback or link-local address would let an agency
 * reach the database, Redis or a cloud's metadata endpoint. The literal address is refused when the
 * endpoint is saved, and every address its name resolves to is checked again when a delivery connects
 * (a name may resolve to a private address later: DNS rebinding).
 */

/** IPv4 ranges no webhook may reach: `[first address, prefix length]`. */
const PRIVATE_IPV4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata endpoints)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function inIpv4Range(address: string, [first, prefix]: [string, number]): boolean {
  const size = 2 ** (32 - prefix);
  return Math.floor(ipv4ToNumber(address) / size) === Math.floor(ipv4ToNumber(first) / size);
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail becomes its two groups). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    if (isIP(tail[1]) !== 4) return null;
    const value = ipv4ToNumber(tail[1]);
    text = `${text.slice(0, -tail[1].length)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - headGroups.length - restGroups.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...restGroups].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv6 address carries in its last 32 bits. */
const embeddedIpv4 = (groups: number[]) =>
  [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');

function isPrivateIpv6(address: string): boolean {
  const groups = ipv6Groups(address);
  // what cannot be read is not let through
  if (!groups) return true;
  const [first] = groups;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 8)) return true; // :: unspecified
  if (zeros(0, 7) && groups[7] === 1) return true; // ::1 loopback
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address decides
  if (zeros(0, 5) && groups[5] === 0xffff) return isPrivateAddress(embeddedIpv4(groups));
  if (zeros(0, 6)) return isPrivateAddress(embeddedIpv4(groups));
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it carries
  if (first === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return isPrivateAddress(embeddedIpv4(groups));
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (first === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  return false;
}

/**
 * True for an address no webhook may reach: private, loopback, link-local, unique-local, multicast,
 * reserved, or an IPv6 address that carries such an IPv4 address. Anything that is not an IP address
 * counts as private (refused).
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return PRIVATE_IPV4.some((range) => inIpv4Range(address, range));
  if (family === 6) return isPrivateIpv6(address);
  return true;
}

/** The URL's host without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Names that always mean this machine, whatever DNS says. */
const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/** The URL of an endpoint if it is an http(s) URL with a host and without credentials, else null. */
export function parseWebhookUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}

/**
 * What is wrong with an endpoint's URL as it is saved, or null: not an http(s) URL with a host, or
 * (unless private targets are allowed) a host that is a private address literal or `localhost`.
 */
export function webhookUrlProblem(text: string, allowPrivateTargets: boolean): string | null {
  const url = parseWebhookUrl(text);
  if (!url) return LOOP_API_MESSAGES.webhookUrl;
  if (allowPrivateTargets) return null;
  const host = hostOf(url);
  if (isLocalName(host) || (isIP(host) !== 0 && isPrivateAddress(host))) return LOOP_MESSAGES.webhookPrivateTarget;
  return null;
}

/** Thrown by the delivery's name lookup: the endpoint resolves to an address it may not reach. */
export class PrivateTargetError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address`);
    this.name = 'PrivateTargetError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * The name lookup a delivery's connection uses: every address the name resolves to is checked, and
 * the connection goes to one of the checked addresses, so the name cannot resolve to another address
 * between the check and the connection.
 */
export function checkedLookup(allowPrivateTargets: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = allowPrivateTargets ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new PrivateTargetError(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first.address, first.family);
    });
  };
}
