import { isIP } from 'node:net';

/**
 * Which peers may tell us the client's address through `X-Forwarded-*`: none, the nearest `n`
 * hops, or the listed proxies (addresses, CIDR ranges, or proxy-addr's names for ranges).
 */
export type TrustProxy = false | number | string[];

const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_TRUE_MESSAGE =
  'TRUST_PROXY=true would trust every X-Forwarded-For entry, including the leftmost one that any ' +
  'client can write. Set the number of proxies in front of the server as a hop count (e.g. ' +
  'TRUST_PROXY=1 for one reverse proxy) or list their addresses (e.g. TRUST_PROXY=10.0.0.2,10.1.0.0/16).';

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Parses the setting; an `error` result says why it was refused. */
export function parseTrustProxy(raw: string): TrustProxy | { error: string } {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return { error: TRUST_PROXY_TRUE_MESSAGE };
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || invalid.length > 0) {
    return {
      error:
        `TRUST_PROXY must be false, a hop count, or a comma-separated list of proxy addresses ` +
        `or CIDR ranges; not understood: ${invalid.join(', ') || value}`,
    };
  }
  return entries;
}

/**
 * The option Fastify gets. A hop count becomes a function: Fastify 5.12 turns a bare number into
 * "trust nobody", and trusting the nearest `hops` peers is exactly what a hop count means.
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
