/**
 * The import direction of the code, checked in the lint step (`npm run lint`). A module imports
 * from its own layer or below; no circles. docs/architecture.md explains the layers.
 */
const api = (folders) => `^services-api/src/(${folders})`;
const web = (folders) => `^apps-web/src/(${folders})`;

/** services-api, from the floor up: each layer may import only the ones listed before it. */
const API_LAYERS = [
  ['domain', 'domain/|logger\\.ts|config\\.ts|env-schema\\.ts|types/'],
  ['db', 'db/'],
  ['infrastructure', 'jobs/|mail/|analysis/|http/'],
  ['context', 'app-context\\.ts'],
  ['resources', 'plugins/'],
];
const ABOVE_ALL = 'server\\.ts|main\\.ts|cli\\.ts';

/**
 * The entity files of the contract that other areas' answers embed: a signed-in person is a
 * `User`, a person's data export holds their submissions, and the content export and the analytics
 * breakdowns carry demographic field types. Everything else one area shares with another lives in
 * contract/common.ts.
 */
const CONTRACT_SHARED_ENTITIES = '^shared/src/contract/(users|submissions|demographic-fields)/schemas\\.ts$';

const layerRules = API_LAYERS.map(([name, folders], index) => ({
  name: `api-${name}-imports-down`,
  comment: `services-api/src ${name} (${folders}) imports only the layers below it`,
  severity: 'error',
  from: { path: api(folders), pathNot: '\\.test\\.ts$' },
  to: {
    path: api([...API_LAYERS.slice(index + 1).map(([, f]) => f), ABOVE_ALL].join('|').replace(/\|$/, '')),
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle of imports: something lives in the wrong room.',
      severity: 'error',
      from: { pathNot: '\\.test\\.tsx?$' },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'api-resources-meet-at-services',
      comment:
        "A resource uses another resource's service or reader, never its plugin (index.ts): plugins are wired only by server.ts",
      severity: 'error',
      from: { path: api('plugins/([^/]+)/'), pathNot: '\\.test\\.ts$' },
      to: { path: api('plugins/[^/]+/index\\.ts$'), pathNot: api('plugins/$1/') },
    },
    {
      name: 'shared-stands-alone',
      comment: 'shared is used by the apps and the server; it imports none of them',
      severity: 'error',
      from: { path: '^shared/src/' },
      to: { path: '^(apps-web|apps-desktop-admin|services-api)/' },
    },
    {
      name: 'contract-areas-meet-at-common',
      comment:
        'A contract area (contract/<area>/) imports another area only through contract/common.ts or one of the entity files other answers embed (CONTRACT_SHARED_ENTITIES)',
      severity: 'error',
      from: { path: '^shared/src/contract/([^/]+)/' },
      to: {
        path: '^shared/src/contract/[^/]+/',
        pathNot: ['^shared/src/contract/$1/', CONTRACT_SHARED_ENTITIES],
      },
    },
    {
      name: 'contract-entities-stand-alone',
      comment: 'The shared entity files import no other area, so no two areas can lean on each other',
      severity: 'error',
      from: { path: CONTRACT_SHARED_ENTITIES },
      to: { path: '^shared/src/contract/([^/]+)/', pathNot: '^shared/src/contract/$1/' },
    },
    {
      name: 'contract-areas-below-the-tables',
      comment:
        "A contract area imports from the contract's root only the floor every area stands on (common, access, route, limits), never the tables that gather the areas",
      severity: 'error',
      from: { path: '^shared/src/contract/[^/]+/' },
      to: {
        path: '^shared/src/contract/[^/]+\\.ts$',
        pathNot: '^shared/src/contract/(common|access|route|limits)\\.ts$',
      },
    },
    {
      name: 'route-heads-without-schemas',
      comment: 'Route heads and the typed client are what browsers load before first paint: no zod',
      severity: 'error',
      from: {
        path: '^shared/src/(client/|browser\\.ts|contract/(access|endpoints)\\.ts|contract/[^/]+/endpoints\\.ts)',
      },
      to: {
        path: [
          '^shared/src/contract/[a-z-]+/(schemas|routes)\\.ts$',
          '^shared/src/contract/(common|routes)\\.ts$',
          'node_modules/zod/',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'web-public-and-admin-apart',
      comment: 'The public site and the admin portal share code through lib/, components/ and platform/ only',
      severity: 'error',
      from: { path: web('(public|admin)/') },
      to: { path: web('(public|admin)/'), pathNot: '^apps-web/src/$1' },
    },
    {
      name: 'admin-features-meet-at-public',
      comment:
        "An admin feature uses another only through that feature's public.ts, or through admin/api and admin/components which serve them all",
      severity: 'error',
      from: { path: '^apps-web/src/admin/features/([^/]+)/' },
      to: {
        path: web('admin/features/[^/]+/'),
        pathNot: ['^apps-web/src/admin/features/$1/', web('admin/features/[^/]+/public\\.ts$')],
      },
    },
    {
      name: 'web-shared-code-imports-down',
      comment: 'lib/, components/ and platform/ serve both sites and the hosts; they import neither',
      severity: 'error',
      from: { path: web('lib/|components/|platform/|styles/') },
      to: { path: web('admin/|public/|app/|main\\.tsx|prerender\\.tsx') },
    },
    {
      name: 'web-host-on-top',
      comment: 'app/ is the browser host: nothing below imports it',
      severity: 'error',
      from: { path: web('admin/|public/|lib/|components/|platform/') },
      to: { path: web('app/|main\\.tsx|prerender\\.tsx') },
    },
    {
      name: 'desktop-through-the-admin-entry',
      comment:
        'The desktop client mounts the admin through its one entry point (apps-web/src/admin/index.ts)',
      severity: 'error',
      from: { path: '^apps-desktop-admin/src/' },
      to: { path: '^apps-web/src/', pathNot: '^apps-web/src/(admin/index\\.ts|styles/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|out|release|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
