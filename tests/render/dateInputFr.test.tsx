/**
 * The shared French date input (src/kit/DateInputFr.tsx; spec 000 §9 "Dates dd/MM/yyyy",
 * docs/decisions/date-input-fr.md): a form value 'yyyy-MM-dd' shows as dd/MM/yyyy, a day picked in the calendar is
 * written back as 'yyyy-MM-dd', the day typed key by key too, an incomplete day is refused by the form's schema with
 * its French message, and the form's validation error shows under the field.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Form, SaveButton } from 'react-admin';
import { DateInputFr } from '../../src/kit/DateInputFr';
import { renderAdmin, setupUser } from './renderAdmin';

/** Renders a form holding one DateInputFr (source 'jour') and a save button; `onSubmit` receives the values. */
function renderForm(record: Record<string, unknown>, props: Partial<Parameters<typeof DateInputFr>[0]> = {}) {
  const onSubmit = vi.fn();
  const view = renderAdmin(
    <Form record={record} onSubmit={onSubmit}>
      <DateInputFr source="jour" label="Jour" {...props} />
      <SaveButton alwaysEnable />
    </Form>,
  );
  return { ...view, onSubmit, user: setupUser() };
}

/** The text the field shows (the picker keeps it in its hidden input named like the source). */
const shown = () => (document.querySelector('input[name="jour"]') as HTMLInputElement).value;

describe('DateInputFr (spec 000 §9 dates dd/MM/yyyy)', () => {
  it("shows '26/11/2026' for the value '2026-11-26'", async () => {
    renderForm({ jour: '2026-11-26' });
    await waitFor(() => expect(shown()).toBe('26/11/2026'));
  });

  it('shows a longer ISO text by its day', async () => {
    renderForm({ jour: '2026-01-05T00:00:00.000Z' });
    await waitFor(() => expect(shown()).toBe('05/01/2026'));
  });

  // The calendar opens with its transitions: slower than the other cases on the two-core machine.
  it("a day picked in the calendar is written as 'yyyy-MM-dd' and shown dd/MM/yyyy", { timeout: 40000 }, async () => {
    const { user, onSubmit } = renderForm({ jour: '2026-11-26' });
    await user.click(await screen.findByRole('button', { name: /Choisir la date/ }));
    const calendar = await screen.findByRole('grid');
    await user.click(within(calendar).getByRole('gridcell', { name: '28' }));
    await waitFor(() => expect(shown()).toBe('28/11/2026'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ jour: '2026-11-28' });
  });

  it('a day typed day, month, year is written as yyyy-MM-dd', async () => {
    const { user, onSubmit } = renderForm({ jour: '' });
    await user.click(screen.getAllByRole('spinbutton')[0]);
    await user.keyboard('03122026');
    await waitFor(() => expect(shown()).toBe('03/12/2026'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ jour: '2026-12-03' });
  });

  it("the form's validation message shows under the field", async () => {
    const required = (value: unknown) => (value ? undefined : 'La date est obligatoire');
    const { user, onSubmit } = renderForm({ jour: '' }, { validate: required });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La date est obligatoire')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
