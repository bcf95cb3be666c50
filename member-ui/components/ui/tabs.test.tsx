import '../../test/setup-dom';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { Profiler, useState } from 'react';
import { Switch } from './switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

afterEach(cleanup);

/** Three tabs, uncontrolled, or controlled by `value`/`onValueChange` when given. */
function Sections({ onCommit, value, onValueChange }: { onCommit?: () => void; value?: string; onValueChange?: (next: string) => void }) {
  return (
    <Profiler id="tabs" onRender={() => onCommit?.()}>
      <Tabs defaultValue={value === undefined ? 'privacy' : undefined} value={value} onValueChange={onValueChange}>
        <TabsList aria-label="Settings sections">
          <TabsTrigger value="privacy">Privacy</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="privacy">Who sees my profile</TabsContent>
        <TabsContent value="notifications">Email me about</TabsContent>
        <TabsContent value="security">Password</TabsContent>
      </Tabs>
    </Profiler>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

test('tabs: the selected tab names its panel, is the one tab stop, and only its panel is rendered', () => {
  render(<Sections />);
  assert.ok(screen.getByRole('tablist', { name: 'Settings sections' }));
  assert.equal(tab('Privacy').getAttribute('aria-selected'), 'true');
  assert.equal(tab('Privacy').tabIndex, 0);
  assert.equal(tab('Security').getAttribute('aria-selected'), 'false');
  assert.equal(tab('Security').tabIndex, -1);
  const panel = screen.getByRole('tabpanel');
  assert.equal(panel.textContent, 'Who sees my profile');
  assert.equal(panel.getAttribute('aria-labelledby'), tab('Privacy').id);
  assert.equal(tab('Privacy').getAttribute('aria-controls'), panel.id);
  assert.equal(screen.queryByText('Password'), null);
});

test('tabs: a press selects a tab at once; a right click does not', () => {
  render(<Sections />);
  fireEvent.mouseDown(tab('Security'), { button: 2 });
  assert.equal(screen.getByRole('tabpanel').textContent, 'Who sees my profile');
  fireEvent.mouseDown(tab('Security'), { button: 0 });
  assert.equal(screen.getByRole('tabpanel').textContent, 'Password');
  assert.equal(tab('Security').getAttribute('data-state'), 'active');
  assert.equal(tab('Privacy').getAttribute('data-state'), 'inactive');
});

test('tabs: arrow keys, Home and End move focus and select, wrapping at the ends', () => {
  render(<Sections />);
  tab('Privacy').focus();
  fireEvent.keyDown(tab('Privacy'), { key: 'ArrowRight' });
  assert.equal(document.activeElement, tab('Notifications'));
  assert.equal(screen.getByRole('tabpanel').textContent, 'Email me about');
  fireEvent.keyDown(tab('Notifications'), { key: 'End' });
  assert.equal(document.activeElement, tab('Security'));
  fireEvent.keyDown(tab('Security'), { key: 'ArrowRight' });
  assert.equal(document.activeElement, tab('Privacy'));
  fireEvent.keyDown(tab('Privacy'), { key: 'ArrowLeft' });
  assert.equal(screen.getByRole('tabpanel').textContent, 'Password');
  fireEvent.keyDown(tab('Security'), { key: 'Home' });
  assert.equal(screen.getByRole('tabpanel').textContent, 'Who sees my profile');
});

function Owned({ asked }: { asked: string[] }) {
  const [value, setValue] = useState('privacy');
  const change = (next: string) => {
    asked.push(next);
    if (next !== 'security') setValue(next);
  };
  return <Sections value={value} onValueChange={change} />;
}

test('tabs: a controlled value changes only through its owner', () => {
  const asked: string[] = [];
  render(<Owned asked={asked} />);
  fireEvent.mouseDown(tab('Security'), { button: 0 });
  // The click that ends the same press does not ask again.
  fireEvent.click(tab('Security'), { detail: 1 });
  assert.equal(screen.getByRole('tabpanel').textContent, 'Who sees my profile');
  fireEvent.mouseDown(tab('Notifications'), { button: 0 });
  assert.equal(screen.getByRole('tabpanel').textContent, 'Email me about');
  assert.deepEqual(asked, ['security', 'notifications']);
});

// Radix's tabs and switch set state while mounting (a roving-focus registration, a panel's presence, a switch's
// button kept in state): React then commits twice, the second time synchronously, in the first screen's task.
test('tabs and switches mount in one commit', () => {
  let commits = 0;
  render(
    <>
      <Sections onCommit={() => commits++} />
      <Profiler id="switch" onRender={() => commits++}>
        <Switch aria-label="Show my photos" checked onCheckedChange={() => {}} thumbClassName="thumb" />
      </Profiler>
    </>,
  );
  assert.equal(commits, 2);
});

function Photos() {
  const [on, setOn] = useState(false);
  return <Switch aria-label="Show my photos" checked={on} onCheckedChange={setOn} thumbClassName="thumb" />;
}

test('a switch says its state and turns on and off when pressed', () => {
  render(<Photos />);
  const control = screen.getByRole('switch', { name: 'Show my photos' });
  assert.equal(control.getAttribute('aria-checked'), 'false');
  assert.equal(control.getAttribute('data-state'), 'unchecked');
  fireEvent.click(control);
  assert.equal(control.getAttribute('aria-checked'), 'true');
  assert.equal(control.querySelector('.thumb')?.getAttribute('data-state'), 'checked');
  fireEvent.click(control);
  assert.equal(control.getAttribute('aria-checked'), 'false');
});
