/**
 * The endpoints module: what seats and SIP trunks share as things a phone or a PBX registers as —
 * their call options' fields, SIP credentials, registrations and their expiry, where a device is
 * (public address, on-net) and whether its emergency number has an address. The SIP registrar and
 * the provisioning server of later issues build on it. Other areas import this file only.
 */
export * from './call-option-fields.ts';
export * from './device-status.ts';
export * from './emergency-location.ts';
export * from './registration-expiry.ts';
export * from './sip-credentials.ts';
