// `node eslint/clock-plugin.test.js`: RuleTester throws on the first case that does not hold.
import { RuleTester } from 'eslint';
import clock from './clock-plugin.js';

const ambient = (call) => ({ messageId: 'ambient', data: { call } });

new RuleTester().run('clock-from-deps', clock.rules['clock-from-deps'], {
  valid: [
    'deps.clock.nowIso()',
    'deps.clock.isoIn(-1000)',
    'clock.nowMs()',
    "new Date('2026-03-01T08:00:00.000Z')",
    'new Date(deps.clock.nowMs() + 1000)',
    'Date.parse(row.expires_at)',
    'Date.UTC(2026, 0, 1)',
  ],
  invalid: [
    { code: 'nowIso()', errors: [ambient('nowIso()')] },
    { code: 'isoIn(-1000)', errors: [ambient('isoIn()')] },
    { code: 'Date.now()', errors: [ambient('Date.now()')] },
    { code: 'new Date()', errors: [ambient('new Date()')] },
    { code: 'Date()', errors: [ambient('Date()')] },
  ],
});
console.log('clock-from-deps: all cases hold');
