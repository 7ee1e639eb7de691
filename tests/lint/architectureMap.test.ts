/**
 * The map of docs/architecture.md §2 "Map" stays true: every folder it lists exists in the tree (`git ls-files`), and
 * every top-level folder of the repository, and every folder directly inside src/, server/ and common/, is listed.
 * The map is the fenced block under "### Map": a line starting at column 0 names a root (`server/`), an indented line
 * starts with the root's folders it describes (`  db/ db/fast/ …`), a line indented further only continues a text.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
/** The roots whose every folder the map lists, not only the root itself. */
const MAPPED_IN_FULL = ['src/', 'server/', 'common/'];

/** The folders the map lists (`server/db/fast/`), roots included (`server/`), in the order it lists them. */
function mapFolders(markdown: string): string[] {
  const section = markdown.slice(markdown.indexOf('## 2. Folders'), markdown.indexOf('## 3. '));
  const block = /### Map\n+```\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/architecture.md §2 has no "### Map" block');
  const folders: string[] = [];
  let current = '';
  for (const line of block.split('\n')) {
    const tokens = line.trim().split(/\s+/);
    if (!/^\S/.test(line)) {
      for (const token of tokens) {
        if (!token.endsWith('/')) break;
        folders.push(current + token);
      }
    } else if (tokens[0].endsWith('/')) {
      current = tokens[0];
      folders.push(current);
    }
  }
  return folders;
}

/** Every folder of the tree (`a/`, `a/b/`…), from the tracked files. */
function treeFolders(): Set<string> {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  }
  return folders;
}

describe('docs/architecture.md §2 Map', () => {
  const listed = mapFolders(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
  const tree = treeFolders();

  it('lists only folders that exist', () => {
    expect(listed.length).toBeGreaterThan(60);
    expect(listed.filter((folder) => !tree.has(folder))).toEqual([]);
  });

  it('lists every top-level folder, and every folder directly inside src/, server/ and common/', () => {
    const depth = (folder: string) => folder.split('/').length - 1;
    const required = [...tree].filter(
      (folder) => depth(folder) === 1 || (depth(folder) === 2 && MAPPED_IN_FULL.some((r) => folder.startsWith(r))),
    );
    expect(required.filter((folder) => !listed.includes(folder)).sort()).toEqual([]);
  });
});
