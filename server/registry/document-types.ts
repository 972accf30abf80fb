/**
 * Which files Deskbase accepts and how it names their content: GLPI's whitelist of document
 * types (glpi_documenttypes of a fresh install, with a MIME type each), the extensions that are
 * refused even when an administrator whitelists them, and content sniffing for the few formats
 * whose magic numbers are unambiguous.
 */

export interface DocumentTypeSeed {
  id: number;
  name: string;
  ext: string;
  icon: string;
  mime: string;
}

const ODF = 'application/vnd.oasis.opendocument';
const OOXML = 'application/vnd.openxmlformats-officedocument';

/** GLPI 10's fresh-install document types (ids, names and icons as GLPI has them), all uploadable. */
export const DOCUMENT_TYPES: DocumentTypeSeed[] = [
  { id: 1, name: 'JPEG', ext: 'jpg', icon: 'jpg-dist.png', mime: 'image/jpeg' },
  { id: 2, name: 'PNG', ext: 'png', icon: 'png-dist.png', mime: 'image/png' },
  { id: 3, name: 'GIF', ext: 'gif', icon: 'gif-dist.png', mime: 'image/gif' },
  { id: 4, name: 'BMP', ext: 'bmp', icon: 'bmp-dist.png', mime: 'image/bmp' },
  { id: 5, name: 'Photoshop', ext: 'psd', icon: 'psd-dist.png', mime: 'image/vnd.adobe.photoshop' },
  { id: 6, name: 'TIFF', ext: 'tif', icon: 'tif-dist.png', mime: 'image/tiff' },
  { id: 7, name: 'AIFF', ext: 'aiff', icon: 'aiff-dist.png', mime: 'audio/x-aiff' },
  { id: 8, name: 'Windows Media', ext: 'asf', icon: 'asf-dist.png', mime: 'video/x-ms-asf' },
  { id: 9, name: 'Windows Media', ext: 'avi', icon: 'avi-dist.png', mime: 'video/x-msvideo' },
  { id: 44, name: 'C source', ext: 'c', icon: 'c-dist.png', mime: 'text/x-c' },
  { id: 27, name: 'RealAudio', ext: 'rm', icon: 'rm-dist.png', mime: 'application/vnd.rn-realmedia' },
  { id: 16, name: 'Midi', ext: 'mid', icon: 'mid-dist.png', mime: 'audio/midi' },
  { id: 17, name: 'QuickTime', ext: 'mov', icon: 'mov-dist.png', mime: 'video/quicktime' },
  { id: 18, name: 'MP3', ext: 'mp3', icon: 'mp3-dist.png', mime: 'audio/mpeg' },
  { id: 19, name: 'MPEG', ext: 'mpg', icon: 'mpg-dist.png', mime: 'video/mpeg' },
  { id: 20, name: 'Ogg Vorbis', ext: 'ogg', icon: 'ogg-dist.png', mime: 'audio/ogg' },
  { id: 24, name: 'QuickTime', ext: 'qt', icon: 'qt-dist.png', mime: 'video/quicktime' },
  { id: 10, name: 'BZip', ext: 'bz2', icon: 'bz2-dist.png', mime: 'application/x-bzip2' },
  { id: 25, name: 'RealAudio', ext: 'ra', icon: 'ra-dist.png', mime: 'audio/x-realaudio' },
  { id: 26, name: 'RealAudio', ext: 'ram', icon: 'ram-dist.png', mime: 'audio/x-pn-realaudio' },
  { id: 11, name: 'Word', ext: 'doc', icon: 'doc-dist.png', mime: 'application/msword' },
  { id: 12, name: 'DjVu', ext: 'djvu', icon: '', mime: 'image/vnd.djvu' },
  { id: 42, name: 'MNG', ext: 'mng', icon: '', mime: 'video/x-mng' },
  { id: 13, name: 'PostScript', ext: 'eps', icon: 'ps-dist.png', mime: 'application/postscript' },
  { id: 14, name: 'GZ', ext: 'gz', icon: 'gz-dist.png', mime: 'application/gzip' },
  { id: 37, name: 'WAV', ext: 'wav', icon: 'wav-dist.png', mime: 'audio/x-wav' },
  { id: 15, name: 'HTML', ext: 'html', icon: 'html-dist.png', mime: 'text/html' },
  { id: 34, name: 'Flash', ext: 'swf', icon: 'swf-dist.png', mime: 'application/x-shockwave-flash' },
  { id: 21, name: 'PDF', ext: 'pdf', icon: 'pdf-dist.png', mime: 'application/pdf' },
  { id: 22, name: 'PowerPoint', ext: 'ppt', icon: 'ppt-dist.png', mime: 'application/vnd.ms-powerpoint' },
  { id: 23, name: 'PostScript', ext: 'ps', icon: 'ps-dist.png', mime: 'application/postscript' },
  { id: 40, name: 'Windows Media', ext: 'wmv', icon: 'wmv-dist.png', mime: 'video/x-ms-wmv' },
  { id: 28, name: 'RTF', ext: 'rtf', icon: 'rtf-dist.png', mime: 'application/rtf' },
  { id: 29, name: 'StarOffice', ext: 'sdd', icon: 'sdd-dist.png', mime: 'application/vnd.stardivision.impress' },
  { id: 30, name: 'StarOffice', ext: 'sdw', icon: 'sdw-dist.png', mime: 'application/vnd.stardivision.writer' },
  { id: 31, name: 'Stuffit', ext: 'sit', icon: 'sit-dist.png', mime: 'application/x-stuffit' },
  { id: 43, name: 'Adobe Illustrator', ext: 'ai', icon: 'ai-dist.png', mime: 'application/postscript' },
  { id: 32, name: 'OpenOffice Impress', ext: 'sxi', icon: 'sxi-dist.png', mime: 'application/vnd.sun.xml.impress' },
  { id: 33, name: 'OpenOffice', ext: 'sxw', icon: 'sxw-dist.png', mime: 'application/vnd.sun.xml.writer' },
  { id: 46, name: 'DVI', ext: 'dvi', icon: 'dvi-dist.png', mime: 'application/x-dvi' },
  { id: 35, name: 'TGZ', ext: 'tgz', icon: 'tgz-dist.png', mime: 'application/gzip' },
  { id: 36, name: 'texte', ext: 'txt', icon: 'txt-dist.png', mime: 'text/plain' },
  { id: 49, name: 'RedHat/Mandrake/SuSE', ext: 'rpm', icon: 'rpm-dist.png', mime: 'application/x-rpm' },
  { id: 38, name: 'Excel', ext: 'xls', icon: 'xls-dist.png', mime: 'application/vnd.ms-excel' },
  { id: 39, name: 'XML', ext: 'xml', icon: 'xml-dist.png', mime: 'text/xml' },
  { id: 41, name: 'Zip', ext: 'zip', icon: 'zip-dist.png', mime: 'application/zip' },
  { id: 45, name: 'Debian', ext: 'deb', icon: 'deb-dist.png', mime: 'application/vnd.debian.binary-package' },
  { id: 47, name: 'C header', ext: 'h', icon: 'h-dist.png', mime: 'text/x-c' },
  { id: 48, name: 'Pascal', ext: 'pas', icon: 'pas-dist.png', mime: 'text/x-pascal' },
  { id: 50, name: 'OpenOffice Calc', ext: 'sxc', icon: 'sxc-dist.png', mime: 'application/vnd.sun.xml.calc' },
  { id: 51, name: 'LaTeX', ext: 'tex', icon: 'tex-dist.png', mime: 'text/x-tex' },
  { id: 52, name: 'GIMP multi-layer', ext: 'xcf', icon: 'xcf-dist.png', mime: 'image/x-xcf' },
  { id: 53, name: 'JPEG', ext: 'jpeg', icon: 'jpg-dist.png', mime: 'image/jpeg' },
  { id: 54, name: 'Oasis Open Office Writer', ext: 'odt', icon: 'odt-dist.png', mime: `${ODF}.text` },
  { id: 55, name: 'Oasis Open Office Calc', ext: 'ods', icon: 'ods-dist.png', mime: `${ODF}.spreadsheet` },
  { id: 56, name: 'Oasis Open Office Impress', ext: 'odp', icon: 'odp-dist.png', mime: `${ODF}.presentation` },
  { id: 57, name: 'Oasis Open Office Impress Template', ext: 'otp', icon: 'odp-dist.png', mime: `${ODF}.presentation-template` },
  { id: 58, name: 'Oasis Open Office Writer Template', ext: 'ott', icon: 'odt-dist.png', mime: `${ODF}.text-template` },
  { id: 59, name: 'Oasis Open Office Calc Template', ext: 'ots', icon: 'ods-dist.png', mime: `${ODF}.spreadsheet-template` },
  { id: 60, name: 'Oasis Open Office Math', ext: 'odf', icon: 'odf-dist.png', mime: `${ODF}.formula` },
  { id: 61, name: 'Oasis Open Office Draw', ext: 'odg', icon: 'odg-dist.png', mime: `${ODF}.graphics` },
  { id: 62, name: 'Oasis Open Office Draw Template', ext: 'otg', icon: 'odg-dist.png', mime: `${ODF}.graphics-template` },
  { id: 63, name: 'Oasis Open Office Base', ext: 'odb', icon: 'odb-dist.png', mime: `${ODF}.base` },
  { id: 64, name: 'Oasis Open Office HTML', ext: 'oth', icon: 'oth-dist.png', mime: `${ODF}.text-web` },
  { id: 65, name: 'Oasis Open Office Writer Master', ext: 'odm', icon: 'odm-dist.png', mime: `${ODF}.text-master` },
  { id: 66, name: 'Oasis Open Office Chart', ext: 'odc', icon: '', mime: `${ODF}.chart` },
  { id: 67, name: 'Oasis Open Office Image', ext: 'odi', icon: '', mime: `${ODF}.image` },
  { id: 68, name: 'Word XML', ext: 'docx', icon: 'doc-dist.png', mime: `${OOXML}.wordprocessingml.document` },
  { id: 69, name: 'Excel XML', ext: 'xlsx', icon: 'xls-dist.png', mime: `${OOXML}.spreadsheetml.sheet` },
  { id: 70, name: 'PowerPoint XML', ext: 'pptx', icon: 'ppt-dist.png', mime: `${OOXML}.presentationml.presentation` },
  { id: 71, name: 'Comma-Separated Values', ext: 'csv', icon: 'csv-dist.png', mime: 'text/csv' },
  { id: 72, name: 'Scalable Vector Graphics', ext: 'svg', icon: 'svg-dist.png', mime: 'image/svg+xml' },
  // Not in GLPI's list, but GLPI's own API tests upload a README.md: plain text, harmless.
  { id: 73, name: 'Markdown', ext: 'md', icon: '', mime: 'text/plain' },
];

/** MIME types of common extensions an administrator may whitelist without giving a MIME type. */
const EXTRA_MIMES: Record<string, string> = {
  md: 'text/plain',
  log: 'text/plain',
  json: 'application/json',
  yaml: 'text/plain',
  yml: 'text/plain',
  ini: 'text/plain',
  conf: 'text/plain',
  webp: 'image/webp',
  heic: 'image/heic',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  webm: 'video/webm',
  '7z': 'application/x-7z-compressed',
  tar: 'application/x-tar',
  xz: 'application/x-xz',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
  vsd: 'application/vnd.visio',
  vsdx: 'application/vnd.ms-visio.drawing',
};

/**
 * Scripts, executables and installers: refused whatever glpi_documenttypes says, because a web
 * server or a desktop would run them rather than show them.
 */
export const DANGEROUS_EXTENSIONS = new Set([
  // server-side scripts
  'php', 'php3', 'php4', 'php5', 'php7', 'php8', 'pht', 'phtml', 'phar', 'phps', 'inc',
  'asp', 'aspx', 'asa', 'asax', 'ascx', 'ashx', 'asmx', 'jsp', 'jspx', 'jsf', 'cfm', 'cgi',
  'pl', 'pm', 'py', 'pyc', 'pyo', 'rb', 'shtml', 'shtm', 'htaccess', 'htpasswd',
  // shells and client scripts
  'sh', 'bash', 'zsh', 'csh', 'ksh', 'fish', 'command', 'bat', 'cmd', 'ps1', 'psm1', 'psd1', 'ps1xml', 'vb', 'vbs', 'vbe',
  'js', 'mjs', 'cjs', 'jse', 'ws', 'wsf', 'wsc', 'wsh', 'hta', 'sct', 'msh', 'msh1', 'msh2', 'mshxml', 'scf', 'lnk', 'url', 'reg', 'inf',
  // executables, libraries, installers, packages that run code on open
  'exe', 'com', 'scr', 'pif', 'cpl', 'dll', 'sys', 'drv', 'ocx', 'msi', 'msp', 'mst', 'msc', 'gadget', 'application', 'appref-ms',
  'jar', 'class', 'apk', 'app', 'dmg', 'pkg', 'run', 'so', 'dylib', 'ko', 'appimage', 'xbap', 'vbscript',
]);

/** Formats stored in a ZIP container: their magic number says ZIP, their extension says more. */
const ZIP_CONTAINERS = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'otp', 'ott', 'ots', 'odf', 'odg', 'otg', 'odb', 'oth', 'odm', 'odc', 'odi', 'sxi', 'sxw', 'sxc', 'xps', 'epub', 'vsdx']);

const startsWith = (bytes: Uint8Array, ...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The MIME type of content with an unambiguous magic number, else null. */
export function sniffMime(bytes: Uint8Array): string | null {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (startsWith(bytes, ...ascii('GIF87a')) || startsWith(bytes, ...ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ...ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0x50, 0x4b, 0x05, 0x06)) return 'application/zip';
  return null;
}

/** Native executables (Windows PE, ELF, Mach-O), whatever their name says. */
export function isExecutable(bytes: Uint8Array): boolean {
  if (startsWith(bytes, 0x7f, 0x45, 0x4c, 0x46)) return true; // ELF
  for (const magic of [[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe]]) {
    if (startsWith(bytes, ...magic)) return true; // Mach-O
  }
  if (startsWith(bytes, 0x4d, 0x5a) && bytes.length >= 0x40) {
    // MZ header whose e_lfanew points at a "PE\0\0" signature.
    const offset = bytes[0x3c]! | (bytes[0x3d]! << 8) | (bytes[0x3e]! << 16) | (bytes[0x3f]! << 24);
    if (offset > 0 && offset + 4 <= bytes.length) return startsWith(bytes.subarray(offset), 0x50, 0x45, 0, 0);
  }
  return false;
}

/** Looks like text: no NUL byte and valid UTF-8 in the first 8 KiB. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === bytes.length ? head : trimPartial(head));
    return true;
  } catch {
    return false;
  }
}

/** Drops a UTF-8 sequence cut by the 8 KiB window, so it does not count as invalid. */
function trimPartial(head: Uint8Array): Uint8Array {
  let end = head.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = head[end - i]!;
    if ((b & 0xc0) === 0xc0) return head.subarray(0, end - i); // lead byte of a cut sequence
    if ((b & 0xc0) !== 0x80) break;
  }
  return head;
}

/**
 * The MIME type Deskbase records: the content's magic number when it has an unambiguous one
 * (ZIP-based office formats keep their own type), else the document type's, else a guess.
 */
export function detectMime(ext: string, typeMime: string | null, bytes: Uint8Array): string {
  const declared = typeMime && typeMime.trim() !== '' ? typeMime.trim() : (EXTRA_MIMES[ext] ?? null);
  const sniffed = sniffMime(bytes);
  if (sniffed && !(sniffed === 'application/zip' && ZIP_CONTAINERS.has(ext) && declared)) return sniffed;
  if (declared) return declared;
  return looksLikeText(bytes) ? 'text/plain' : 'application/octet-stream';
}

/** Extensions Deskbase can use in a storage path. */
export const SAFE_EXTENSION = /^[a-z0-9]{1,16}$/;
