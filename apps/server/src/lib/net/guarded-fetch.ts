import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { isLocalHostName, isNonPublicAddress } from './address-policy.ts';

/** Where outbound calls to configured URLs may go. */
export interface OutboundPolicy {
  /** when false, loopback/private/link-local/metadata targets are refused */
  allowPrivate: boolean;
}

/** A URL or the address its host resolved to is not allowed by the outbound policy. */
export class RefusedAddressError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RefusedAddressError';
  }
}

/** Checks what can be checked without DNS: the scheme, IP literals and local-only host names. */
export function assertUrlAllowed(url: URL, policy: OutboundPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RefusedAddressError('Only http and https URLs are allowed.');
  if (policy.allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalHostName(host)) throw new RefusedAddressError('Local host names are not allowed.');
  // Only IP literals are judged here; names are judged after resolution, when connecting.
  if (/^[\d.]+$/.test(host) || host.includes(':')) {
    if (isNonPublicAddress(host))
      throw new RefusedAddressError('Loopback, private and link-local addresses are not allowed.');
  }
}

/**
 * DNS resolution that refuses names resolving to a non-public address. It runs inside the socket's
 * connect, so the address checked is the address used (no rebinding between check and connect).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (!addresses.length || addresses.some((a) => isNonPublicAddress(a.address))) {
      return callback(
        new RefusedAddressError('The host resolves to a loopback, private or link-local address.'),
        '',
        0,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

const NO_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * A `fetch` for calls to admin-configured URLs: enforces the outbound policy on the literal URL and
 * on every resolved address, and never follows redirects (a 3xx comes back as the answer), so a
 * public host cannot bounce the server to an internal one.
 */
export function createGuardedFetch(policy: OutboundPolicy): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    assertUrlAllowed(url, policy);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // Node's http client does not decompress; ask for identity so the body can be read as is.
    headers['accept-encoding'] = 'identity';
    if (body) headers['content-length'] = String(body.length);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = transport.request(
        url,
        {
          method: request.method,
          headers,
          signal: init?.signal ?? undefined,
          lookup: policy.allowPrivate ? undefined : publicOnlyLookup,
        },
        (incoming) => {
          const status = incoming.statusCode ?? 502;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (Array.isArray(value)) value.forEach((v) => responseHeaders.append(name, v));
            else if (value !== undefined) responseHeaders.set(name, value);
          }
          const hasBody = request.method !== 'HEAD' && !NO_BODY_STATUSES.has(status);
          if (!hasBody) incoming.resume();
          const stream = hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : null;
          resolve(
            new Response(stream, {
              status: status < 200 ? 502 : status,
              statusText: incoming.statusMessage,
              headers: responseHeaders,
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
