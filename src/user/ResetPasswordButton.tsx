/**
 * 'Réinitialiser le mot de passe' on the user edit page (docs/decisions/staff-accounts.md): after an Oui/Non
 * confirmation, POST user/resetPassword/{id} — the server mails a new generated password, ends the user's sessions and
 * asks for a change at the next sign-in. Shown with the key userUpdate, never on one's own record (the profile changes
 * it).
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate, type DataProvider } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../kit/recordLabel';
import { useAppIdentity } from '../kit/useAppIdentity';
import { useHasPermission } from '../kit/useHasPermission';
import { useWrite } from '../kit/useWrite';
import type { UserMethods } from './userMethods';

/** Renders the button and its confirmation for the user in the record context (no props). */
export const ResetPasswordButton = () => {
  const record = useRecordContext();
  const identity = useAppIdentity();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<DataProvider & UserMethods>();
  const allowed = useHasPermission()('userUpdate');
  const [open, setOpen] = useState(false);
  // One reset however fast 'Oui' is clicked: a second one would mail a second password (src/kit/useWrite.ts).
  const reset = useWrite({
    mutationFn: (id: string) => dataProvider.resetUserPassword(id),
    onSuccess: async (message, id) => {
      notify(message ?? 'resources.user.reset.done', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['user', 'historique', id] });
      refresh();
    },
    onError: (error) => notify(serverMessage(error) ?? 'resources.user.reset.failure', { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  const sending = reset.pending;
  if (!record || !allowed || String(record.id) === String(identity?.id ?? '')) return null;

  return (
    <>
      <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => setOpen(true)} disabled={sending} sx={{ ml: 2 }}>
        {translate('resources.user.reset.button')}
      </Button>
      <Confirm
        isOpen={open}
        loading={sending}
        title="resources.user.reset.title"
        content={translate('resources.user.reset.confirm', { name: [record.nom, record.prenoms].filter(Boolean).join(' ') })}
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={() => reset.run(String(record.id))}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
