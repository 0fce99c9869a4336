import { randomBytes } from 'node:crypto';

/**
 * A registration's check-in code (decision 0163): 120 random bits from the system's CSPRNG, as
 * 20 base64url characters. Nobody can guess another's code, and the QR code the tracker shows
 * stays small enough for a phone's camera at arm's length.
 */
export const newCheckInCode = (): string => randomBytes(15).toString('base64url');
