import Heart from 'lucide-react/icons/heart';
import { cn } from './cn';
import { translate } from '../../i18n/translate';

/** "N% Match" pill; renders nothing when the server sent no percentage. */
export function MatchBadge({ percentage, className }: { percentage: number | null | undefined; className?: string }) {
  if (percentage === null || percentage === undefined) return null;
  return (
    <span className={cn('match-pill', className)}>
      <Heart size={12} fill="currentColor" aria-hidden="true" />
      {translate('match.percent', { percentage: Math.round(percentage) })}
    </span>
  );
}
