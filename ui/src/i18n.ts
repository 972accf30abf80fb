/**
 * The console's string catalogue: English is the key (as in GLPI's gettext catalogues), French the
 * translation. The language is the user's preference (GLPI's `language`, e.g. fr_FR, en_GB); a string
 * without a translation shows in English.
 */
export type Language = 'en' | 'fr';

const FR: Record<string, string> = {
  // Navigation
  Overview: 'Tableau de bord',
  'My work': 'Mon travail',
  'Assigned to me': 'Assignés à moi',
  'To my groups': 'À mes groupes',
  Unassigned: 'Non assignés',
  'My requests': 'Mes demandes',
  Assets: 'Parc',
  Assistance: 'Assistance',
  Management: 'Gestion',
  Administration: 'Administration',
  Setup: 'Configuration',
  Computers: 'Ordinateurs',
  Monitors: 'Moniteurs',
  'Network devices': 'Matériels réseau',
  Peripherals: 'Périphériques',
  Phones: 'Téléphones',
  Printers: 'Imprimantes',
  Software: 'Logiciels',
  Tickets: 'Tickets',
  Problems: 'Problèmes',
  Changes: 'Changements',
  Documents: 'Documents',
  Users: 'Utilisateurs',
  Groups: 'Groupes',
  Entities: 'Entités',
  Profiles: 'Profils',
  Locations: 'Lieux',
  Manufacturers: 'Fabricants',
  'Statuses of items': 'Statuts des éléments',
  'Ticket categories': 'Catégories de tickets',
  'Request sources': 'Sources de la demande',
  'Solution types': 'Types de solution',
  'Computer types': "Types d'ordinateurs",
  'Computer models': "Modèles d'ordinateurs",
  'Software categories': 'Catégories de logiciels',
  'User titles': 'Titres',
  'User categories': "Catégories d'utilisateurs",
  Main: 'Principal',
  // Header
  Profile: 'Profil',
  Entity: 'Entité',
  'All entities': 'Toutes les entités',
  'Sub-entities': 'Sous-entités',
  'Sign out': 'Se déconnecter',
  'Search assets, tickets and users': 'Rechercher dans le parc, les tickets et les utilisateurs',
  'Search assets, tickets, users…': 'Rechercher : parc, tickets, utilisateurs…',
  'Skip to content': 'Aller au contenu',
  // Overview
  'Tickets by status': 'Tickets par statut',
  'Tickets by priority': 'Tickets par priorité',
  'Opened and solved per week': 'Ouverts et résolus par semaine',
  Opened: 'Ouverts',
  Solved: 'Résolus',
  'My open tickets': 'Mes tickets ouverts',
  'No open ticket is assigned to you.': "Aucun ticket ouvert ne vous est assigné.",
  'Recently changed assets': 'Matériels modifiés récemment',
  // Buttons and messages
  'Page not found': 'Page introuvable',
  'Back to the overview': 'Retour au tableau de bord',
  'Opening your session…': 'Ouverture de la session…',
  Search: 'Rechercher',
  'Saved searches': 'Recherches sauvegardées',
  'Save this search': 'Sauvegarder cette recherche',
  'No saved search yet.': 'Aucune recherche sauvegardée.',
};

const CATALOGUES: Record<Language, Record<string, string>> = { en: {}, fr: FR };

/** Before sign-in the browser's language; then the user's preference. */
let current: Language = typeof navigator === 'undefined' ? 'en' : languageOf(navigator.language.replace('-', '_'));

/** GLPI's language code (fr_FR, fr_CA, en_GB…) to a catalogue; unknown ones fall back to English. */
export function languageOf(glpiLanguage: unknown): Language {
  return typeof glpiLanguage === 'string' && /^fr(_|$)/i.test(glpiLanguage) ? 'fr' : 'en';
}

/** Chosen once the session is known, before the console renders with it. */
export function setLanguage(language: Language): void {
  current = language;
  document.documentElement.lang = language;
}

export const language = (): Language => current;

/** The English text of every catalogued string: a page in French should show none of them. */
export const ENGLISH_WITH_TRANSLATION = (): string[] => Object.keys(FR).filter((english) => FR[english] !== english);

/** The catalogue's French translation of an English text (tests check that none is missing). */
export const french = (english: string): string | undefined => FR[english];

/**
 * The text in the user's language; `{name}` placeholders take the values of `params` (the
 * placeholders stay in the catalogue's keys, so a translation may move them).
 */
export function t(english: string, params?: Record<string, string | number>): string {
  const text = CATALOGUES[current][english] ?? english;
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}
