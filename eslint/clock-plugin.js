// `arbor/clock-from-deps`: server modules read the time from `deps.clock` (lib/clock.ts), never from
// the process, so that a test can build an app on a fixed or advancing clock. Refused: the ambient
// helpers `nowIso()` and `isoIn()` of lib/clock.ts, `Date.now()`, and `new Date()` / `Date()` without
// an argument (`new Date(iso)` parses a given moment and stays allowed).

const AMBIENT_HELPERS = new Set(['nowIso', 'isoIn']);

const isDate = (node) => node.type === 'Identifier' && node.name === 'Date';

const clockFromDeps = {
  meta: {
    type: 'problem',
    docs: { description: 'server modules read the time from deps.clock' },
    messages: {
      ambient: '{{call}} reads the process clock: use deps.clock (or take the time from the caller).',
    },
    schema: [],
  },
  create(context) {
    const report = (node, call) => context.report({ node, messageId: 'ambient', data: { call } });
    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type === 'Identifier' && AMBIENT_HELPERS.has(callee.name)) report(node, `${callee.name}()`);
        else if (isDate(callee) && node.arguments.length === 0) report(node, 'Date()');
        else if (
          callee.type === 'MemberExpression' &&
          isDate(callee.object) &&
          !callee.computed &&
          callee.property.name === 'now'
        )
          report(node, 'Date.now()');
      },
      NewExpression(node) {
        if (isDate(node.callee) && node.arguments.length === 0) report(node, 'new Date()');
      },
    };
  },
};

export default { meta: { name: 'arbor-clock' }, rules: { 'clock-from-deps': clockFromDeps } };
