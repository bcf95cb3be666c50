import { useIntl } from 'react-intl';
import type { MessageId } from './catalogue';
import type { MessageValues } from './translate';

/** `t(id, values)`: a catalogue message as a string in the app's language (typed ids; re-renders on a change). */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}
