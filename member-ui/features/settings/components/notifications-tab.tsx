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

type NotificationToggle = Exclude<keyof NotificationSettingsView, 'updatedAt' | 'digestFrequency' | 'emailBounce' | 'pushMessageText'>;

const DIGEST_CHOICES = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'off', label: 'Off' },
] as const;

const GROUPS: ReadonlyArray<{
  value: string;
  title: string;
  items: ReadonlyArray<{ key: NotificationToggle; label: string; description: string }>;
}> = [
  {
    value: 'app',
    title: 'App Notifications',
    items: [
      { key: 'newMatches', label: 'New matches', description: 'When someone likes you back.' },
      { key: 'newMessages', label: 'New messages', description: 'When a member sends you a message.' },
      { key: 'profileViews', label: 'Profile views', description: 'When a member views your profile.' },
      { key: 'appUpdates', label: 'App updates', description: 'News about Saathi features and offers.' },
      { key: 'savedSearchEmails', label: 'Saved search alerts', description: 'A morning email of new members for your saved searches.' },
    ],
  },
  {
    value: 'delivery',
    title: 'Delivery Methods',
    items: [
      { key: 'emailNotifications', label: 'Email notifications', description: 'Also send notifications to your email.' },
      { key: 'pushNotifications', label: 'Push notifications', description: 'On every phone or computer where you turn them on below.' },
    ],
  },
];

/** Notifications tab: two accordion groups of switches, saved at once with the full settings object. */
export function NotificationsTab({ userId }: { userId: number }) {
  const settings = useSettings<NotificationSettingsView>(notificationResource, userId);
  const update = useUpdateSettings<NotificationSettingsView>(notificationResource, userId);
  if (!settings.data) return <SettingsLoadState query={settings} what="notification settings" />;
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
                {group.title}
                <ChevronDown size={18} aria-hidden="true" className="settings-accordion__chevron" />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="settings-accordion__content">
            {group.items.map((item) => (
              <Fragment key={item.key}>
                <SettingSwitch
                  label={item.label}
                  description={item.description}
                  checked={current[item.key]}
                  onCheckedChange={(checked) => update.mutate({ ...current, [item.key]: checked })}
                />
                {item.key === 'emailNotifications' ? (
                  <SettingChoice
                    label="Email digest"
                    description="New likes and profile views, about 9:00 your time (from your city)."
                    name="digestFrequency"
                    value={current.digestFrequency}
                    choices={DIGEST_CHOICES}
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
                  label="Show message text"
                  description="Off: a notification says who wrote, not what. Anyone who sees your screen could read it."
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
