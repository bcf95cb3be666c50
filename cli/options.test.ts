import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configFromFlags } from './options';

test('serve --demo is a demo through and through: staff two-factor is optional, as with DEMO_MODE=true', () => {
  const saved = process.env.DEMO_MODE;
  delete process.env.DEMO_MODE;
  try {
    const demo = configFromFlags({ demo: true });
    assert.deepEqual([demo.demoMode, demo.staffTwoFactorRequired], [true, false]);
    const real = configFromFlags({});
    assert.deepEqual([real.demoMode, real.staffTwoFactorRequired], [false, true]);
  } finally {
    if (saved === undefined) delete process.env.DEMO_MODE;
    else process.env.DEMO_MODE = saved;
  }
});
