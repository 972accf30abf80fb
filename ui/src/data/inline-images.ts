/**
 * Inline images of stored HTML (GLPI's document addresses, turned into `data-document` by
 * ./html.ts) shown from their files, read with the session as any document download.
 */
import { api } from './api';
import { INLINE_DOCUMENT } from '../lib/html';
import { t } from '../lib/i18n';

/** A document's address as written by GLPI's editor (a tag or a file name) says nothing to a reader. */
const TAG = /^[0-9a-f-]{20,}$/i;

/** Fills the images under `root` that name a document; answers the cleanup (the files' object URLs freed). */
export function showInlineImages(root: HTMLElement): () => void {
  const urls: string[] = [];
  let live = true;
  for (const img of root.querySelectorAll<HTMLImageElement>(`img[${INLINE_DOCUMENT}]`)) {
    if (!img.alt || TAG.test(img.alt)) img.alt = t('Inline image');
    if (img.getAttribute('src')) continue;
    api
      .download(Number(img.getAttribute(INLINE_DOCUMENT)))
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        if (!live) return URL.revokeObjectURL(url);
        urls.push(url);
        img.src = url;
      })
      .catch(() => {
        img.alt = t('Image not available');
      });
  }
  return () => {
    live = false;
    urls.forEach((url) => URL.revokeObjectURL(url));
  };
}
