/**
 * True while the server renders a screen into the page (member-ui/first-screen/), where there is no window. A field
 * there is shown before the app runs, and what is typed into it would be lost when the app's own field takes its
 * place: such fields are read-only on the server (a browser test typing into the chat at once lost its message).
 */
export const RENDERED_ON_SERVER = typeof window === 'undefined';
