import { LANGUAGES, type Language } from '../../contracts/i18n/languages';
import { useLanguage } from './i18n-provider';
import { rememberPick } from './language-choice';
import { useT } from './use-t';

/**
 * The languages Saathi speaks, each named in itself, the one in use pressed. `onChoose` does what the choice means
 * where the switch is (Settings: the account); by default, this device, and the account the visitor signs into next.
 */
export function LanguageSwitch({ onChoose, disabled = false }: { onChoose?: (language: Language) => void | Promise<void>; disabled?: boolean }) {
  const { language, changeLanguage } = useLanguage();
  const t = useT();
  return (
    <fieldset className="language-switch" disabled={disabled}>
      <legend className="visually-hidden">{t('language.label')}</legend>
      {LANGUAGES.map(({ code, name }) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="language-switch__option"
          aria-pressed={code === language}
          onClick={() => {
            if (onChoose) void onChoose(code);
            else {
              rememberPick(code);
              void changeLanguage(code);
            }
          }}
        >
          {name}
        </button>
      ))}
    </fieldset>
  );
}
