/** One file part of a multipart/form-data body: its field name and content. */
export interface FormPart {
  name: string;
  content: Buffer;
}

/** Splits a multipart/form-data body (RFC 7578) into its parts. */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      // The content ends before the CRLF that precedes the next delimiter.
      const content = part.subarray(headerEnd + 4, part.length - 2);
      if (name) parts.push({ name, content });
    }
    start = next;
  }
  return parts;
}
