/**
 * The API's most common messages in the session's language, as GLPI answers them (its messages
 * go through its translations). English is the text the code writes; a language without a
 * catalogue here, or a message not in it, stays English. Deskbase's own translations.
 */

/** English template (`%s` for a value) → its French text, the values in the same order. */
const FRENCH: Record<string, string> = {
  'Item not found': 'Élément introuvable',
  "You don't have permission to perform this action.": "Vous n'avez pas le droit d'effectuer cette action.",
  'input parameter must be an array of objects': "le paramètre input doit être un tableau d'objets",
  'Provided range exceed total count of data: %s': 'La plage demandée dépasse le nombre total de données : %s',
  'Field %s is not valid for %s item.': "Le champ %s n'est pas valide pour un élément %s.",
  'Item successfully added: %s': 'Élément ajouté avec succès : %s',
  'missing resource': 'ressource manquante',
  'resource not found': 'ressource introuvable',
  'JSON payload seems not valid': 'Le contenu JSON ne semble pas valide',
  'GET Request should not have json payload (http body)': 'Une requête GET ne doit pas avoir de contenu JSON (corps HTTP)',
  'view documentation in your browser at': 'consultez la documentation dans votre navigateur à',
  'For security reasons, please change the password for the default users: %s':
    'Pour des raisons de sécurité, veuillez changer le mot de passe des utilisateurs par défaut : %s',
};

interface Entry {
  /** The English message, `%s` captured. */
  pattern: RegExp;
  translation: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(catalogue: Record<string, string>): Entry[] {
  return Object.entries(catalogue).map(([english, translation]) => ({ pattern: new RegExp(`^${escape(english).replaceAll('%s', '(.*?)')}$`, 's'), translation }));
}

/** Catalogues by language prefix (GLPI's codes: fr_FR, fr_CA, fr_BE… all read French). */
const CATALOGUES: Record<string, Entry[]> = { fr: compile(FRENCH) };

const catalogueOf = (language: string): Entry[] | undefined => CATALOGUES[language.slice(0, 2).toLowerCase()];

/** Whether messages in this language differ from English at all. */
export const isTranslated = (language: string): boolean => catalogueOf(language) !== undefined;

/** An English message in `language`, its values kept; as it is when the catalogue lacks it. */
export function translate(language: string, message: string): string {
  const catalogue = catalogueOf(language);
  if (!catalogue) return message;
  for (const { pattern, translation } of catalogue) {
    const m = pattern.exec(message);
    if (!m) continue;
    let value = 0;
    return translation.replace(/%s/g, () => m[++value] ?? '');
  }
  return message;
}
