/**
 * The 'Nouveau message' form (spec 001 §2 Messaging, §4 recipient type, §5 rules, §8 messages; §7
 * notification/contactClients): recipient type Tous les clients (default) / Un client / Les clients d'un départ —
 * changing it clears the selection —, a searchable client (name, first names, phone) or departure (reference)
 * selection, the channel (each client's choice, SMS or e-mail; docs/decisions/sms-channel.md), subject (required, ≤ 30)
 * and message (required); before sending, the SMS parts the text makes (common/sms.ts smsSize, the count the server
 * sends) and the recipients per channel (notification/contactClients with `apercu`). While sending, the dialog 'Chargement... Veuillez
 * patienter'; then the server's message (how many e-mails are queued, how many clients have no e-mail), or the
 * server's refusal, else 'Erreur lors de l'envoi du message. Veuillez réessayer.'. Shown only with key addMessage.
 * The fields are checked with the route's schema (common/schemas/message.ts contactClientsBody).
 */
import { useEffect, useState } from 'react';
import { Alert, Card, CardContent, CircularProgress, Dialog, DialogContent, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import {
  AutocompleteInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
  type DataProvider,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { HttpError } from '../providers/httpError';
import { contactClientsBody } from '../../common/schemas/message';
import { formatDateFr } from '../kit/formatDate';
import { formResolver } from '../kit/formResolver';
import { useWrite } from '../kit/useWrite';
import { CANAUX_ENVOI, type CanalEnvoi } from '../../common/canal';
import { smsSize } from '../../common/sms';
import { TYPES_DESTINATAIRE, type ContactClientsResult, type TypeDestinataire, type MessagerieMethods } from './messagerieMethods';

const f = 'resources.messagerie';

/** The form's rules: the route's body (subject required, ≤ 30; message required; a selection for individuel and depart). */
const resolver = formResolver(contactClientsBody);

/** How a client reads in the selection: name, first names and phone. */
export const clientLabel = (r: RaRecord | undefined) =>
  r ? [`${r.nom ?? ''} ${r.prenoms ?? ''}`.trim(), r.telephoneComplet ?? r.telephone].filter(Boolean).join(' — ') : '';

/** How a departure reads in the selection (spec 001 §3): reference, departure date, sending mode code, destination. */
export const departLabel = (r: RaRecord | undefined) =>
  r
    ? [r.reference, r.dateDebut ? formatDateFr(r.dateDebut) : null, r.modeEnvoiID?.code, r.paysID?.libelle].filter(Boolean).join(' — ')
    : '';

/** The recipient type, clearing the selection when it changes (spec 001 §4). */
const TypeInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  return (
    <RadioButtonGroupInput
      source="typeDestinataire"
      label={`${f}.fields.typeDestinataire`}
      choices={TYPES_DESTINATAIRE.map((id) => ({ id, name: translate(`${f}.type.${id}`) }))}
      onChange={() => setValue('destinataires', null)}
      isRequired
    />
  );
};

/** The searchable client or departure selection, by recipient type ('tous': none). */
const RecipientInput = () => {
  const type = useWatch({ name: 'typeDestinataire' }) as TypeDestinataire;
  if (type === 'individuel') {
    return (
      <ReferenceInput key="clients" source="destinataires" reference="clients" sort={{ field: 'nom', order: 'ASC' }} perPage={25}>
        <AutocompleteInput
          label={`${f}.select.client`}
          helperText={`${f}.select.client_help`}
          optionText={clientLabel}
          filterToQuery={(q: string) => ({ q })}
          isRequired
          sx={{ minWidth: { sm: 420 }, maxWidth: '100%' }}
        />
      </ReferenceInput>
    );
  }
  if (type === 'depart') {
    return (
      <ReferenceInput key="depart" source="destinataires" reference="depart" sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
        <AutocompleteInput
          label={`${f}.select.depart`}
          helperText={`${f}.select.depart_help`}
          optionText={departLabel}
          filterToQuery={(q: string) => ({ q })}
          isRequired
          sx={{ minWidth: { sm: 420 }, maxWidth: '100%' }}
        />
      </ReferenceInput>
    );
  }
  return null;
};

/** The channel: each client's choice (default), SMS, or e-mail. */
const CanalInput = () => {
  const translate = useTranslate();
  return (
    <RadioButtonGroupInput
      source="canal"
      label={`${f}.fields.canal`}
      choices={CANAUX_ENVOI.map((id) => ({ id, name: translate(`${f}.canal.${id}`) }))}
      isRequired
    />
  );
};

/**
 * Before sending: the SMS size of the text (characters, parts, encoding) and, once the recipients are chosen, how many
 * get an SMS, an e-mail, or nothing (the server's count, asked 400 ms after the last change).
 */
const SendPreview = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & MessagerieMethods>();
  const [typeDestinataire, destinataires, canal, message] = useWatch({
    name: ['typeDestinataire', 'destinataires', 'canal', 'message'],
  }) as [TypeDestinataire, string | null, CanalEnvoi, string];
  const [counts, setCounts] = useState<ContactClientsResult | null>(null);
  const ready = typeDestinataire === 'tous' || !!destinataires;
  useEffect(() => {
    if (!ready) {
      setCounts(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      dataProvider
        .contactClients({
          typeDestinataire,
          destinataires: typeDestinataire === 'tous' ? 'tous' : String(destinataires),
          sujet: 'apercu',
          message: message?.trim() ? message : '.',
          canal,
          apercu: true,
        })
        .then((r) => live && setCounts(r))
        .catch(() => live && setCounts(null));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The text changes only the parts count, computed here: the recipients are asked again only when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataProvider, ready, typeDestinataire, destinataires, canal]);
  const size = smsSize(message ?? '');
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 800 }} data-testid="message-apercu">
      {canal !== 'email' && (
        <div>
          {translate(`${f}.apercu.sms`, {
            units: size.units,
            smart_count: size.parts,
            encodage: translate(`${f}.apercu.${size.encoding}`),
          })}
        </div>
      )}
      {counts ? (
        <div>
          {translate(`${f}.apercu.destinataires`, {
            sms: counts.smsEnFile ?? 0,
            emails: counts.emailsEnFile ?? 0,
            injoignables: counts.injoignables ?? 0,
          })}
        </div>
      ) : (
        <div>{translate(`${f}.apercu.choisir`)}</div>
      )}
    </Alert>
  );
};

/** The form card (no props). */
export const MessageCreate = () => {
  const dataProvider = useDataProvider<DataProvider & MessagerieMethods>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  // A new key empties the form after a message is sent.
  const [formKey, setFormKey] = useState(0);
  // Sent once however fast 'Envoyer' is clicked (src/kit/useWrite.ts).
  const send = useWrite({
    mutationFn: (body: Parameters<MessagerieMethods['contactClients']>[0]) => dataProvider.contactClients(body),
    onSuccess: (result) => {
      notify(result.message ?? translate(`${f}.page.create`), { type: 'success', autoHideDuration: 8000 });
      setFormKey((k) => k + 1);
      refresh();
    },
    onError: (error) => {
      const serverMessage = error instanceof HttpError ? (error.body as { message?: string } | undefined)?.message : undefined;
      notify(serverMessage || translate(`${f}.notifications.error`), { type: 'error' });
    },
  });

  const onSubmit = (values: Record<string, unknown>) => {
    const type = values.typeDestinataire as TypeDestinataire;
    return send.run({
      typeDestinataire: type,
      destinataires: type === 'tous' ? 'tous' : String(values.destinataires ?? ''),
      sujet: String(values.sujet ?? ''),
      message: String(values.message ?? ''),
      canal: (values.canal as CanalEnvoi) ?? 'auto',
    });
  };

  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">
          {translate(`${f}.page.create`)}
        </Typography>
      </CardContent>
      <SimpleForm
        key={formKey}
        onSubmit={onSubmit}
        resolver={resolver}
        defaultValues={{ typeDestinataire: 'tous', destinataires: null, canal: 'auto', sujet: '', message: '' }}
        toolbar={
          <Toolbar>
            <SaveButton label={`${f}.action.send`} icon={<SendIcon />} alwaysEnable={!send.pending} disabled={send.pending} />
          </Toolbar>
        }
      >
        <TypeInput />
        <RecipientInput />
        <TextInput source="sujet" label={`${f}.fields.sujet`} isRequired sx={{ minWidth: { sm: 420 }, maxWidth: '100%' }} />
        <CanalInput />
        <TextInput source="message" label={`${f}.fields.message`} multiline minRows={5} isRequired fullWidth />
        <SendPreview />
      </SimpleForm>
      <Dialog open={send.pending} aria-labelledby="messagerie-loading">
        <DialogContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={28} />
          <Typography id="messagerie-loading">{translate(`${f}.notifications.loading`)}</Typography>
        </DialogContent>
      </Dialog>
    </Card>
  );
};
