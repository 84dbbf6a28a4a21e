import { config } from 'zod/v4/core';

// zod compiles fast object parsers with `new Function` unless told not to. The app's
// Content-Security-Policy has no 'unsafe-eval', so that probe would be refused and reported as a
// violation on every page that parses with a schema. Must run before any schema is built.
config({ jitless: true });
