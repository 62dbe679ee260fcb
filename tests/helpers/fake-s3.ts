/**
 * A local stand-in for an S3-compatible bucket (path-style `PUT`/`GET`/`DELETE
 * /<bucket>/<key>`), enough for the storage adapter; signatures are not
 * checked. Tests never reach the network.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string | undefined }>;
  close(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'PUT') {
        objects.set(path, {
          body: Buffer.concat(chunks),
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
          cacheControl: request.headers['cache-control'],
        });
        response.writeHead(200, { etag: '"fake"' }).end();
        return;
      }
      if (request.method === 'DELETE') {
        // S3 answers 204 whether or not the key was there.
        objects.delete(path);
        response.writeHead(204).end();
        return;
      }
      const object = objects.get(path);
      if (request.method === 'GET' && object) {
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length }).end(object.body);
        return;
      }
      response
        .writeHead(404, { 'content-type': 'application/xml' })
        .end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
