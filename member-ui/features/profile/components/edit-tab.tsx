import { useState } from 'react';
import type { CompletionStage } from '../../../../contracts/profile';
import type { ProfileView } from '../../../../contracts/views';
import { NriDetailsCard } from '../../../components/profile/nri-details-card';
import { CompletionCard, type StageChoice } from './completion-card';
import { PhotoManager } from './photo-manager';
import { ProfileEditor } from './profile-editor';
import { StageForm } from './stage-form';

/**
 * Edit Profile tab: the completion card, then a single-stage form when a stage is
 * chosen (saving returns to the editor) or the multi-step editor with the photo area; the NRI card last.
 */
export function EditTab({ profile, userId }: { profile: ProfileView; userId: number }) {
  const [choice, setChoice] = useState<StageChoice | null>(null);
  return (
    <div className="edit-tab">
      <CompletionCard userId={userId} onSelectStage={setChoice} />
      {choice ? (
        <StageForm
          key={choice.stage}
          profile={profile}
          stage={choice.stage as CompletionStage}
          serverFields={choice.fields}
          onDone={() => setChoice(null)}
        />
      ) : (
        <>
          {/* Mounted afresh after a stage form closes, so it starts from the stored values. */}
          <ProfileEditor profile={profile} />
          <PhotoManager profile={profile} />
        </>
      )}
      <NriDetailsCard profile={profile} editable />
    </div>
  );
}
