/** What of an error may be logged: its kind, code and first line of message; never a stack or a query. */
export function safeError(error: unknown): Record<string, unknown> {
  const e = error as { name?: string; code?: string; message?: string };
  return {
    type: e?.name ?? typeof error,
    code: e?.code,
    message: String(e?.message ?? '')
      .split('\n')[0]
      ?.slice(0, 200),
  };
}
