import { t } from './i18n';

/** The per-element results of a bulk call, unwrapped from `["ERROR_GLPI_PARTIAL_…", results]` (207). */
function results(body: unknown): unknown[] {
  const data: unknown = Array.isArray(body) && typeof body[0] === 'string' ? body[1] : body;
  return Array.isArray(data) ? data : [];
}

/**
 * The refused elements of a bulk update or delete: its results are
 * `[{ "12": true }, { "13": false, "message": "…" }]`, keyed by id.
 */
export function refusedIds(ids: number[], body: unknown): { id: number; message: string }[] {
  const rows = results(body).filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
  return ids.flatMap((id) => {
    const result = rows.find((r) => String(id) in r);
    return result && result[String(id)] === false ? [{ id, message: String(result.message ?? t('Refused')) }] : [];
  });
}

/** The refused elements of a bulk creation of `count` inputs: results in input order, `{ id, message }`, id false when refused. */
export function refusedInputs(count: number, body: unknown): { index: number; message: string }[] {
  const rows = results(body);
  return Array.from({ length: count }, (_, index) => index).flatMap((index) => {
    const result = rows[index] as { id?: unknown; message?: unknown } | undefined;
    return result && typeof result.id === 'number' && result.id > 0 ? [] : [{ index, message: String(result?.message || t('Refused')) }];
  });
}
