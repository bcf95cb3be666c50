import { translate } from '../../i18n/translate';

/**
 * A call's length in the app's language: "45 s", "12 min", "12 min 5 s" (the chat's call lines, the call's last
 * screen). The contracts' `callLength` writes the same in English for the server's report texts.
 */
export function callLengthText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return translate('calls.lengthSeconds', { seconds: rest });
  return rest ? translate('calls.lengthMinutesSeconds', { minutes, seconds: rest }) : translate('calls.lengthMinutes', { minutes });
}
