import type { MultipartRequest } from './multipart-request.js';
import { singleQuotedLiteral as q } from './quote.js';

/**
 * PHP (ext-curl): `CURLOPT_POSTFIELDS` as an array, with a `CURLFile` per file, which curl sends
 * as multipart/form-data. An array cannot repeat a key, so a repeated field is indexed
 * (`tags[0]`, `tags[1]`), as PHP itself names such fields.
 */
export function phpMultipart(req: MultipartRequest): string {
  const counts = new Map<string, number>();
  for (const part of req.parts) counts.set(part.name, (counts.get(part.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  const fields = req.parts.map((part) => {
    const n = seen.get(part.name) ?? 0;
    seen.set(part.name, n + 1);
    const key = (counts.get(part.name) ?? 0) > 1 ? `${part.name}[${n}]` : part.name;
    const value =
      part.kind === 'file'
        ? `new CURLFile(${[q(part.fileName), ...(part.contentType ? [q(part.contentType), q(part.fileName)] : [])].join(', ')})`
        : q(part.value);
    return `    ${q(key)} => ${value}`;
  });
  const options = [
    `  CURLOPT_URL => ${q(req.url)},`,
    '  CURLOPT_RETURNTRANSFER => true,',
    '  CURLOPT_ENCODING => "",',
    '  CURLOPT_MAXREDIRS => 10,',
    '  CURLOPT_TIMEOUT => 30,',
    '  CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_1_1,',
    `  CURLOPT_CUSTOMREQUEST => ${q(req.method)},`,
    '  CURLOPT_POSTFIELDS => [',
    fields.join(',\n'),
    '  ],',
    ...(req.cookie !== undefined ? [`  CURLOPT_COOKIE => ${q(req.cookie)},`] : []),
    ...(req.headers.length > 0 ? ['  CURLOPT_HTTPHEADER => [', req.headers.map((h) => `    ${q(`${h.name}: ${h.value}`)}`).join(',\n'), '  ],'] : []),
  ];
  return [
    '<?php',
    '',
    '$curl = curl_init();',
    '',
    'curl_setopt_array($curl, [',
    ...options,
    ']);',
    '',
    '$response = curl_exec($curl);',
    '$err = curl_error($curl);',
    '',
    'curl_close($curl);',
    '',
    'if ($err) {',
    '  echo "cURL Error #:" . $err;',
    '} else {',
    '  echo $response;',
    '}',
  ].join('\n');
}
