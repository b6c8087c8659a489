/**
 * Import boundaries of src/ (docs: CONTRIBUTING.md "Boundaries"), checked by `npm run lint`.
 * A violation names the rule and both files. Feature folders of the server are every folder of
 * src/server/ except the shared layers db/, platform/ and http/.
 */
const SHARED = '(db|platform|http)';
const UI = '^src/(pages|layouts|components|islands|stores)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'No module reaches itself again through imports that exist at run time. Type-only imports are erased by the compiler; the API context type (src/server/context.ts) names the features it is built from, and every route names the context.',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'src/contract is the shared language of client and server: zod and nothing else of the project.',
      from: { path: '^src/contract/' },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },
    {
      name: 'lib-never-imports-server',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'lib-api-is-contract-and-fetch',
      severity: 'error',
      comment: 'The typed client: contract schemas and ofetch only.',
      from: { path: '^src/lib/api/' },
      to: { path: '^src/', pathNot: '^src/(contract|lib/api)/' },
    },
    {
      name: 'ui-never-imports-server',
      severity: 'error',
      comment: 'Pages, layouts, components, islands and stores reach the platform through lib/api, never by import.',
      from: { path: UI },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-never-imports-ui',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: UI },
    },
    {
      name: 'components-never-import-layouts',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/layouts/' },
    },
    {
      name: 'islands-and-stores-never-import-pages',
      severity: 'error',
      from: { path: '^src/(islands|stores)/' },
      to: { path: '^src/(pages|layouts|components)/' },
    },
    {
      name: 'stores-use-lib-and-contract',
      severity: 'error',
      comment: 'Stores hold logic: other stores, lib and contract; no React components.',
      from: { path: '^src/stores/' },
      to: { path: '^src/', pathNot: '^src/(stores|lib|contract)/' },
    },
    {
      name: 'feature-reached-through-its-index',
      severity: 'error',
      comment:
        "One server feature reaches another only through that feature's index.ts. Tables may name other features' tables (schema.ts to schema.ts).",
      from: { path: '^src/server/([^/]+)/', pathNot: ['/schema\\.ts$', '^src/server/db/columns\\.ts$'] },
      to: {
        path: `^src/server/(?!${SHARED}/)[^/]+/`,
        pathNot: ['^src/server/$1/', '^src/server/[^/]+/index\\.ts$', '/schema\\.ts$'],
      },
    },
    {
      name: 'composition-reaches-features-through-index',
      severity: 'error',
      comment: 'The composition (main, bootstrap, app, dev plugin, build entry) uses a feature through its index.ts.',
      from: { path: '^src/server/[^/]+\\.ts$' },
      to: { path: `^src/server/(?!${SHARED}/)[^/]+/`, pathNot: '^src/server/[^/]+/index\\.ts$' },
    },
    {
      name: 'shared-layers-never-import-features',
      severity: 'error',
      comment:
        'db/, platform/ and http/ sit under every feature: they may not import one at run time (the schema barrel and the tenant column excepted).',
      from: { path: `^src/server/${SHARED}/`, pathNot: ['^src/server/db/schema\\.ts$', '^src/server/db/columns\\.ts$'] },
      to: {
        path: `^src/server/(?!${SHARED}/)[^/]+/`,
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
