import QRCode from 'qrcode';

/** An SVG QR code of `text` (the options are fixed, so the same text always gives the same image). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/** The console's address of an item, as a label links to it. */
export function itemUrl(origin: string, path: string, itemtype: string, id: number): string {
  return `${origin}${path}#/${itemtype}/${id}`;
}
