import ipaddr from 'ipaddr.js';

/**
 * Public addresses that still answer with the hosting platform's secrets (Azure's wire server). The other
 * metadata services sit in ranges refused anyway: 169.254.169.254 (link-local), fd00:ec2::254 (unique
 * local), 100.100.100.200 (carrier-grade NAT), 192.0.0.192 (IETF reserved).
 */
const metadataAddresses = new Set(['168.63.129.16']);

/**
 * True only for an address on the public internet. Everything ipaddr.js does not class as plain unicast
 * is refused: loopback, private, link-local, carrier-grade NAT, multicast, broadcast, unspecified,
 * unique-local, reserved and documentation ranges, and IPv6 forms that carry an IPv4 address
 * (IPv4-mapped, NAT64, 6to4, Teredo), which could smuggle any of the former.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  return parsed.range() === 'unicast' && !metadataAddresses.has(parsed.toNormalizedString());
}

/** 127.0.0.0/8 or ::1, written plainly (an IPv4-mapped loopback is not one). */
export function isLoopbackAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === 'loopback';
}
