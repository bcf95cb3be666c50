import type { PrivacySettingsView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { privacyResource, useSettings, useUpdateSettings } from '../api/settings-resource';
import { type Choice, SettingChoice, SettingSwitch } from './setting-controls';
import { SetAsideList } from './set-aside-list';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/catalogue';

type Audience = PrivacySettingsView['profileVisibility'];

// Labels and descriptions are catalogue ids, read when the tab renders.
const VISIBILITY: readonly Choice<Audience>[] = [
  { value: 'all', label: 'privacy.everyone' },
  { value: 'matches', label: 'privacy.matches' },
  { value: 'none', label: 'privacy.hidden' },
];

const MESSAGES_FROM: readonly Choice<Audience>[] = [
  { value: 'all', label: 'privacy.everyone' },
  { value: 'matches', label: 'privacy.matches' },
  { value: 'none', label: 'privacy.noOne' },
];

type PrivacyToggle = Exclude<keyof PrivacySettingsView, 'profileVisibility' | 'allowMessagesFrom' | 'updatedAt'>;

type ToggleList = ReadonlyArray<{ key: PrivacyToggle; label: MessageId; description: MessageId }>;

// Each toggle's label and description: `privacy.<key>` and `privacy.<key>Text`.
const toggles = (keys: PrivacyToggle[]): ToggleList => keys.map((key) => ({ key, label: `privacy.${key}` as MessageId, description: `privacy.${key}Text` as MessageId }));
const ACTIVITY_TOGGLES = toggles(['showOnlineStatus', 'showLastSeen', 'shareMoods']);
const PROFILE_TOGGLES = toggles(['showPhoneNumber', 'showEmail', 'allowProfileScreenshots', 'blurPhotos']);

export function SettingsLoadState({ query, what }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; what: string }) {
  const t = useT();
  if (query.isPending) {
    return (
      <div className="settings-state" role="status">
        <Spinner size={24} />
        <span className="visually-hidden">{t('settings.loadingWhat', { what })}</span>
      </div>
    );
  }
  return (
    <div className="settings-state" role="alert">
      <p>{t('settings.loadFailed', { what })}</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        {t('error.tryAgain')}
      </Button>
    </div>
  );
}

/** Privacy tab: every change is saved at once with the full settings object. */
export function PrivacyTab({ userId }: { userId: number }) {
  const settings = useSettings<PrivacySettingsView>(privacyResource, userId);
  const update = useUpdateSettings<PrivacySettingsView>(privacyResource, userId);
  const t = useT();
  if (!settings.data) return <SettingsLoadState query={settings} what={t('privacy.what')} />;
  const current = settings.data;
  const change = (patch: Partial<PrivacySettingsView>) => update.mutate({ ...current, ...patch });

  return (
    <div className="settings-panel">
      <section className="settings-card" aria-labelledby="privacy-profile">
        <h2 id="privacy-profile" className="settings-card__title">
          {t('privacy.profile')}
        </h2>
        <SettingChoice
          label={t('privacy.visibility')}
          description={t('privacy.visibilityText')}
          name="profileVisibility"
          value={current.profileVisibility}
          choices={VISIBILITY.map((choice) => ({ ...choice, label: t(choice.label as MessageId) }))}
          onChange={(profileVisibility) => change({ profileVisibility })}
        />
        {PROFILE_TOGGLES.map((toggle) => (
          <SettingSwitch
            key={toggle.key}
            label={t(toggle.label)}
            description={t(toggle.description)}
            checked={current[toggle.key]}
            onCheckedChange={(checked) => change({ [toggle.key]: checked })}
          />
        ))}
      </section>
      <section className="settings-card" aria-labelledby="privacy-activity">
        <h2 id="privacy-activity" className="settings-card__title">
          {t('privacy.activity')}
        </h2>
        {ACTIVITY_TOGGLES.map((toggle) => (
          <SettingSwitch
            key={toggle.key}
            label={t(toggle.label)}
            description={t(toggle.description)}
            checked={current[toggle.key]}
            onCheckedChange={(checked) => change({ [toggle.key]: checked })}
          />
        ))}
        <SettingChoice
          label={t('privacy.messagesFrom')}
          description={t('privacy.messagesFromText')}
          name="allowMessagesFrom"
          value={current.allowMessagesFrom}
          choices={MESSAGES_FROM.map((choice) => ({ ...choice, label: t(choice.label as MessageId) }))}
          onChange={(allowMessagesFrom) => change({ allowMessagesFrom })}
        />
      </section>
      <SetAsideList />
    </div>
  );
}
