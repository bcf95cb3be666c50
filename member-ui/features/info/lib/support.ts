export const SUPPORT_EMAIL = 'support@saathi.app';
