import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TreeDocument } from './document.ts';
import { fastParseTreeDocument } from './fast-parse.ts';

/**
 * Values near every rule's edge, valid and not, for each field the schema checks. Each field is
 * valid most of the time so that whole documents are often accepted, and every refusal is reached.
 */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const junk = fc.constantFrom<unknown>(null, 0, -1, 1.5, '', 'x', true, [], {}, Number.NaN);
const mostly = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 30 }, { arbitrary: invalid, weight: 1 });
const id = mostly(
  fc.constantFrom('root', 'a', 'b-1', 'x_y', 'a'.repeat(64)),
  fc.oneof(fc.constantFrom('has space', '', 'é', 'a'.repeat(65)), junk),
);
const text = (max: number) =>
  mostly(
    fc.oneof(fc.string({ maxLength: 5 }), fc.constant('y'.repeat(max))),
    fc.oneof(fc.constant('y'.repeat(max + 1)), junk),
  );
const url = mostly(
  fc.constantFrom('https://example.com/a', 'http://x.y'),
  fc.oneof(fc.constantFrom('javascript:alert(1)', 'ftp://x', 'not a url', `https://e.com/${'p'.repeat(2000)}`), junk),
);
const resource = mostly(fc.record({ title: maybe(text(200)), url }, { requiredKeys: ['url'] }), junk);
const nodeArb = fc.record(
  {
    id,
    parent_id: fc.oneof(fc.constant(null), id),
    title: mostly(
      fc.string({ minLength: 1, maxLength: 5 }),
      fc.oneof(fc.constant(''), fc.constant('t'.repeat(201)), junk),
    ),
    summary: maybe(text(1000)),
    content: maybe(text(100_000)),
    icon: maybe(fc.oneof(fc.constant(null), text(100))),
    color: maybe(mostly(fc.constantFrom('#a1B2c3', null), fc.oneof(fc.constantFrom('#abc', 'red'), junk))),
    image_id: maybe(
      mostly(fc.constantFrom(1, 42, 2 ** 53 - 1, null), fc.oneof(fc.constantFrom(0, -3, 1.5, 2 ** 53), junk)),
    ),
    resources: maybe(
      mostly(
        fc.array(resource, { maxLength: 3 }),
        fc.oneof(fc.constant(Array.from({ length: 51 }, () => ({ url: 'https://e.com' }))), junk),
      ),
    ),
    collapsed: maybe(mostly(fc.boolean(), junk)),
    position: maybe(
      mostly(
        fc.oneof(
          fc.constant(null),
          fc.record({ x: fc.double({ noNaN: true, noDefaultInfinity: true }), y: fc.double() }),
        ),
        junk,
      ),
    ),
    extra: maybe(junk),
  },
  { requiredKeys: ['id', 'parent_id', 'title'] },
);
const linkArb = mostly(
  fc.record(
    {
      source: id,
      target: id,
      kind: maybe(mostly(fc.constantFrom('prerequisite', 'related'), fc.oneof(fc.constant('other'), junk))),
    },
    { requiredKeys: ['source', 'target'] },
  ),
  junk,
);
const documentArb = fc.record(
  {
    format: maybe(mostly(fc.constant(1), junk)),
    layout: maybe(
      mostly(
        fc.record(
          { direction: maybe(mostly(fc.constantFrom('TB', 'LR', 'RADIAL'), fc.oneof(fc.constant('XX'), junk))) },
          { requiredKeys: [] },
        ),
        junk,
      ),
    ),
    nodes: mostly(fc.array(nodeArb, { minLength: 1, maxLength: 3 }), fc.oneof(fc.constant([]), junk)),
    links: maybe(mostly(fc.array(linkArb, { maxLength: 2 }), junk)),
  },
  { requiredKeys: ['nodes'] },
);

describe('fastParseTreeDocument', () => {
  it('accepts exactly what the schema accepts, with the same result', () => {
    let accepted = 0;
    fc.assert(
      fc.property(documentArb, (input) => {
        const slow = TreeDocument.safeParse(input);
        const fast = fastParseTreeDocument(input);
        expect(fast === null ? 'refused' : 'accepted').toBe(slow.success ? 'accepted' : 'refused');
        if (slow.success) {
          accepted++;
          expect(fast).toEqual(slow.data);
        }
      }),
      { numRuns: 3000 },
    );
    // the generator must reach the accepting side too, or the comparison proves little
    expect(accepted).toBeGreaterThan(300);
  });

  it('accepts a minimal document and fills the defaults', () => {
    const input = { nodes: [{ id: 'root', parent_id: null, title: 'R' }] };
    expect(fastParseTreeDocument(input)).toEqual(TreeDocument.parse(input));
  });
});
