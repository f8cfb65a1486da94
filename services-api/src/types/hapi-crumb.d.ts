// @hapi/crumb ships no types and the published ones describe an older major; this is what we use.
declare module '@hapi/crumb' {
  import type { Plugin, ServerStateCookieOptions } from '@hapi/hapi';

  export interface CrumbOptions {
    key?: string;
    size?: number;
    autoGenerate?: boolean;
    addToViewContext?: boolean;
    cookieOptions?: ServerStateCookieOptions;
    headerName?: string;
    restful?: boolean;
    skip?: (request: import('@hapi/hapi').Request, h: import('@hapi/hapi').ResponseToolkit) => boolean;
    enforce?: boolean;
    logUnauthorized?: boolean;
  }

  const Crumb: { plugin: Plugin<CrumbOptions> };
  export default Crumb;
}
