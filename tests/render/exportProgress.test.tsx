/**
 * The list export's progress and cancel (src/kit/ExportListButton.tsx, docs/decisions/list-exports.md): while the file
 * arrives the button is disabled and the bytes received are shown; 'Annuler' aborts the request (its signal) and
 * nothing is saved; a finished download is saved once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { ExportListButton } from '../../src/kit/ExportListButton';
import { renderAdmin, setupUser } from './renderAdmin';

/** A fetch stand-in answering a CSV whose body the test pushes chunk by chunk; it errors when the request's signal aborts. */
function streamedFetch() {
  let push: (bytes: number) => void = () => undefined;
  let end: () => void = () => undefined;
  let signal: AbortSignal | undefined;
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    signal = init?.signal ?? undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (bytes) => controller.enqueue(new Uint8Array(bytes).fill(65));
        end = () => controller.close();
        signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="colis-2026-12-02.csv"' },
    });
  });
  return { fetch, push: (bytes: number) => push(bytes), end: () => end(), aborted: () => signal?.aborted === true };
}

const list = {
  resource: 'colis',
  filterValues: {},
  sort: { field: 'createdAt', order: 'DESC' },
  total: 5,
} as unknown as ListControllerResult;

/** Renders the button, opens its menu and picks CSV; returns the 'Exporter' button. */
async function startCsv() {
  renderAdmin(
    <ListContextProvider value={list}>
      <ExportListButton />
    </ListContextProvider>,
  );
  const user = setupUser();
  const button = await screen.findByRole('button', { name: 'Exporter' });
  await user.click(button);
  await user.click(await screen.findByRole('menuitem', { name: 'CSV (Excel)' }));
  return { button, user };
}

afterEach(() => vi.unstubAllGlobals());

describe("the list export's progress", () => {
  it('shows the bytes received, then Annuler aborts the request and saves nothing', async () => {
    const server = streamedFetch();
    vi.stubGlobal('fetch', server.fetch);
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { button, user } = await startCsv();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    act(() => server.push(3 * 1024 * 1024));
    expect(await screen.findByText('Export en cours : 3 Mo reçus')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(server.aborted()).toBe(true);
    expect(await screen.findByText('Export annulé')).toBeTruthy();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('saves the whole file once it has arrived', async () => {
    const server = streamedFetch();
    vi.stubGlobal('fetch', server.fetch);
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((b: Blob) => {
          blobs.push(b);
          return 'blob:x';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const { button } = await startCsv();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    act(() => {
      server.push(1000);
      server.push(500);
      server.end();
    });
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(blobs[0].size).toBe(1500);
    expect(server.aborted()).toBe(false);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });
});
