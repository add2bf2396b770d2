/** The part of a HAR 1.2 request that @readme/httpsnippet reads. Values are already URL-encoded. */

export interface HarNameValue {
  readonly name: string;
  readonly value: string;
}

/** A form or multipart field: a value, or a file (`fileName`). */
export interface HarParam {
  readonly name: string;
  readonly value?: string;
  readonly fileName?: string;
  readonly contentType?: string;
}

export interface HarPostData {
  readonly mimeType: string;
  readonly text?: string;
  readonly params?: readonly HarParam[];
}

export interface HarRequest {
  readonly method: string;
  readonly url: string;
  readonly httpVersion: 'HTTP/1.1';
  readonly headers: readonly HarNameValue[];
  readonly queryString: readonly HarNameValue[];
  readonly cookies: readonly HarNameValue[];
  /** Always present: httpsnippet reads `postData.mimeType` even without a body. */
  readonly postData: HarPostData;
  readonly headersSize: -1;
  readonly bodySize: -1;
}
