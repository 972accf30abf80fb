/**
 * The input keys a business rule set on a write, as opposed to the client's own: rules are
 * configured by administrators and GLPI applies what they set whatever the session's rights,
 * while the same key sent by a client is checked against them (or not taken).
 */
import type { Params } from '../core/params';

const setByRules = new WeakMap<Params, Set<string>>();

export function markRuleInput(input: Params, key: string): void {
  const keys = setByRules.get(input) ?? new Set<string>();
  keys.add(key);
  setByRules.set(input, keys);
}

export function isRuleInput(input: Params, key: string): boolean {
  return setByRules.get(input)?.has(key) === true;
}
