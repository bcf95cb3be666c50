import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createIntl, createIntlCache, type IntlShape, RawIntlProvider } from 'react-intl';
import { DEFAULT_LANGUAGE, type Language, localeOf } from '../../contracts/i18n/languages';
import { ENGLISH_MESSAGES, loadCatalogue, type Messages } from './catalogue';
import { rememberLanguage } from './language-choice';
import { setTranslator } from './translate';

const cache = createIntlCache();

/** FormatJS's formatter for `language` with its catalogue; a message missing from it was filled in with English. */
export function intlFor(language: Language, messages: Messages): IntlShape {
  return createIntl(
    {
      locale: localeOf(language),
      defaultLocale: localeOf(DEFAULT_LANGUAGE),
      messages,
      onError: (error) => {
        // Catalogues fall back to English themselves (loadCatalogue); what else goes wrong is a bug worth a line.
        if (error.code !== 'MISSING_TRANSLATION') console.error(error);
      },
    },
    cache,
  );
}

interface LanguageState {
  language: Language;
  /** Fetches the language's catalogue, then shows the app in it and keeps the choice on this device. */
  changeLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageState>({ language: DEFAULT_LANGUAGE, changeLanguage: async () => undefined });

/** The language the app is shown in, and the way to change it. */
export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

/**
 * The app in one language: FormatJS's provider with that language's catalogue. The catalogue of the first language
 * is loaded before the app's first render (app/start.tsx), so the first render is already in it.
 */
export function I18nProvider({ language: initial = DEFAULT_LANGUAGE, messages: initialMessages = ENGLISH_MESSAGES, children }: { language?: Language; messages?: Messages; children: ReactNode }) {
  const [state, setState] = useState({ language: initial, messages: initialMessages });
  const intl = useMemo(() => intlFor(state.language, state.messages), [state]);
  // Code outside components (toasts from a mutation's callback, page titles) formats with the same formatter.
  setTranslator(intl);
  const changeLanguage = useCallback(async (language: Language) => {
    const messages = await loadCatalogue(language);
    rememberLanguage(language);
    setState((current) => (current.language === language ? current : { language, messages }));
  }, []);
  const value = useMemo(() => ({ language: state.language, changeLanguage }), [state.language, changeLanguage]);
  // The demo banner is the server's, outside the app: after a change of language it is written anew.
  useEffect(() => {
    const banner = typeof document === 'undefined' ? null : document.querySelector('.saathi-demo-banner');
    if (banner) banner.textContent = intl.formatMessage({ id: 'app.demoBanner' });
  }, [intl]);
  return (
    <LanguageContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LanguageContext.Provider>
  );
}
