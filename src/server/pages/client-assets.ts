/**
 * What a page's first load needs from the client build, for `<link>` tags in
 * the HTML the server sends (docs/decisions/007-a-light-first-page.md): the JavaScript
 * chunks of the page's route, which the browser would otherwise discover only
 * after the app's entry has run, and the image that will be the page's
 * largest paint.
 *
 * Chunks come from Vite's build manifest (`build.manifest` in vite.config.ts:
 * dist/client/.vite/manifest.json, which the static files plugin does not
 * serve, being a dot folder).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** One chunk of Vite's manifest (only the fields used here). */
const manifestChunkSchema = z.object({
  file: z.string(),
  isEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), manifestChunkSchema);
export type ClientManifest = z.infer<typeof manifestSchema>;

/** Where `vite build` writes the manifest, inside the client's output folder. */
export const MANIFEST_PATH = path.join('.vite', 'manifest.json');

/**
 * The client build's manifest, or null when there is none (a build without
 * `build.manifest`, or the tests' stand-in client): pages then go without
 * route preloads.
 * @throws Error when the file exists but is not a Vite manifest.
 */
export function readClientManifest(clientDir: string): ClientManifest | null {
  const file = path.join(clientDir, MANIFEST_PATH);
  if (!existsSync(file)) return null;
  return manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The manifest keys of `key` and every chunk it imports statically, directly or not. */
function staticClosure(manifest: ClientManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export interface RouteAssets {
  /** URLs of the JavaScript chunks (for `<link rel="modulepreload">`). */
  modules: string[];
  /** URLs of their stylesheets (for `<link rel="preload" as="style">`). */
  styles: string[];
}

/**
 * The chunks and stylesheets that the module `source` (a manifest key, such as
 * `src/client/pages/space-detail.tsx`) loads when it is imported, less those
 * of the app's entry, which index.html already loads. Empty for a module the
 * build does not know.
 */
export function routeAssets(manifest: ClientManifest, source: string): RouteAssets {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loaded = new Set<string>();
  for (const entry of entries) staticClosure(manifest, entry, loaded);
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key]!.css ?? []));
  const needed = [...staticClosure(manifest, source)].filter((key) => !loaded.has(key));
  const url = (file: string) => `/${file}`;
  return {
    modules: needed.map((key) => url(manifest[key]!.file)),
    styles: [...new Set(needed.flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !loadedCss.has(file)).map(url),
  };
}
