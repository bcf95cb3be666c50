import '../../../test/setup-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MatchBreakdown } from './match-breakdown';

test('the profile page explains the match factor by factor: points earned of the weight, and what was compared', () => {
  render(
    <MatchBreakdown
      factors={[
        { factor: 'height (yours)', weight: 4, earned: 1.2, detail: '168 cm vs preferred 175–190 cm' },
        { factor: 'diet (theirs)', weight: 3, earned: 3, detail: 'vegetarian vs preferred any' },
        { factor: 'religion', weight: 12, earned: 12, detail: 'Hindu / Hindu' },
      ]}
    />,
  );
  fireEvent.click(screen.getByText('How this match is scored'));
  assert.ok(screen.getByText('height (yours)'));
  assert.ok(screen.getByText('1.2 / 4'));
  assert.ok(screen.getByText('168 cm vs preferred 175–190 cm'));
  assert.ok(screen.getByText('3 / 3'));
  assert.ok(screen.getByText('12 / 12'));
});
