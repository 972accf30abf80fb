/**
 * GLPI's notification template language: `##ticket.title##` is a value; `##FOREACHfollowups##…
 * ##ENDFOREACHfollowups##` repeats its body for each element of a list (whose own tags are
 * `##followup.…##`); `##IFticket.x##…##ENDIFticket.x##` keeps its body when the value is not empty
 * (`##IFticket.x=5##` when it equals 5), `##ELSEticket.x##…##ENDELSEticket.x##` when the
 * matching IF did not. A tag the data does not know renders empty, as in GLPI: a template never
 * fails to render.
 */
export interface TagData {
  values: Record<string, string>;
  lists: Record<string, Record<string, string>[]>;
}

const TAG = /##([A-Za-z0-9_.\-]+)##/g;
const FOREACH = /##FOREACH(?:FIRST|LAST)?(?: ?(\d+))? ?([A-Za-z0-9_.]+)##([\s\S]*?)##ENDFOREACH\2##/g;
const IF = /##IF([A-Za-z0-9_.\-]+?)(?:=([^#]*))?##([\s\S]*?)##ENDIF\1##/g;
const ELSE = /##ELSE([A-Za-z0-9_.\-]+?)(?:=([^#]*))?##([\s\S]*?)##ENDELSE\1##/g;

/** An escaping of the values for the part rendered (HTML for the HTML part). */
export type Escape = (value: string) => string;

function conditions(text: string, values: Record<string, string>): string {
  const holds = (tag: string, expected: string | undefined) => {
    const value = values[tag] ?? '';
    return expected === undefined ? value !== '' && value !== '0' : value === expected;
  };
  return text
    .replace(IF, (_m, tag: string, expected: string | undefined, body: string) => (holds(tag, expected) ? body : ''))
    .replace(ELSE, (_m, tag: string, expected: string | undefined, body: string) => (holds(tag, expected) ? '' : body));
}

function values(text: string, data: Record<string, string>, escape: Escape): string {
  return text.replace(TAG, (_m, tag: string) => escape(data[tag] ?? ''));
}

export function render(template: string, data: TagData, escape: Escape = (v) => v): string {
  const expanded = template.replace(FOREACH, (_m, limit: string | undefined, list: string, body: string) => {
    const items = data.lists[list] ?? [];
    const shown = limit ? items.slice(0, Number(limit)) : items;
    return shown.map((item) => values(conditions(body, { ...data.values, ...item }), { ...data.values, ...item }, escape)).join('');
  });
  return values(conditions(expanded, data.values), data.values, escape);
}

export const escapeHtml: Escape = (value) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CONTROL = /^(?:END)?(?:FOREACH|IF|ELSE)/;

/**
 * The tags of a template its data does not know (each once, in order): they render empty. Tags in
 * a list's body are checked against the list's elements when it has some; a list the data lacks
 * is itself unknown (`FOREACHname`).
 */
export function unknownTags(template: string, data: TagData): string[] {
  const unknown = new Set<string>();
  const outside = template.replace(FOREACH, (_m, _limit: string | undefined, list: string, body: string) => {
    const items = data.lists[list];
    if (!items) unknown.add(`FOREACH${list}`);
    else if (items.length) {
      const known = new Set(items.flatMap((item) => Object.keys(item)));
      for (const [, tag] of body.matchAll(TAG)) if (!CONTROL.test(tag!) && !known.has(tag!) && !(tag! in data.values)) unknown.add(tag!);
    }
    return '';
  });
  for (const [, tag] of outside.matchAll(TAG)) if (!CONTROL.test(tag!) && !(tag! in data.values)) unknown.add(tag!);
  for (const [, tag] of outside.matchAll(/##(?:IF|ELSE)([A-Za-z0-9_.\-]+?)(?:=[^#]*)?##/g)) if (!(tag! in data.values)) unknown.add(tag!);
  return [...unknown];
}
