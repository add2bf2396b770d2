import type { OperationModel } from '../openapi/operation-model/model.js';
import { codeSamplesFor, renderSamplesPanel, responseExamples, type CodeSampleSettings } from './operation/code-samples/index.js';
import { withExampleIds } from './operation/example-ids.js';
import { playgroundSettings, renderTryIt } from './operation/playground/index.js';
import type { ApiConfig } from '../config/loaded-config.js';
import type { SamplePalette } from './operation/code-samples/highlight/palette.js';

/** docs.json `api.examples` as code-sample settings, with Mintlify's defaults. */
export function sampleSettings(configApi: ApiConfig | undefined): CodeSampleSettings {
  const examples = configApi?.examples ?? {};
  const languages = examples.languages;
  return {
    ...(languages && languages.length ? { languages } : {}),
    defaults: examples.defaults === 'required' ? 'required' : 'all',
    autogenerate: examples.autogenerate !== false,
    prefill: examples.prefill === true,
  };
}

/**
 * The right-hand panel of an API page, as on Mintlify: the request example (code samples) and the
 * response example first, with ids `request-example` and `response-example`, then the playground
 * (`renderTryIt`: the Try-it dialog, opened from the header's button, or the `simple` summary). An
 * MDX page's own `RequestExample`/`ResponseExample` (its `mdxAside`) take the place of the
 * generated samples.
 */
export function apiAside(input: {
  readonly model: OperationModel;
  readonly document: unknown;
  /** docs.json `api`. */
  readonly configApi: ApiConfig | undefined;
  readonly frontmatter?: unknown;
  readonly mdxAside?: string;
  /** Token colours of the generated samples (docs.json `styling.codeblocks`); GitHub's themes when absent. */
  readonly palette?: SamplePalette;
}): string {
  const settings = playgroundSettings(input.configApi, input.frontmatter ?? {});
  const panel = renderTryIt({ model: input.model, document: input.document, ...settings });
  const playground = panel ? `<div class="sheaf-aside" data-aside="playground">${panel}</div>` : '';
  const samples =
    input.mdxAside ??
    renderSamplesPanel(codeSamplesFor(input.model, input.document, sampleSettings(input.configApi)), responseExamples(input.model, input.document), input.palette);
  return withExampleIds(samples) + playground;
}
