import * as Accordion from '@radix-ui/react-accordion';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { Fragment } from 'react';
import type { NotificationSettingsView } from '../../../../contracts/views';
import { notificationResource, useSettings, useUpdateSettings } from '../api/settings-resource';
import { DevicePushSwitch } from './device-push';
import { EmailBounceNotice } from './email-bounce-notice';
import { PushDevices } from './push-devices';
import { SettingsLoadState } from './privacy-tab';
import { SettingChoice, SettingSwitch } from './setting-controls';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/catalogue';

type NotificationToggle = Exclude<keyof NotificationSettingsView, 'updatedAt' | 'digestFrequency' | 'emailBounce' | 'pushMessageText'>;

// Labels are catalogue ids, read when the tab renders; each switch's label and description are
// `settingsNotify.<key>` and `settingsNotify.<key>Text`.
const DIGEST_CHOICES = [
  { value: 'daily', label: 'settingsNotify.daily' },
  { value: 'weekly', label: 'settingsNotify.weekly' },
  { value: 'off', label: 'settingsNotify.off' },
] as const satisfies ReadonlyArray<{ value: string; label: MessageId }>;

const GROUPS: ReadonlyArray<{ value: string; title: MessageId; items: readonly NotificationToggle[] }> = [
  { value: 'app', title: 'settingsNotify.appGroup', items: ['newMatches', 'newMessages', 'profileViews', 'appUpdates', 'savedSearchEmails'] },
  { value: 'delivery', title: 'settingsNotify.deliveryGroup', items: ['emailNotifications', 'pushNotifications'] },
];

/** Notifications tab: two accordion groups of switches, saved at once with the full settings object. */
export function NotificationsTab({ userId }: { userId: number }) {
  const settings = useSettings<NotificationSettingsView>(notificationResource, userId);
  const update = useUpdateSettings<NotificationSettingsView>(notificationResource, userId);
  const t = useT();
  if (!settings.data) return <SettingsLoadState query={settings} what={t('settingsNotify.what')} />;
  const current = settings.data;

  return (
    <>
    {current.emailBounce ? <EmailBounceNotice userId={userId} bounce={current.emailBounce} /> : null}
    <Accordion.Root type="multiple" defaultValue={['app', 'delivery']} className="settings-accordion">
      {GROUPS.map((group) => (
        <Accordion.Item key={group.value} value={group.value} className="settings-card settings-accordion__item">
          <Accordion.Header asChild>
            <h2 className="settings-accordion__header">
              <Accordion.Trigger className="settings-accordion__trigger">
                {t(group.title)}
                <ChevronDown size={18} aria-hidden="true" className="settings-accordion__chevron" />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="settings-accordion__content">
            {group.items.map((key) => (
              <Fragment key={key}>
                <SettingSwitch
                  label={t(`settingsNotify.${key}` as MessageId)}
                  description={t(`settingsNotify.${key}Text` as MessageId)}
                  checked={current[key]}
                  onCheckedChange={(checked) => update.mutate({ ...current, [key]: checked })}
                />
                {key === 'emailNotifications' ? (
                  <SettingChoice
                    label={t('settingsNotify.digest')}
                    description={t('settingsNotify.digestText')}
                    name="digestFrequency"
                    value={current.digestFrequency}
                    choices={DIGEST_CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }))}
                    onChange={(digestFrequency) => update.mutate({ ...current, digestFrequency })}
                  />
                ) : null}
              </Fragment>
            ))}
            {group.value === 'delivery' && current.pushNotifications ? (
              <>
                <DevicePushSwitch userId={userId} />
                <PushDevices userId={userId} />
                <SettingSwitch
                  label={t('settingsNotify.pushMessageText')}
                  description={t('settingsNotify.pushMessageTextText')}
                  checked={current.pushMessageText}
                  onCheckedChange={(pushMessageText) => update.mutate({ ...current, pushMessageText })}
                />
              </>
            ) : null}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
    </>
  );
}
