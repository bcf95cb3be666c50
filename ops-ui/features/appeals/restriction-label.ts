import { formatDateTime } from '../../lib/format';

/** "Banned", "Suspended until restored" or "Suspended until 14 Dec 2026, 10:00". */
export function restrictionLabel(kind: 'suspension' | 'ban', until: string | null): string {
  if (kind === 'ban') return 'Banned';
  return until ? `Suspended until ${formatDateTime(until)}` : 'Suspended until restored';
}
