import { type ComponentProps, type KeyboardEvent, createContext, useContext, useId, useState } from 'react';
import { cn } from './cn';

/**
 * Tabs as the WAI-ARIA tabs pattern describes them: a tablist whose selected tab is its one tab stop, arrow keys,
 * Home and End moving focus and selecting (automatic activation), a press selecting at once (on mouse down, as
 * Radix did), and one panel, the selected tab's, rendered.
 *
 * Not Radix's tabs: their triggers register with a roving-focus group, and their panel mounts through Presence.
 * Both set state in a layout effect or ref callback of the commit that mounts them. React then re-renders
 * synchronously and runs every passive effect of the first screen in that same task; Presence also forces a style
 * recalculation to read the panel's animation. On /settings at 4x CPU that is 70-160 ms of a 140-200 ms first
 * commit. Here nothing sets state while mounting.
 */
interface TabsState {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

type TabsProps = ComponentProps<'div'> & {
  /** the selected tab (controlled) */
  value?: string;
  /** the tab selected at first (uncontrolled) */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  const select = (next: string) => {
    if (next === current) return;
    if (!controlled) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

/** The tabs of the list, in order, as the keys move between them. */
const tabsOf = (list: Element): HTMLButtonElement[] => [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = tabsOf(event.currentTarget);
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1 || tabs.length === 0) return;
    const to =
      event.key === 'ArrowRight' ? (at + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (at - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : -1;
    if (to === -1) return;
    event.preventDefault();
    tabs[to].focus();
    tabs[to].click();
  };
  return <div role="tablist" aria-orientation="horizontal" className={cn('tabs__list', className)} onKeyDown={keyDown} {...props} />;
}

export function TabsTrigger({ className, value, onMouseDown, onClick, disabled, ...props }: ComponentProps<'button'> & { value: string }) {
  const { baseId, value: current, select } = useTabs('TabsTrigger');
  const selected = value === current;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      className={cn('tabs__trigger', className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // A press selects at once; a right or ctrl click (a context menu) does not.
        if (!event.defaultPrevented && event.button === 0 && !event.ctrlKey) select(value);
      }}
      onClick={(event) => {
        onClick?.(event);
        // A press has already selected on mouse down; a click without one is Enter, Space or the arrow keys' click.
        if (!event.defaultPrevented && event.detail === 0) select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ className, value, children, ...props }: Omit<ComponentProps<'div'>, 'role' | 'id'> & { value: string }) {
  const { baseId, value: selected } = useTabs('TabsContent');
  if (value !== selected) return null;
  return (
    <div
      role="tabpanel"
      data-state="active"
      data-orientation="horizontal"
      id={panelId(baseId, value)}
      aria-labelledby={tabId(baseId, value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes a panel a tab stop, so Tab leads from the tablist into it
      tabIndex={0}
      className={cn('tabs__content', className)}
      {...props}
    >
      {children}
    </div>
  );
}
