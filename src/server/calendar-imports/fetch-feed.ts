/**
 * Reads an owner's calendar feed from the address they gave, which the server must not let reach its
 * own network (SSRF; docs/decisions/038-calendar-import.md). Each hop's host is resolved once, every
 * address it gave is checked ({@link refusedAddress}), and the connection goes to the checked
 * address (the socket's own lookup answers with it: no second lookup a rebinding DNS could change).
 * Redirects are followed by hand, at most {@link MAX_REDIRECTS}, each hop checked the same way. The
 * whole read has {@link FEED_TIMEOUT_MS} and at most {@link FEED_MAX_BYTES}. The address is never
 * logged nor put in an error: it is the calendar's secret.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 3;

/** A failed read, its message in words for the owner (`last_error`). */
export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
}

/** Ranges never reached, whatever the configuration: what each is, in words. */
const ALWAYS_REFUSED: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified address'],
  ['10.0.0.0', 8, 'ipv4', 'a private network address'],
  ['100.64.0.0', 10, 'ipv4', 'a private network address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address'],
  ['172.16.0.0', 12, 'ipv4', 'a private network address'],
  ['192.0.0.0', 24, 'ipv4', 'a reserved address'],
  ['192.0.2.0', 24, 'ipv4', 'a reserved address'],
  ['192.168.0.0', 16, 'ipv4', 'a private network address'],
  ['198.18.0.0', 15, 'ipv4', 'a reserved address'],
  ['198.51.100.0', 24, 'ipv4', 'a reserved address'],
  ['203.0.113.0', 24, 'ipv4', 'a reserved address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved address'],
  ['fc00::', 7, 'ipv6', 'a private network address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['2001::', 32, 'ipv6', 'a tunnelled address'],
  ['2001:db8::', 32, 'ipv6', 'a reserved address'],
  ['2002::', 16, 'ipv6', 'a tunnelled address'],
];
const refusedRanges = ALWAYS_REFUSED.map(([network, prefix, type, words]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, type, words };
});
const loopback4 = new BlockList();
loopback4.addSubnet('127.0.0.0', 8, 'ipv4');
/** IPv6 unicast addresses on the internet: anything else (loopback, unspecified, mapped, NAT64, multicast) is refused. */
const globalUnicast6 = new BlockList();
globalUnicast6.addSubnet('2000::', 3, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, `::ffff:7f00:1`) stands for, else null. */
function mappedIpv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(.+)$/i.exec(address);
  if (!match) return null;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * Why a calendar may not be read from `address`, in words ("a private network address"), or null
 * when it may. `allowLoopback` (tests only) lets 127.0.0.0/8 and ::1 through, nothing else.
 */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 0) return 'not an address';
  const v4 = version === 4 ? bare : mappedIpv4(bare);
  if (v4) {
    if (loopback4.check(v4, 'ipv4')) return allowLoopback ? null : 'a loopback address';
    return refusedRanges.find((range) => range.type === 'ipv4' && range.list.check(v4, 'ipv4'))?.words ?? null;
  }
  if (/^(?:0{0,4}:){2,7}0{0,3}1$|^::1$/.test(bare)) return allowLoopback ? null : 'a loopback address';
  const range = refusedRanges.find((entry) => entry.type === 'ipv6' && entry.list.check(bare, 'ipv6'));
  if (range) return range.words;
  return globalUnicast6.check(bare, 'ipv6') ? null : 'a reserved address';
}

/** Resolves a host name to its addresses (the system resolver by default); tests may pass their own. */
export type HostLookup = (host: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: HostLookup = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface FeedRequest {
  url: string;
  /** Validators of the last answer read: an unchanged feed answers 304. */
  etag?: string | null;
  lastModified?: string | null;
  /** Tests only: plain http and loopback addresses allowed (`CALENDAR_IMPORT_ALLOW_LOOPBACK`). */
  allowLoopback: boolean;
  lookup?: HostLookup;
  timeoutMs?: number;
  maxBytes?: number;
}

export type FeedAnswer = { unchanged: true } | { unchanged: false; text: string; etag: string | null; lastModified: string | null };

/** The URL a hop reads: `webcal://` is read over https. */
function hopUrl(address: string, allowHttp: boolean): URL {
  const url = URL.canParse(address) ? new URL(address) : null;
  if (!url) throw new FeedFetchError('The calendar’s address is not a valid URL.');
  if (url.protocol === 'webcal:') return new URL(`https:${address.trim().slice('webcal:'.length)}`);
  if (url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')) return url;
  throw new FeedFetchError('The calendar’s address (or a redirect) does not use https://, so it was not read.');
}

/** The one address of `url`'s host that this hop connects to, after checking every address it resolves to. */
async function checkedAddress(url: URL, allowLoopback: boolean, lookup: HostLookup): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new FeedFetchError('The calendar’s host name could not be found.');
    }
  }
  if (addresses.length === 0) throw new FeedFetchError('The calendar’s host name could not be found.');
  for (const { address } of addresses) {
    const refused = refusedAddress(address, allowLoopback);
    if (refused) throw new FeedFetchError(`The calendar’s address leads to ${refused}, which is not allowed.`);
  }
  return addresses[0]!;
}

/** One GET of `url` to `target`, the socket's lookup pinned to it. */
function get(url: URL, target: { address: string; family: number }, headers: Record<string, string>, signal: AbortSignal) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(
      {
        method: 'GET',
        hostname: host,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, Host: url.host },
        agent: false,
        signal,
        ...(isIP(host) ? {} : { servername: host }),
        lookup: (_hostname, options, callback) => {
          const all = (options as { all?: boolean }).all;
          if (all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [target]);
          else callback(null, target.address, target.family);
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/** The answer's body as text, refusing past `maxBytes`. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FeedFetchError(`The calendar is larger than ${maxBytes / (1024 * 1024)} MB, so it was not read.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new FeedFetchError(`The calendar is larger than ${maxBytes / (1024 * 1024)} MB, so it was not read.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A status other than 2xx, 304 or a redirect, in words. */
function statusInWords(status: number): string {
  if (status === 404 || status === 410) return `The calendar was not found at its address (HTTP ${status}): check the address.`;
  if (status === 401 || status === 403)
    return `The calendar’s server refused access (HTTP ${status}): check the address is the secret one.`;
  if (status === 429) return 'The calendar’s server asked us to slow down (HTTP 429); it will be read again later.';
  if (status >= 500) return `The calendar’s server had an error (HTTP ${status}); it will be read again later.`;
  return `The calendar’s server answered HTTP ${status}.`;
}

/**
 * Reads the feed of `request.url`: its text, or `unchanged` on a 304.
 * @throws FeedFetchError in words: a refused address or scheme, too many redirects, a status that is
 *   not success, too slow, too large, unreachable
 */
export async function fetchFeed(request: FeedRequest): Promise<FeedAnswer> {
  const timeoutMs = request.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = request.maxBytes ?? FEED_MAX_BYTES;
  const lookup = request.lookup ?? systemLookup;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers: Record<string, string> = {
    'User-Agent': 'ClinicShare calendar import',
    Accept: 'text/calendar, */*;q=0.5',
    'Accept-Encoding': 'identity',
  };
  if (request.etag) headers['If-None-Match'] = request.etag;
  if (request.lastModified) headers['If-Modified-Since'] = request.lastModified;
  try {
    let url = hopUrl(request.url, request.allowLoopback);
    for (let hop = 0; ; hop += 1) {
      const target = await checkedAddress(url, request.allowLoopback, lookup);
      const response = await get(url, target, headers, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new FeedFetchError(`The calendar’s address redirected more than ${MAX_REDIRECTS} times.`);
        const next = URL.canParse(location, url) ? new URL(location, url) : null;
        if (!next) throw new FeedFetchError('The calendar’s address redirected to an address that is not valid.');
        url = hopUrl(next.href, request.allowLoopback);
        continue;
      }
      if (status === 304) {
        response.resume();
        return { unchanged: true };
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new FeedFetchError(statusInWords(status));
      }
      const text = await readBody(response, maxBytes);
      const etag = response.headers.etag ?? null;
      const lastModified = response.headers['last-modified'] ?? null;
      return { unchanged: false, text, etag, lastModified };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new FeedFetchError(`The calendar took longer than ${timeoutMs / 1000} seconds to answer.`);
    if (error instanceof FeedFetchError) throw error;
    // Node's errors name the host: the owner is told in words without it.
    throw new FeedFetchError('The calendar’s server could not be reached.');
  } finally {
    clearTimeout(timer);
  }
}
