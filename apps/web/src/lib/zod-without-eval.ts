// zod compiles fast object parsers with `new Function` unless told not to. The app's
// Content-Security-Policy has no 'unsafe-eval', so that probe would be refused and reported as a
// violation on every page that parses with a schema. Must run before any schema is built.
//
// zod keeps its settings (zod/v4/core `config`) on `globalThis.__zod_globalConfig` and creates that object only
// when it is absent: setting it here, before zod loads, needs none of zod's code in the first bundle (its core
// would add ~3.5 KB gzipped to every page's first load). zod-without-eval.test.ts checks zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
