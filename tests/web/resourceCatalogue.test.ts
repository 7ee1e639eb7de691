/**
 * The resource catalogue (common/resources.ts, docs/decisions/resource-catalogue.md) against the places it does not
 * derive: each catalogued resource has its <Resource> in src/App.tsx with a list screen whose files exist, its French
 * texts (`resources.<name>.name`, its menu label), and its route access (the list call, and the five calls of a `crud`
 * row, in server/access/routeAccess.ts; tests/server/access.test.ts holds that table to the routes the server serves).
 * A row added without one of them fails here, naming the resource.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResourceProps } from 'react-admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ROWS } from '../../common/resources';
import { ROUTE_ACCESS } from '../../server/access/routeAccess';
import { frenchAppMessages } from '../../src/i18n/fr';
import { MENU_GROUPS } from '../../src/layout/menuGroups';

const SRC = path.resolve(import.meta.dirname, '../../src');
const APP = readFileSync(path.join(SRC, 'App.tsx'), 'utf8');

/** The folder of each `xResource` App.tsx imports (`import { xResource } from './x'`). */
function resourceImports(): Map<string, string> {
  const folders = new Map<string, string>();
  for (const [, names, from] of APP.matchAll(/import \{([^}]+)\} from '\.\/([^']+)';/g)) {
    for (const name of names.split(',').map((n) => n.trim())) if (name.endsWith('Resource')) folders.set(name, from);
  }
  return folders;
}

/** The index file of a folder of src/. */
const indexOf = (folder: string) => ['index.ts', 'index.tsx'].map((f) => path.join(SRC, folder, f)).find((f) => existsSync(f));

/** Each <Resource {...xResource} /> of App.tsx: its props and the index file it comes from. */
async function appResources(): Promise<Map<string, { props: ResourceProps; index: string }>> {
  const folders = resourceImports();
  const found = new Map<string, { props: ResourceProps; index: string }>();
  for (const [, variable] of APP.matchAll(/<Resource \{\.\.\.(\w+)\} \/>/g)) {
    const folder = folders.get(variable);
    const index = folder && indexOf(folder);
    if (!index) throw new Error(`App.tsx : ${variable} sans import d'un dossier de src/`);
    const props = ((await import(index)) as Record<string, ResourceProps>)[variable];
    found.set(props.name, { props, index });
  }
  return found;
}

/** A translation key's text in the signed-in app's French messages, or undefined. */
function text(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], frenchAppMessages);
}

/** The API route key of a list path: '{userId}' is the ':userId' parameter. */
const listRoute = (listPath: string) => `GET /api/${listPath.replace('{userId}', ':userId')}`;

describe('the resource catalogue', () => {
  let resources: Map<string, { props: ResourceProps; index: string }>;
  // Imports every area's index (icons, react-admin): seconds on a loaded machine.
  beforeAll(async () => {
    resources = await appResources();
  }, 60_000);

  it('every catalogued resource has its <Resource> in App.tsx, and every <Resource> is catalogued', () => {
    const names = [...resources.keys()].sort();
    expect(names).toEqual(RESOURCE_ROWS.map((row) => row.name).sort());
  });

  it('every catalogued resource has a list screen, and each screen its index imports exists', () => {
    for (const row of RESOURCE_ROWS) {
      const found = resources.get(row.name);
      expect(found?.props.list, `${row.name} : pas d'écran de liste`).toBeDefined();
      const source = readFileSync(found!.index, 'utf8');
      for (const [, screen] of source.matchAll(/import\('(\.[^']+)'\)/g)) {
        const file = path.resolve(path.dirname(found!.index), screen);
        expect(
          ['.tsx', '.ts'].some((ext) => existsSync(file + ext)),
          `${row.name} : écran ${screen} introuvable`,
        ).toBe(true);
      }
    }
  });

  it('every catalogued resource has its French name, and every menu entry its French label', () => {
    for (const row of RESOURCE_ROWS) {
      expect(typeof text(`resources.${row.name}.name`), `resources.${row.name}.name manque (src/i18n/fr/<x>.ts, frResources.ts)`).toBe(
        'string',
      );
    }
    const labels = MENU_GROUPS.flatMap((group) => [group.label, ...group.entries.map((entry) => entry.label)]);
    for (const label of labels) expect(typeof text(label), `libellé de menu ${label} manquant (frBase.ts)`).toBe('string');
    // each row with `menu` is one entry, at its own path
    const paths = MENU_GROUPS.flatMap((group) => group.entries.map((entry) => entry.to));
    for (const row of RESOURCE_ROWS.filter((r) => r.menu)) expect(paths, `${row.name} absent du menu`).toContain(`/${row.name}`);
  });

  it('every catalogued call has its route access: the list call, and the five reference calls of a crud row', () => {
    for (const row of RESOURCE_ROWS) {
      if (!row.api) continue;
      const list = listRoute(row.api.listPath ?? `${row.api.path}/liste`);
      expect(ROUTE_ACCESS[list], `${row.name} : ${list} absent de routeAccess.ts`).toBeDefined();
      if (!row.crud) continue;
      for (const call of ['GET {p}/getBy/:id', 'POST {p}/create', 'PUT {p}/update/:id', 'DELETE {p}/delete/:id']) {
        const route = call.replace('{p}', `/api/${row.api.path}`);
        expect(ROUTE_ACCESS[route], `${row.name} : ${route} absent de routeAccess.ts`).toBeDefined();
      }
    }
  });
});
