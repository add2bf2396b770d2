import type { PlaygroundBody } from '../../model/playground.js';

/** The bytes to send and the Content-Type they need (`undefined`: keep the page's own). */
export interface EncodedBody {
  readonly bytes: Buffer | undefined;
  /** Set for form, multipart (its boundary) and binary; text keeps the page's Content-Type. */
  readonly contentType: string | undefined;
}

/**
 * Turns a `PlaygroundBody` into bytes. Multipart is serialised by the platform's FormData
 * encoder (fields, then files, each file with its filename and type); a random boundary.
 */
export async function encodeBody(body: PlaygroundBody): Promise<EncodedBody> {
  switch (body.type) {
    case 'none':
      return { bytes: undefined, contentType: undefined };
    case 'text':
      return { bytes: Buffer.from(body.text, 'utf8'), contentType: undefined };
    case 'form':
      return { bytes: Buffer.from(new URLSearchParams(body.fields).toString(), 'utf8'), contentType: 'application/x-www-form-urlencoded' };
    case 'binary':
      return { bytes: Buffer.from(body.base64, 'base64'), contentType: body.contentType || 'application/octet-stream' };
    case 'multipart': {
      const data = new FormData();
      for (const [name, value] of Object.entries(body.fields)) data.append(name, value);
      for (const file of body.files) {
        data.append(file.field, new Blob([Buffer.from(file.base64, 'base64')], { type: file.contentType || 'application/octet-stream' }), file.filename);
      }
      const encoded = new Response(data);
      return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? undefined };
    }
  }
}
