import type { MessageId } from '../../i18n/catalogue';

/** Per-route shell settings, read by the layout shell from the deepest matched route. */
export interface HeaderConfig {
  /** Show a back button to this href instead of the logo. */
  backTo?: string;
  /** Optional title next to the back button, as a catalogue id (shown in the page's language). */
  title?: MessageId;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    header?: HeaderConfig;
    /** Full-screen routes (splash) render without header and navigation. */
    bare?: boolean;
    /**
     * The screen fills the space between the header and the tab bar and scrolls inside itself (a chat, whose
     * composer must stay in view above the tab bar).
     */
    fill?: boolean;
    /**
     * Only signed-in members reach this route and those below it: the shell lays out the member's header and tab bar
     * from the first frame, before the session it renders them from has arrived.
     */
    member?: boolean;
  }
}
