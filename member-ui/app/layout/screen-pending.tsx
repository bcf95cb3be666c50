import { useRouterState } from '@tanstack/react-router';
import { SCREEN_HEADINGS, type ScreenHeading } from '../../../contracts/routes';
import { Page } from '../../components/ui/page';
import { FullPageSpinner } from '../../components/ui/spinner';
import { FirstScreen } from './first-screen';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';

/**
 * The wait before a members' screen has its session and its code: the spinner, below the screen's fixed heading
 * where it has one (SCREEN_HEADINGS). The server's page shows that heading before the app runs; shown here too,
 * it stays in place from the first paint to the screen instead of going away and coming back. Where the server
 * painted the screen's first cards (home, search), those stay instead of the spinner.
 */
export function ScreenPending() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const heading: ScreenHeading | undefined = (SCREEN_HEADINGS as Record<string, ScreenHeading>)[pathname.replace(/(.)\/$/, '$1')];
  const t = useT();
  if (!heading) return <FirstScreen pathname={pathname} fallback={<FullPageSpinner />} />;
  return (
    <>
      <Page title={t(heading.title as MessageId)} subtitle={heading.subtitle && t(heading.subtitle as MessageId)} className={heading.className} />
      <FullPageSpinner />
    </>
  );
}
