import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../contracts/auth';
import { type ReactNode, useEffect } from 'react';
import type { Language } from '../../contracts/i18n/languages';
import { Toaster } from '../components/ui/toast';
import { TooltipProvider } from '../components/ui/tooltip';
import type { Messages } from '../i18n/catalogue';
import { I18nProvider, useLanguage } from '../i18n/i18n-provider';
import { api } from '../lib/api-client';
import { sessionQueryKey, useSessionUser } from '../lib/session';
import { takePick } from '../i18n/language-choice';

/**
 * A signed-in member sees the app in their account's language, whatever this device showed before; a language the
 * visitor picked on the landing page before signing in becomes the account's (PUT /api/users/:id/language).
 */
function AccountLanguage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const { language, changeLanguage } = useLanguage();
  const id = user?.id;
  const own = user?.language;
  useEffect(() => {
    if (id === undefined || !own) return;
    const picked = takePick();
    if (picked && picked !== own) {
      // Shown at once; the account follows (a refusal leaves the account as it was, and the next load shows it).
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (current) => (current ? { ...current, language: picked } : current));
      void api.put(`/api/users/${id}/language`, { json: { language: picked } }).catch(() => undefined);
      return;
    }
    if (own !== language) void changeLanguage(own);
  }, [id, own, language, changeLanguage, queryClient]);
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
