import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import type { Executor } from './connection.ts';

/** What stands for a statement's argument while it is built (`reusableQuery`). */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * A statement that is built and compiled once per database and then only run, with new arguments. Kysely builds
 * and compiles a statement anew on every run: 10–13 % of a template detail's CPU in issue 29's profiles. `build`
 * is called once with a placeholder for each argument, which it may only pass as a value (`where(col, '=', id)`):
 * never branch on it or compute with it. A statement whose shape depends on an argument is one reusable query per
 * shape. Each placeholder must reach the compiled statement as a parameter, which is checked. `build` may also
 * answer a `sql` template (for what the builder cannot say, e.g. `unnest(...) with ordinality`).
 */
export function reusableQuery<Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Executor, ...args: Args) => Compilable<Row> | RawBuilder<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Executor, { query: CompiledQuery<Row>; slots: Array<number | undefined> }>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const placeholders = Array.from({ length: arity }, (_, index) => new Placeholder(index)) as unknown as Args;
      const built = build(db, ...placeholders);
      const query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      const slots = query.parameters.map((value) => (value instanceof Placeholder ? value.index : undefined));
      for (let index = 0; index < arity; index++) {
        if (!slots.includes(index))
          throw new Error(`reusableQuery: argument ${index} is not a parameter of the statement`);
      }
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => (slots[i] === undefined ? value : args[slots[i]]));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
