// @hapi/crumb ships no types and the published ones describe an older major; this is what we use.
declare module '@hapi/crumb' {
  import type { Plugin, Request, ResponseToolkit, ServerStateCookieOptions } from '@hapi/hapi';

  export interface CrumbOptions {
    key?: string;
    size?: number;
    autoGenerate?: boolean;
    addToViewContext?: boolean;
    cookieOptions?: ServerStateCookieOptions;
    headerName?: string;
    restful?: boolean;
    skip?: (request: Request, h: ResponseToolkit) => boolean;
    enforce?: boolean;
    logUnauthorized?: boolean;
  }

  const Crumb: { plugin: Plugin<CrumbOptions> };
  export default Crumb;
}
