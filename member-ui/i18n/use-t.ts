import { useContext } from 'react';
import { IntlContext } from 'react-intl';
import type { MessageId } from './catalogue';
import { currentIntl, type MessageValues } from './translate';

/**
 * `t(id, values)`: a catalogue message as a string in the app's language (typed ids; re-renders on a change). Outside
 * the app's provider (a component rendered on its own in a test) it formats in English.
 */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const intl = useContext(IntlContext) ?? currentIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}
