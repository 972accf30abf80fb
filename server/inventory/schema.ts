/**
 * The published inventory format's JSON schema (./format, vendored from
 * glpi-project/inventory_format) checks every JSON inventory before anything is read from it, as
 * GLPI 10 validates what GLPI Agent sends. Compiled once, on the first inventory.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { isIP } from 'node:net';
import schema from './format/inventory.schema.json' with { type: 'json' };
import { ProtocolError } from './protocol';

let compiled: ValidateFunction | null = null;

function validator(): ValidateFunction {
  if (compiled) return compiled;
  // allErrors off: the first error is the one reported, and a huge bad body stops early.
  const ajv = new Ajv({ strict: false, allErrors: false });
  ajv.addFormat('ipv4', (value: string) => isIP(value) === 4);
  ajv.addFormat('ipv6', (value: string) => isIP(value) === 6);
  compiled = ajv.compile(schema);
  return compiled;
}

/** One schema error as a sentence: where (a JSON pointer) and what. */
function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the request' : error.instancePath;
  const extra = error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty: string }).additionalProperty)})` : error.keyword === 'enum' ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')})` : '';
  return `${where} ${error.message ?? 'is invalid'}${extra}`;
}

/** Throws the protocol's error when `request` (a parsed JSON inventory) is not in the format. */
export function checkInventoryFormat(request: unknown): void {
  const validate = validator();
  if (validate(request)) return;
  const first = validate.errors?.[0];
  throw new ProtocolError(`Inventory does not match the inventory format: ${first ? describe(first) : 'invalid'}`);
}
