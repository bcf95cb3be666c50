import Bell from 'lucide-react/icons/bell';
import CreditCard from 'lucide-react/icons/credit-card';
import Lock from 'lucide-react/icons/lock';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Suspense, lazy } from 'react';
import { SCREEN_HEADINGS } from '../../../../contracts/routes';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSessionUser } from '../../../lib/session';
import { NotificationsTab } from '../components/notifications-tab';
import { PrivacyTab } from '../components/privacy-tab';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';
import { LanguageCard } from '../components/language-card';

// The Security tab (with the password and two-factor forms and their schemas) and the Plan tab load apart from
// the page, which opens on Privacy: the first screen on a phone waits for less code. Their code is fetched when
// the member reaches for the tabs (a finger or pointer on the tab row, or focus on it), not on a timer: evaluated
// while the member reads or toggles the first tab, it would block the main thread 50-80 ms at 4x CPU (a tap there
// would answer late), and add up to 1.2 s to Lighthouse's simulated blocking time on /settings.
const loadSecurityTab = () => import('../components/security-tab');
const loadSubscriptionSettings = () => import('../../../components/subscription/subscription-settings');
const SecurityTab = lazy(() => loadSecurityTab().then((m) => ({ default: m.SecurityTab })));
const SubscriptionSettings = lazy(() => loadSubscriptionSettings().then((m) => ({ default: m.SubscriptionSettings })));

function TabFallback() {
  return (
    <div className="tab-loading" role="status">
      <Spinner size={28} />
      <span className="visually-hidden">{translate('app.loading')}</span>
    </div>
  );
}

/** /settings "Account Settings": Privacy, Notifications, Security and Subscription (Plan) tabs; ?tab=subscription opens the last. */
export function SettingsPage() {
  const user = useSessionUser();
  const t = useT();
  if (!user) return null;
  const heading = SCREEN_HEADINGS['/settings'];
  return (
    <section className={`page ${heading.className}`} aria-labelledby="page-title">
      {/* The server's page shows this heading before the app has run (SCREEN_HEADINGS). */}
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {t(heading.title)}
        </h1>
        <p className="page__subtitle">{t(heading.subtitle)}</p>
      </header>
      <LanguageCard user={user} />
      <Tabs defaultValue={initialTab()} className="tabs">
        <TabsList aria-label={t('settings.sections')} onPointerEnter={loadLaterTabs} onPointerDown={loadLaterTabs} onFocus={loadLaterTabs}>
          <TabsTrigger value="privacy">
            <Lock size={15} aria-hidden="true" />
            {t('settings.tabPrivacy')}
          </TabsTrigger>
          <TabsTrigger value="notifications">
            <Bell size={15} aria-hidden="true" />
            {t('settings.tabNotifications')}
          </TabsTrigger>
          <TabsTrigger value="security">
            <ShieldCheck size={15} aria-hidden="true" />
            {t('settings.tabSecurity')}
          </TabsTrigger>
          <TabsTrigger value="subscription">
            <CreditCard size={15} aria-hidden="true" />
            {t('settings.tabPlan')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="privacy">
          <PrivacyTab userId={user.id} />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab userId={user.id} />
        </TabsContent>
        <TabsContent value="security">
          <Suspense fallback={<TabFallback />}>
            <SecurityTab userId={user.id} />
          </Suspense>
        </TabsContent>
        <TabsContent value="subscription">
          <Suspense fallback={<TabFallback />}>
            <SubscriptionSettings userId={user.id} />
          </Suspense>
        </TabsContent>
      </Tabs>
    </section>
  );
}

/** Starts fetching the Security and Plan tabs' code (a module is fetched once, however often this is called). */
function loadLaterTabs(): void {
  void loadSecurityTab().catch(() => undefined);
  void loadSubscriptionSettings().catch(() => undefined);
}

const TABS = ['privacy', 'notifications', 'security', 'subscription'];

/** A link may open a tab (the payment-failed notice opens ?tab=subscription). */
function initialTab(): string {
  const tab = new URLSearchParams(window.location.search).get('tab') ?? '';
  return TABS.includes(tab) ? tab : 'privacy';
}
