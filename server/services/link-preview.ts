import type { Db } from '../db';
import { usableShare } from '../routes/shares/shares';

/**
 * Link previews (Open Graph and Twitter card tags in the page's HTML), so a Saathi link pasted into WhatsApp
 * shows a title, a line and an image. A shared profile's preview names the member by first name only and never
 * shows their photo or any other detail: a preview is copied into the chat and stays there after the member
 * deactivates the link or it expires, so it holds nothing the member could not take back but the first name the
 * link itself shows any stranger. A link that is not usable (unknown, expired, deactivated, hidden profile)
 * previews as Saathi itself. Rendering a preview does not count as a view of the share.
 */
export interface LinkPreview {
  title: string;
  description: string;
  /** the page's address, absolute */
  url: string;
}

const SITE = {
  title: 'Saathi — matrimonial bonds across seas',
  description: 'Saathi helps Indians living abroad, and their families, find a life partner: verified profiles, Kundali matching and conversations that stay private.',
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tags for the page's <head>. */
export function previewTags(preview: LinkPreview, origin: string): string {
  const image = `${origin}/icons/icon-512.png`;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:site_name', 'Saathi'],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['property', 'og:image', image],
    ['property', 'og:image:width', '512'],
    ['property', 'og:image:height', '512'],
    ['property', 'og:image:alt', 'The Saathi logo: a golden heart on maroon'],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', image],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeAttribute(value)}">`).join('\n    ');
}

/** The preview of a member-app page at `pathname`. */
export async function linkPreview(db: Db, origin: string, pathname: string): Promise<LinkPreview> {
  const url = `${origin}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  const shared = /^\/shared\/([A-Za-z0-9_-]{10,64})\/?$/.exec(pathname);
  if (shared) {
    const firstName = await sharedFirstName(db, shared[1]);
    if (firstName) {
      return {
        title: `Meet ${firstName} on Saathi`,
        description: 'A Saathi profile was shared with you. Open the link to see it while it is shared.',
        url,
      };
    }
    return { ...SITE, url: `${origin}/` };
  }
  return { ...SITE, url };
}

async function sharedFirstName(db: Db, code: string): Promise<string | null> {
  try {
    const share = await usableShare(db, code);
    const name = String(share.profile?.user?.fullName ?? '').trim().split(/\s+/)[0];
    return name || null;
  } catch {
    return null; // not usable: the preview says nothing about it
  }
}
