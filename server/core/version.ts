import pkg from '../../package.json' with { type: 'json' };

/** Deskbase's version (package.json), compiled into the executable. */
export const VERSION: string = pkg.version;
