import type { AddressRow } from './addresses.repository.ts';

/** An address row as the contract's EmailAddress (`column` 'email') or PhoneNumber ('phone'). */
export function presentAddress(column: 'email' | 'phone', row: AddressRow) {
  return {
    id: row.id,
    [column]: row.address,
    primary: Boolean(row.is_primary),
    verified: Boolean(row.verified),
  } as {
    id: number;
    email: string;
    phone: string;
    primary: boolean;
    verified: boolean;
  };
}
