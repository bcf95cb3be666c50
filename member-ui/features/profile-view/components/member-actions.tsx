import MoreHorizontal from 'lucide-react/icons/ellipsis';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { RENDERED_ON_SERVER } from '../../../lib/server-render';

// The "…" menu and its dialogs (Radix's menu, dialog and positioning library: about a third of the profile screen's
// code) are not needed to show a profile: their module is fetched when the member points at or focuses the
// button, and shown when they press it.
const loadMenu = () => import('./member-actions-menu');
const MemberActionsMenu = lazy(() => loadMenu().then((module) => ({ default: module.MemberActionsMenu })));
const PeopleActionsMenu = lazy(() => loadMenu().then((module) => ({ default: module.PeopleActionsMenu })));

interface MemberActionsProps {
  userId: number;
  profileId: number;
  name: string;
  onBlocked: () => void;
}

/** The "…" button on a profile the member may share (see PeopleActionsMenu), closed until first pressed. */
export function PeopleActions({ onShare }: { onShare: () => void }) {
  const [pressed, setPressed] = useState(false);
  const closedTrigger = <ClosedTrigger onPress={() => setPressed(true)} />;
  if (!pressed) return closedTrigger;
  return (
    <Suspense fallback={closedTrigger}>
      <PeopleActionsMenu onShare={onShare} defaultOpen />
    </Suspense>
  );
}

/** The "…" button on someone else's profile (see MemberActionsMenu): a closed button until it is first pressed. */
export function MemberActions(props: MemberActionsProps) {
  const [pressed, setPressed] = useState(false);
  const closedTrigger = <ClosedTrigger onPress={() => setPressed(true)} />;
  if (!pressed) return closedTrigger;
  return (
    <Suspense fallback={closedTrigger}>
      <MemberActionsMenu {...props} defaultOpen />
    </Suspense>
  );
}

function ClosedTrigger({ onPress }: { onPress: () => void }) {
  // Until the menu is wanted (and while its code arrives) the same button as the menu's trigger, closed.
  const t = useT();
  return (
    <button
      type="button"
      className="photo-action"
      aria-label={t('safety.moreActions')}
      aria-haspopup="menu"
      aria-expanded={false}
      // Disabled in the server's copy of the screen, unlike its other buttons: a tap kept from the copy
      // (lib/early-taps.ts) does not reliably open the menu, so the member presses the app's own button.
      disabled={RENDERED_ON_SERVER || undefined}
      data-state="closed"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={onPress}
    >
      <MoreHorizontal size={22} aria-hidden="true" />
    </button>
  );
}
