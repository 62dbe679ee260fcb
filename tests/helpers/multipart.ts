/** A multipart/form-data body with one file part, for `app.inject` (what a browser's FormData sends). */
export function multipartFile(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----clinicshare${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
