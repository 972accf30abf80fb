/**
 * A rule collection's editor description (definitions.ts) with its labels in the session's
 * language: French for fr_* (./labels-fr.ts), English otherwise; a label without a translation
 * (a directory attribute's own name) stays as written.
 */
import type { CollectionDescription, ValueOut } from './definitions';
import { RULE_LABELS_FR } from './labels-fr';

const CATALOGUES: Readonly<Record<string, Readonly<Record<string, string>>>> = { fr: RULE_LABELS_FR };

export function describedIn(language: string, d: CollectionDescription): CollectionDescription {
  const catalogue = CATALOGUES[language.slice(0, 2).toLowerCase()];
  if (!catalogue) return d;
  const label = (text: string) => catalogue[text] ?? text;
  const value = (v: ValueOut): ValueOut => (v.kind === 'list' ? { kind: 'list', choices: v.choices.map((c) => ({ value: c.value, label: label(c.label) })) } : v);
  return {
    sub_type: d.sub_type,
    title: label(d.title),
    conditions: d.conditions.map((c) => ({ id: c.id, label: label(c.label) })),
    criteria: d.criteria.map((c) => ({ ...c, label: label(c.label), value: value(c.value) })),
    actions: d.actions.map((a) => ({ ...a, label: label(a.label), types: a.types.map((t) => ({ ...t, label: label(t.label), value: value(t.value) })) })),
  };
}
