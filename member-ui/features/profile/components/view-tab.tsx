import { ArrowLeft } from 'lucide-react';
import type { ProfileView } from '../../../../contracts/views';
import { ProfileDetails } from '../../../components/profile/profile-details';
import { Button } from '../../../components/ui/button';

/** The member's own profile as others see it, with the way back to Account. */
export function ViewTab({ profile, onBack }: { profile: ProfileView; onBack: () => void }) {
  return (
    <div className="view-tab">
      <Button variant="ghost" size="sm" className="view-tab__back" onClick={onBack}>
        <ArrowLeft size={16} aria-hidden="true" />
        Back to Account
      </Button>
      <ProfileDetails profile={profile} isOwner />
    </div>
  );
}
