import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import type { Language } from '../../contracts/i18n/languages';
import { Toaster } from '../components/ui/toast';
import { TooltipProvider } from '../components/ui/tooltip';
import type { Messages } from '../i18n/catalogue';
import { I18nProvider, useLanguage } from '../i18n/i18n-provider';
import { useSessionUser } from '../lib/session';

/** A signed-in member sees the app in their account's language, whatever this device showed before. */
function AccountLanguage() {
  const user = useSessionUser();
  const { language, changeLanguage } = useLanguage();
  const own = user?.language;
  useEffect(() => {
    if (own && own !== language) void changeLanguage(own);
  }, [own, language, changeLanguage]);
  return null;
}

/** App-wide providers: server state (React Query), the language, tooltip timing, and the single toast slot. */
export function AppProviders({ queryClient, language, messages, children }: { queryClient: QueryClient; language?: Language; messages?: Messages; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider language={language} messages={messages}>
        <AccountLanguage />
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
