import type { MessageId } from './catalogue';

// FormatJS's own components and formatMessage accept only ids the catalogues have.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
