import type { PrivacySettingsView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { privacyResource, useSettings, useUpdateSettings } from '../api/settings-resource';
import { type Choice, SettingChoice, SettingSwitch } from './setting-controls';
import { SetAsideList } from './set-aside-list';

type Audience = PrivacySettingsView['profileVisibility'];

const VISIBILITY: readonly Choice<Audience>[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'matches', label: 'Matches' },
  { value: 'none', label: 'Hidden' },
];

const MESSAGES_FROM: readonly Choice<Audience>[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'matches', label: 'Matches' },
  { value: 'none', label: 'No one' },
];

type PrivacyToggle = Exclude<keyof PrivacySettingsView, 'profileVisibility' | 'allowMessagesFrom' | 'updatedAt'>;

type ToggleList = ReadonlyArray<{ key: PrivacyToggle; label: string; description: string }>;

const ACTIVITY_TOGGLES: ToggleList = [
  { key: 'showOnlineStatus', label: 'Show online status', description: 'Members you chat with can see when you are online.' },
  { key: 'showLastSeen', label: 'Show last seen', description: 'Members you chat with can see when you were last active.' },
  {
    key: 'shareMoods',
    label: 'Share my moods for matching',
    description: 'Moods you do not keep private count towards mood compatibility. Off: your moods are yours alone. Notes are never shared.',
  },
];

const PROFILE_TOGGLES: ToggleList = [
  { key: 'showPhoneNumber', label: 'Show phone number', description: 'The contact number on your profile is visible to members.' },
  { key: 'showEmail', label: 'Show email', description: 'Your email address is visible to members.' },
  { key: 'allowProfileScreenshots', label: 'Allow profile screenshots', description: 'Members may capture your profile.' },
  { key: 'blurPhotos', label: 'Blur photos', description: 'Only your matches see your photos clearly.' },
];

export function SettingsLoadState({ query, what }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; what: string }) {
  if (query.isPending) {
    return (
      <div className="settings-state" role="status">
        <Spinner size={24} />
        <span className="visually-hidden">Loading {what}</span>
      </div>
    );
  }
  return (
    <div className="settings-state" role="alert">
      <p>Could not load your {what}.</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        Try Again
      </Button>
    </div>
  );
}

/** Privacy tab: every change is saved at once with the full settings object. */
export function PrivacyTab({ userId }: { userId: number }) {
  const settings = useSettings<PrivacySettingsView>(privacyResource, userId);
  const update = useUpdateSettings<PrivacySettingsView>(privacyResource, userId);
  if (!settings.data) return <SettingsLoadState query={settings} what="privacy settings" />;
  const current = settings.data;
  const change = (patch: Partial<PrivacySettingsView>) => update.mutate({ ...current, ...patch });

  return (
    <div className="settings-panel">
      <section className="settings-card" aria-labelledby="privacy-profile">
        <h2 id="privacy-profile" className="settings-card__title">
          Profile
        </h2>
        <SettingChoice
          label="Profile visibility"
          description="Who can find and open your profile."
          name="profileVisibility"
          value={current.profileVisibility}
          choices={VISIBILITY}
          onChange={(profileVisibility) => change({ profileVisibility })}
        />
        {PROFILE_TOGGLES.map((toggle) => (
          <SettingSwitch
            key={toggle.key}
            label={toggle.label}
            description={toggle.description}
            checked={current[toggle.key]}
            onCheckedChange={(checked) => change({ [toggle.key]: checked })}
          />
        ))}
      </section>
      <section className="settings-card" aria-labelledby="privacy-activity">
        <h2 id="privacy-activity" className="settings-card__title">
          Activity and messages
        </h2>
        {ACTIVITY_TOGGLES.map((toggle) => (
          <SettingSwitch
            key={toggle.key}
            label={toggle.label}
            description={toggle.description}
            checked={current[toggle.key]}
            onCheckedChange={(checked) => change({ [toggle.key]: checked })}
          />
        ))}
        <SettingChoice
          label="Who can message me"
          description="Members outside this group cannot start or continue a chat with you."
          name="allowMessagesFrom"
          value={current.allowMessagesFrom}
          choices={MESSAGES_FROM}
          onChange={(allowMessagesFrom) => change({ allowMessagesFrom })}
        />
      </section>
      <SetAsideList />
    </div>
  );
}
