/**
 * Renders a screen or a piece of a form the way the app does (src/App.tsx): inside react-admin's AdminContext with the
 * app's French i18nProvider and its authProvider, a testDataProvider whose methods the test gives (the calls it expects
 * and spies on), a memory store and router, a fresh react-query client (no retry) and the app's <AppNotification>,
 * so that what notify() says is on screen, and a marker telling when the permissions are loaded (waitForAuth).
 *
 * The authProvider is the real one (src/providers/authProvider.ts): it reads the session of localStorage, as
 * src/providers/ and src/kit/useAppIdentity.ts do for the screens (useSessionActor: the access rules). renderAdmin writes
 * the session it is given there first: its privileges are what usePermissions / useHasPermission / canAccess see, its user
 * is what useGetIdentity answers. tests/render/setup.ts clears it after each test.
 */
import type { ReactNode } from 'react';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import {
  AdminContext,
  memoryStore,
  RecordContextProvider,
  ResourceContextProvider,
  TestMemoryRouter,
  testDataProvider,
  useGetIdentity,
  usePermissions,
  type DataProvider,
  type RaRecord,
} from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { authProvider } from '../../src/providers/authProvider';
import { AppNotification } from '../../src/layout/AppNotification';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { writeSession, type Session, type SessionUser } from '../../src/providers/session';
import type { PermissionKey, SystemRole } from '../../common/permissions';

/** A role as the session keeps it (roleID of the signed-in user). */
export interface SessionRole {
  id: string;
  code: string;
  libelle?: string;
  systeme?: SystemRole | null;
  toutesAgences?: boolean;
}

/** The signed-in staff user's role: ADMIN reaching every agency. */
export const ADMIN_ROLE: SessionRole = {
  id: 'role-admin',
  code: 'ADMIN',
  libelle: 'Administrateur',
  systeme: 'ADMIN',
  toutesAgences: true,
};
/** SUPERADMIN, which holds every key (src/providers/session.ts effectivePermissions). */
export const SUPERADMIN_ROLE: SessionRole = {
  id: 'role-superadmin',
  code: 'SUPERADMIN',
  libelle: 'Super administrateur',
  systeme: 'SUPERADMIN',
  toutesAgences: true,
};
/** AGENT, the agency role. */
export const AGENT_ROLE: SessionRole = { id: 'role-agent', code: 'AGENT', libelle: 'Agent', systeme: 'AGENT', toutesAgences: false };

/**
 * A stored session: a staff user of `role` (ADMIN by default) in agency `agence-1`, holding exactly `keys` (active).
 * SUPERADMIN holds every key whatever `keys` says.
 */
export function sessionWith(keys: readonly PermissionKey[], role: SessionRole = ADMIN_ROLE, user: Partial<SessionUser> = {}): Session {
  return {
    token: 'jeton-de-test',
    user: {
      id: 'user-moi',
      nom: 'Koné',
      prenoms: 'Awa',
      email: 'awa.kone@example.com',
      roleID: { ...role },
      agenceID: { id: 'agence-1', code: 'ABJ', libelle: 'Abidjan Plateau' },
      typeUserID: { id: 'type-admin', code: 'ADMIN', libelle: 'Administrateur' },
      ...user,
    },
    privileges: keys.map((libelle) => ({ libelle, isActive: true })),
  };
}

/** A hidden marker shown once the permissions and the identity are loaded (waitForAuth). */
const AuthReady = () => {
  const permissions = usePermissions();
  const identity = useGetIdentity();
  return permissions.isPending || identity.isPending ? null : <span data-testid="auth-ready" hidden />;
};

/**
 * Resolves once the session's permissions and identity are loaded: before that, a button guarded by a key is absent
 * whatever the key, so a test asserting that something is NOT shown waits for this first.
 */
export async function waitForAuth(): Promise<void> {
  await screen.findByTestId('auth-ready');
}

/**
 * Testing Library's user, set for speed in happy-dom: no pause between key strokes, and no check that a clicked
 * element accepts pointer events (each check reads the computed style of every ancestor). Type a long text with
 * `typeText` rather than key by key when a key stroke re-renders a whole form.
 */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/** The user of setupUser. */
export type User = ReturnType<typeof setupUser>;

/** Puts `text` in a text input the way a paste does: one change, so one re-render of the form. */
export async function typeText(user: User, input: HTMLElement, text: string): Promise<void> {
  await user.click(input);
  await user.paste(text);
}

/** What renderAdmin takes beside the element. */
export interface RenderAdminOptions {
  /**
   * Methods of the dataProvider, react-admin's (getList, create, …) and the app's named ones (getModesPaiement, …),
   * typically vi.fn spies; any other call throws, as in testDataProvider. Loosely typed: a spy answering plain records
   * does not fit react-admin's generic signatures.
   */
  dataProvider?: Record<string, unknown>;
  /** The stored session (sessionWith). Default: SUPERADMIN, which holds every key. */
  session?: Session;
  /** The react-admin resource in context (the screens of a resource read it: Create, Edit, useUpdate's default). */
  resource?: string;
  /** The record in context (a list row's buttons read it). */
  record?: RaRecord;
  /** The router's first location, e.g. '/user/create'. */
  path?: string;
}

/** What renderAdmin returns: Testing Library's result and the router's path. */
export interface RenderAdminResult extends RenderResult {
  /** The current path of the memory router (after redirects). */
  location: () => string;
}

/**
 * Renders `ui` inside AdminContext (see the file comment).
 * @param ui the element under test, e.g. <EnvoiStatutButtons />
 * @param options dataProvider methods, session, resource, record and path
 */
export function renderAdmin(ui: ReactNode, options: RenderAdminOptions = {}): RenderAdminResult {
  writeSession(options.session ?? sessionWith([], SUPERADMIN_ROLE));
  const dataProvider = testDataProvider(options.dataProvider as Partial<DataProvider>);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let pathname = options.path ?? '/';
  let element = ui;
  if (options.record) element = <RecordContextProvider value={options.record}>{element}</RecordContextProvider>;
  if (options.resource) element = <ResourceContextProvider value={options.resource}>{element}</ResourceContextProvider>;
  const result = render(
    <TestMemoryRouter initialEntries={[pathname]} locationCallback={(l) => (pathname = l.pathname)}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={queryClient}
      >
        {element}
        <AppNotification />
        <AuthReady />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, location: () => pathname };
}
