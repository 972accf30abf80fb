/**
 * The FusionInventory agent's XML protocol, as GLPI 10 speaks it: a request body (zlib, as the
 * agent sends it, or plain XML) read under limits and parsed by fast-xml-parser, and the
 * `<REPLY>` answers, compressed the way the request came.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** The largest body read (an agent's inventory is some tens of KiB compressed). */
export const MAX_INVENTORY_BODY = 8 * 1024 * 1024;
/** The largest XML a body may inflate to (a decompression bomb stops here). */
export const MAX_INFLATED_XML = 32 * 1024 * 1024;

export const ZLIB_TYPE = 'application/x-compress-zlib';

/** A request the protocol refuses: answered `<REPLY><ERROR>message</ERROR></REPLY>` with `status`. */
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

/** zlib's header: CMF 0x78 and a check byte making the pair a multiple of 31. */
const isZlib = (bytes: Uint8Array) => bytes.length >= 2 && (bytes[0]! & 0x0f) === 8 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0;

/** The request's XML text and whether it came compressed (the answer then is too). */
export function inflateBody(bytes: Uint8Array): { xml: string; compressed: boolean } {
  if (bytes.length === 0) throw new ProtocolError('Empty request');
  if (!isZlib(bytes)) return { xml: new TextDecoder('utf-8', { fatal: false }).decode(bytes), compressed: false };
  try {
    return { xml: inflateSync(bytes, { maxOutputLength: MAX_INFLATED_XML }).toString('utf8'), compressed: true };
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ProtocolError(`Inventory larger than ${MAX_INFLATED_XML} bytes once inflated`, 413);
    throw new ProtocolError('Body is not a valid zlib stream');
  }
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

/** An answer as GLPI sends it: compressed at zlib's default level (the agent refuses level 9) when the request was. */
export function replyResponse(reply: string, compressed: boolean, status = 200): Response {
  const xml = `<?xml version="1.0"?>\n${reply}`;
  if (!compressed) return new Response(xml, { status, headers: { 'Content-Type': 'application/xml' } });
  return new Response(deflateSync(xml), { status, headers: { 'Content-Type': ZLIB_TYPE } });
}
