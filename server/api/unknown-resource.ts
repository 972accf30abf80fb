import { ApiError, errors } from '../core/errors';
import { allItemtypes } from '../registry';

const CANONICAL = new Map(allItemtypes().map((t) => [t.name.toLowerCase(), t.name]));

/**
 * 400 ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM for a segment that is neither an endpoint nor an
 * itemtype, naming the itemtype meant when only the case differs (`computer` → `Computer`).
 */
export function unknownResource(name: string): ApiError {
  const canonical = CANONICAL.get(name.toLowerCase());
  if (canonical && canonical !== name) {
    return errors.resourceNotFound(`unknown itemtype '${name}': did you mean '${canonical}'? Itemtype names are case-sensitive`);
  }
  return errors.resourceNotFound(`'${name}' is neither an endpoint nor an itemtype`);
}
