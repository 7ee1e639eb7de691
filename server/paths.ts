/**
 * Where the project lives on disk: the folder holding package.json, found by walking up from this module. The same
 * answer whether the server runs from its sources (tsx) or from the single-file bundle `npm start` builds
 * (dist-server/main.mjs, scripts/serverBundle.mjs), where every module shares the bundle's own address.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `from` holding a package.json. @throws when there is none */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json introuvable au-dessus de ${from}`);
  }
}

/** Absolute path of the project's root folder. */
export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
