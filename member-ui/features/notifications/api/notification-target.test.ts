import assert from 'node:assert/strict';
import { test } from 'node:test';
import { notificationTarget } from './notification-target';

test('click targets follow docs/notifications.md', () => {
  assert.equal(notificationTarget({ type: 'message', relatedItemId: 22 }), '/chat/22');
  assert.equal(notificationTarget({ type: 'missed_call', relatedItemId: 31 }), '/chat/31', 'a missed call leads to the chat with the caller');
  for (const type of ['like', 'profile_like', 'profile_view', 'match']) {
    assert.equal(notificationTarget({ type, relatedItemId: 5 }), '/profile/5');
  }
  assert.equal(notificationTarget({ type: 'profile_view', relatedItemId: null }), '/profile-views', 'a view that names no one (tryme) leads to who viewed me');
  assert.equal(notificationTarget({ type: 'subscription', relatedItemId: null }), '/subscription');
  assert.equal(notificationTarget({ type: 'verification', relatedItemId: null }), '/profile');
  assert.equal(notificationTarget({ type: 'report_outcome', relatedItemId: null }), '/notifications');
  assert.equal(notificationTarget({ type: 'other', relatedItemId: 1 }), null);
  assert.equal(notificationTarget({ type: 'other', relatedItemId: null, sourceType: 'story_consent' }), '/stories');
});
