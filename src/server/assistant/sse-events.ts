/**
 * The `data` of each server-sent event of `body`, in order (the WHATWG event-stream format: events
 * end at a blank line, several `data:` lines of one event are joined with `\n`, lines starting with
 * `:` are comments, other fields are ignored). Lines end with LF or CRLF. An event not ended by a
 * blank line before the stream ends is still delivered.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const line = function* (text: string): Generator<string> {
    if (text === '') {
      if (data.length > 0) yield data.join('\n');
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    if (field !== 'data') return;
    const value = colon === -1 ? '' : text.slice(colon + 1);
    data.push(value.startsWith(' ') ? value.slice(1) : value);
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n')) !== -1) {
      const text = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      yield* line(text);
    }
  }
  buffer += decoder.decode();
  if (buffer !== '') yield* line(buffer.replace(/\r$/, ''));
  yield* line('');
}
