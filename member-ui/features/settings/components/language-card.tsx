import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import type { Language } from '../../../../contracts/i18n/languages';
import { toast } from '../../../components/ui/toast';
import { useLanguage } from '../../../i18n/i18n-provider';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { api, isApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/**
 * The member's language, kept on the account (PUT /api/users/:id/language): every device, email and push follows
 * it. The app changes at once; the account's copy is saved beside it.
 */
export function LanguageCard({ user }: { user: SessionUser }) {
  const t = useT();
  const { changeLanguage } = useLanguage();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const choose = async (language: Language) => {
    setSaving(true);
    try {
      await api.put(`/api/users/${user.id}/language`, { json: { language } });
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (current) => (current ? { ...current, language } : current));
      await changeLanguage(language);
      toast({ title: translate('settings.languageSaved'), variant: 'success' });
    } catch (error) {
      toast({ title: translate('settings.languageFailed'), description: isApiError(error) ? (error.serverMessage ?? undefined) : translate('common.checkConnection'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card language-card" aria-labelledby="language-card-title">
      <h2 id="language-card-title" className="language-card__title">
        {t('settings.language')}
      </h2>
      <p className="language-card__text">{t('settings.languageText')}</p>
      <LanguageSwitch onChoose={choose} disabled={saving} />
    </section>
  );
}
