/**
 * What GLPI 10's inventory endpoint reads and answers: a body (zlib as the FusionInventory agent
 * sends it, gzip or deflate as GLPI Agent may, or plain) inflated under a limit; the
 * FusionInventory XML parsed by fast-xml-parser and its `<REPLY>` answers, compressed the way the
 * request came.
 */
import { deflateRawSync, deflateSync, gunzipSync, gzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** The largest body read (an agent's inventory is some tens of KiB compressed). */
export const MAX_INVENTORY_BODY = 8 * 1024 * 1024;
/** The largest text a body may inflate to (a decompression bomb stops here). */
export const MAX_INFLATED = 32 * 1024 * 1024;

const ZLIB_TYPE = 'application/x-compress-zlib';

/** A request refused: answered with `status` and the message in its protocol's error shape. */
export class ProtocolError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The lists of an inventory: one element or many, always read as arrays. */
const LISTS = new Set(['CPUS', 'MEMORIES', 'DRIVES', 'NETWORKS', 'SOFTWARES', 'STORAGES', 'ACCOUNTINFO']);

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name, path) => typeof path === 'string' && path === `REQUEST.CONTENT.${name}` && LISTS.has(name),
});

/** How a body is compressed, by GLPI's content types; the answer is compressed the same way. */
export type Compression = 'zlib' | 'gzip' | 'deflate' | 'none';

const COMPRESSION_OF: Record<string, Compression> = {
  'application/x-zlib': 'zlib',
  [ZLIB_TYPE]: 'zlib',
  'application/x-gzip': 'gzip',
  'application/x-compress-gzip': 'gzip',
  'application/x-deflate': 'deflate',
  'application/x-compress-deflate': 'deflate',
};
/** Types read as they come; a zlib stream under one of them is still inflated (the sniff GLPI's agents rely on). */
const PLAIN_TYPES = new Set(['application/xml', 'text/xml', 'application/json', 'text/plain', '']);

const ANSWER_TYPE: Record<Exclude<Compression, 'none'>, string> = { zlib: ZLIB_TYPE, gzip: 'application/x-compress-gzip', deflate: 'application/x-compress-deflate' };

/** The compression a Content-Type declares ('none' for the plain ones). */
export const declaredCompression = (type: string): Compression => COMPRESSION_OF[type] ?? 'none';

/** zlib's header: CMF 0x78 and a check byte making the pair a multiple of 31. */
const isZlib = (bytes: Uint8Array) => bytes.length >= 2 && (bytes[0]! & 0x0f) === 8 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0;

const INFLATE = { zlib: inflateSync, gzip: gunzipSync, deflate: inflateRawSync } as const;

/** The request's text and its compression, by its Content-Type (lower case, without parameters). */
export function decodeBody(bytes: Uint8Array, type: string): { text: string; compression: Compression } {
  const named = COMPRESSION_OF[type];
  if (!named && !PLAIN_TYPES.has(type)) throw new ProtocolError(`Content type ${type} is not supported`, 415);
  if (bytes.length === 0) throw new ProtocolError('Empty request');
  const compression: Compression = named ?? (isZlib(bytes) ? 'zlib' : 'none');
  if (compression === 'none') return { text: new TextDecoder().decode(bytes), compression };
  try {
    return { text: INFLATE[compression](bytes, { maxOutputLength: MAX_INFLATED }).toString('utf8'), compression };
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ProtocolError(`Request larger than ${MAX_INFLATED} bytes once inflated`, 413);
    throw new ProtocolError(`Body is not a valid ${compression} stream`);
  }
}

/** An answer compressed as the request was (zlib at its default level: the agent refuses level 9). */
export function encodedResponse(text: string, plainType: string, compression: Compression, status = 200): Response {
  if (compression === 'none') return new Response(text, { status, headers: { 'Content-Type': plainType } });
  const bytes = compression === 'zlib' ? deflateSync(text) : compression === 'gzip' ? gzipSync(text) : deflateRawSync(text);
  return new Response(bytes, { status, headers: { 'Content-Type': ANSWER_TYPE[compression] } });
}

export type XmlNode = Record<string, unknown>;

/** The `<REQUEST>` element of a well-formed XML text; anything else is a ProtocolError. */
export function parseRequest(xml: string): XmlNode {
  // Agents never send a DOCTYPE: refusing it rules out entity expansion bombs.
  if (/<!DOCTYPE/i.test(xml)) throw new ProtocolError('DOCTYPE is not accepted');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new ProtocolError(`Malformed XML at line ${valid.err.line}: ${valid.err.msg}`);
  let parsed: XmlNode;
  try {
    parsed = parser.parse(xml) as XmlNode;
  } catch (error) {
    // The parser's own limits (nesting depth…) end here too.
    throw new ProtocolError(`Malformed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const request = parsed.REQUEST;
  if (!request || typeof request !== 'object' || Array.isArray(request)) throw new ProtocolError('No REQUEST element');
  return request as XmlNode;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const REPLY = {
  prolog: '<REPLY><PROLOG_FREQ>24</PROLOG_FREQ><RESPONSE>SEND</RESPONSE></REPLY>',
  stored: '<REPLY><RESPONSE>SEND</RESPONSE></REPLY>',
  error: (message: string) => `<REPLY><ERROR>${escapeXml(message)}</ERROR></REPLY>`,
};

/** An XML answer, with its declaration as GLPI's. */
export const xmlResponse = (reply: string, compression: Compression, status = 200) => encodedResponse(`<?xml version="1.0"?>\n${reply}`, 'application/xml', compression, status);
