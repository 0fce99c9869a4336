import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { HostResolver } from '../../deps';

const GLOBAL_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Why an address is not a public internet address: ipaddr.js's name of its special range
 * (`loopback`, `private`, `linkLocal`, `uniqueLocal`, `unspecified`, `multicast`, `ipv4Mapped`,
 * `carrierGradeNat`, `reserved`, …), or null when it is one. Only global unicast passes: for
 * IPv6 that is 2000::/3 minus its special ranges, so IPv4-compatible (::/96), NAT64 and the like
 * never lead inside either.
 */
export function reservedRange(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return 'not an address';
  const parsed = ipaddr.parse(bare);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_IPV6)) return 'reserved';
  return null;
}

/** A webhook's host leads, or resolved, to an address inside a private network: nothing is sent. */
export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`${host} leads to ${address} (${range}), which is not a public internet address`);
  }
}

/** A host name that resolved to no address at all. */
const notFound = (host: string) =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });

export type DestinationPolicy = ReturnType<typeof createDestinationPolicy>;

/**
 * Where a webhook may send (decision 0135). In production only to public internet addresses,
 * except the hosts the club names in WEBHOOK_ALLOWED_HOSTS (its own chat bot on its network);
 * elsewhere anywhere, so that a test receiver or a local bot listens on loopback. The same rule
 * answers at creation and inside each delivery's connection.
 */
export function createDestinationPolicy(options: {
  production: boolean;
  allowedHosts: readonly string[];
  resolve: HostResolver;
}) {
  const { production, resolve } = options;
  const allowed = new Set(options.allowedHosts);
  /** Whether the rule applies to this URL's host (`hostname` as URL gives it: lowercase, IPv6 in brackets). */
  const checked = (hostname: string) => production && !allowed.has(hostname);

  /** Every address the host resolves to; where the rule applies, refused if any one of them is not public. */
  async function addressesOf(hostname: string) {
    const literal = hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(literal) ? [{ address: literal, family: isIP(literal) }] : await resolve(hostname);
    if (addresses.length === 0) throw notFound(hostname);
    if (!checked(hostname)) return addresses;
    for (const { address } of addresses) {
      const range = reservedRange(address);
      if (range) throw new AddressRefused(hostname, address, range);
    }
    return addresses;
  }

  return {
    /**
     * Resolves the URL's host now and throws AddressRefused (or the resolver's own error) when
     * the rule refuses it: what the creation of a webhook checks.
     */
    async check(url: URL): Promise<void> {
      if (checked(url.hostname)) await addressesOf(url.hostname);
    },

    /**
     * The `lookup` of a delivery's connection: the connection goes to the very addresses it
     * checked, never to a second answer of the resolver (a name that now answers a private
     * address is refused however it answered before). An IP literal is connected to without any
     * lookup: `literalRefusal` checks it.
     */
    lookup: ((hostname, lookupOptions, callback) => {
      addressesOf(hostname).then(
        (found) => {
          const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
          const usable = found.filter((entry) => wanted === 0 || entry.family === wanted);
          if (usable.length === 0) return callback(notFound(hostname), '', 0);
          if (lookupOptions.all) return callback(null, usable);
          callback(null, usable[0]!.address, usable[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    }) satisfies LookupFunction,

    /** AddressRefused when the URL's host is itself an address the rule refuses, else null. */
    literalRefusal(url: URL): AddressRefused | null {
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (!checked(url.hostname) || !isIP(literal)) return null;
      const range = reservedRange(literal);
      return range ? new AddressRefused(url.hostname, literal, range) : null;
    },
  };
}
