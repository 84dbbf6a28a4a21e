/** True when a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505';
}

/** True when a database error is a foreign-key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.code === '23503';
}

/** True when the database could not be reached at all (refused, reset, timed out, shut down). */
/** No pool connection came free within the configured wait: the database is busy (503, try again soon). */
export class PoolBusyError extends Error {
  constructor() {
    super('every database connection stayed busy for the whole wait');
    this.name = 'PoolBusyError';
  }
}

export function isConnectionError(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  const code = e.code ?? '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ENOTFOUND',
      'EAI_AGAIN',
      '57P01',
      '57P02',
      '57P03',
      '53300',
    ].includes(code) ||
    // class 08: connection exceptions
    /^08[0-9A-Z]{3}$/.test(code) ||
    /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable/i.test(
      e.message ?? '',
    )
  );
}
