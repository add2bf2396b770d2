/** The part of swagger2openapi (7.x, CommonJS, untyped) that Sheaf uses. */
declare module 'swagger2openapi' {
  export interface ConvertOptions {
    /** Fix small, common errors instead of failing. */
    patch?: boolean;
    /** Turn unfixable errors into `x-s2o-warning` properties instead of failing. */
    warnOnly?: boolean;
    /** Copy objects shared by YAML anchors instead of failing. */
    anchors?: boolean;
    /** Source text; when absent the converter serialises the input to YAML just to keep it. */
    text?: string;
    /** Resolve external references (Sheaf bundles them itself beforehand). */
    resolve?: boolean;
  }
  export interface ConvertResult {
    readonly openapi: Record<string, unknown>;
    readonly patches: number;
  }
  export function convertObj(swagger: object, options: ConvertOptions): Promise<ConvertResult>;
  const swagger2openapi: { convertObj: typeof convertObj };
  export default swagger2openapi;
}
