import type en from './catalogues/en.json';

/** Every message id of the catalogues (English holds them all). Ids under `server.` (API errors, emails, pushes) never reach the browser. */
export type CatalogueId = keyof typeof en;
/** The ids the member app may use. */
export type MessageId = Exclude<CatalogueId, `server.${string}`>;
