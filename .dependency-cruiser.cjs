/**
 * The server's layers, top to bottom. A file may import its own layer and the layers below it;
 * an import that runs upward, or any cycle, fails `npm test`.
 *
 *   entry    main.ts, serve.ts, hook-table.ts, config.ts, cli/, import/, threads/   start-up, the composition root, commands, serving threads
 *   http     http/                                   Elysia app, routing, body and parameter parsing
 *   api      api/                                    what each endpoint answers
 *   engines  inventory/                              what agents send, written through the domains and items
 *   domain   search/ documents/ itil/ assets/ users/ notify/ rules/ mail/ directory/   (may import items, not each other)
 *   items    items/                                  generic CRUD, history, cascades, trees, hooks
 *   auth     auth/                                   sessions, rights, entity scope, visibility
 *   db       db/                                     the SQL engine (SQLite): the only user of bun:sqlite
 *   core     core/, registry/                        errors, parameters, clock; the itemtype registry
 *
 *   ui       ui/src/                                 the console: of the server, only registry/ (through @server/registry)
 *            its own floors, top to bottom: App.tsx/main.tsx, views/ (screens), components/ (shared widgets),
 *            data/ (the API client, data hooks, session), lib/ (pure helpers)
 *
 * The request ends at api/: its context and replies live there, and only http/ and api/ read the
 * raw request parameters (core/request-params.ts).
 */
const layer = {
  entry: '^server/(main|serve|hook-table|config)\\.ts$|^server/(cli|import|threads)/',
  http: '^server/http/',
  api: '^server/api/',
  engines: '^server/inventory/',
  domain: '^server/(search|documents|itil|assets|users|notify|rules|mail|directory)/',
  items: '^server/items/',
  auth: '^server/auth/',
  db: '^server/db/',
};
const above = (...names) => names.map((n) => layer[n]).join('|');

const upward = (name, from, to) => ({ name, severity: 'error', from: { path: layer[from] ?? from }, to: { path: to } });

/** A console floor (`ui/src/<floor>/`) imports only the floors below it: views → components → data → lib. */
const uiDownward = (name, floor, to, pathNot) => ({
  name,
  severity: 'error',
  comment: 'the console\'s floors run downward: views → components → data → lib',
  from: { path: `^ui/src/${floor}/` },
  to: pathNot ? { path: to, pathNot } : { path: to },
});

module.exports = {
  forbidden: [
    { name: 'no-cycle', severity: 'error', comment: 'no two files import each other, directly or around a loop', from: {}, to: { circular: true } },
    upward('http-upward', 'http', above('entry')),
    upward('api-upward', 'api', above('entry', 'http')),
    upward('engines-upward', 'engines', above('entry', 'http', 'api')),
    upward('domain-upward', 'domain', above('entry', 'http', 'api', 'engines')),
    {
      name: 'domain-siblings',
      severity: 'error',
      comment: 'search, documents, itil, assets, users, notify, rules, mail and directory stand side by side: each may use items, not another one',
      from: { path: '^server/([^/]+)/', pathNot: '^server/(?!(search|documents|itil|assets|users|notify|rules|mail|directory)/)' },
      to: { path: layer.domain, pathNot: '^server/$1/' },
    },
    upward('items-upward', 'items', above('entry', 'http', 'api', 'engines', 'domain')),
    upward('auth-upward', 'auth', above('entry', 'http', 'api', 'engines', 'domain', 'items')),
    upward('db-upward', 'db', above('entry', 'http', 'api', 'engines', 'domain', 'items', 'auth')),
    { name: 'registry-alone', severity: 'error', from: { path: '^server/registry/' }, to: { path: '^server/', pathNot: '^server/(registry|core)/' } },
    { name: 'core-alone', severity: 'error', from: { path: '^server/core/' }, to: { path: '^server/', pathNot: '^server/core/|^package\\.json$' } },
    {
      name: 'request-params-only-in-http-api',
      severity: 'error',
      comment: 'the request ends at api/: only http/ and api/ read its raw parameters; the floors below take an Actor and parsed values',
      from: { path: '^server/', pathNot: `${layer.http}|${layer.api}` },
      to: { path: '^server/core/request-params\\.ts$' },
    },
    {
      name: 'sqlite-only-in-db',
      severity: 'error',
      comment: 'the SQL engine stays behind db/, so a second engine is one new module beside it',
      from: { path: '^server/', pathNot: layer.db },
      to: { path: '^bun:sqlite$' },
    },
    { name: 'server-not-ui-or-tests', severity: 'error', from: { path: '^server/' }, to: { path: '^(ui|test|bench)/' } },
    {
      name: 'ui-only-registry',
      severity: 'error',
      comment: 'the console may use the registry (itemtypes, values, rights as data) and nothing else of the server: it talks to the rest through the API',
      from: { path: '^ui/src/' },
      to: { path: '^(@server/|server/)', pathNot: '^(@server/|server/)registry(/|\\.ts$|$)' },
    },
    uiDownward('ui-lib-alone', 'lib', '^ui/src/', '^ui/src/lib/'),
    uiDownward('ui-data-below', 'data', '^ui/src/', '^ui/src/(lib|data)/'),
    uiDownward('ui-components-below', 'components', '^ui/src/', '^ui/src/(lib|data|components)/'),
    uiDownward('ui-views-below', 'views', '^ui/src/(App|main)\\.tsx$'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // tsc reads the console's .tsx too.
    parser: 'tsc',
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: 'node_modules' },
  },
};
