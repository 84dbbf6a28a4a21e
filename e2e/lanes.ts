/**
 * How many e2e spec files run at once, each worker against a server of its own (global setup starts one
 * per lane). `E2E_LANES=1` runs them one after another against a single server, as before.
 */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2) || 1);
