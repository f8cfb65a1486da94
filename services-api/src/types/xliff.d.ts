// The `xliff` package ships no types; these cover the two calls the translations use.
declare module 'xliff' {
  export interface XliffJs {
    sourceLanguage?: string;
    targetLanguage?: string;
    /** <file id> → <unit id> → the unit (a group's units under `groupUnits`). */
    resources: Record<string, Record<string, unknown>>;
  }
  export function js2xliff(document: XliffJs, options?: { indent?: string }): Promise<string>;
  export function xliff2js(xml: string): Promise<XliffJs>;
}
