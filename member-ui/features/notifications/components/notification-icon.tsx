import BadgeCheck from 'lucide-react/icons/badge-check';
import Bell from 'lucide-react/icons/bell';
import Crown from 'lucide-react/icons/crown';
import Eye from 'lucide-react/icons/eye';
import Heart from 'lucide-react/icons/heart';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import MessageCircle from 'lucide-react/icons/message-circle';
import PhoneMissed from 'lucide-react/icons/phone-missed';
import ShieldCheck from 'lucide-react/icons/shield-check';
import type { LucideIcon } from 'lucide-react';

const ICONS: Record<string, { icon: LucideIcon; tone: string }> = {
  message: { icon: MessageCircle, tone: 'message' },
  like: { icon: Heart, tone: 'like' },
  profile_like: { icon: Heart, tone: 'like' },
  match: { icon: HeartHandshake, tone: 'match' },
  profile_view: { icon: Eye, tone: 'view' },
  subscription: { icon: Crown, tone: 'subscription' },
  verification: { icon: BadgeCheck, tone: 'verification' },
  report_outcome: { icon: ShieldCheck, tone: 'verification' },
  missed_call: { icon: PhoneMissed, tone: 'message' },
};

/** Round icon naming the kind of notification (message, like, match, view, subscription, verification). */
export function NotificationIcon({ type }: { type: string }) {
  const { icon: Icon, tone } = ICONS[type] ?? { icon: Bell, tone: 'other' };
  return (
    <span className={`notification-icon notification-icon--${tone}`} aria-hidden="true">
      <Icon size={18} />
    </span>
  );
}
