/**
 * An SVG QR code of `text` (the options are fixed, so the same text always gives the same image).
 * The encoder is fetched on first use: only a label needs it.
 */
export async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/** The console's address of an item, as a label links to it. */
export function itemUrl(origin: string, path: string, itemtype: string, id: number): string {
  return `${origin}${path}#/${itemtype}/${id}`;
}
